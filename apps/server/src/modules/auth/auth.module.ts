import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { AccountService } from '../user/account.service';
import { UserRepository } from '../user/user.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { RateCounterRepository } from './rate-counter.repository';
import { registerSessionGuard } from './session.guard';
import { SessionRepository } from './session.repository';
import { TotpSecretBox } from './totp-secret-box';
import { TwoFactorRepository } from './two-factor.repository';
import { twoFactorRoutes } from './two-factor.routes';
import { TwoFactorService } from './two-factor.service';

const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sign-in, sessions and the signed-in user's own account. Installs the session guard, so it is
 * registered before every other module; expired sessions are swept at start and then hourly.
 */
export function registerAuth(app: FastifyInstance, { db, config }: ModuleDeps): void {
  // Attempt counts live in the database, so every server instance counts the same ones.
  const counters = new RateCounterRepository(db);
  const throttle = new LoginThrottle(counters);
  const twoFactor = new TwoFactorService(
    new UnitOfWork(db, (d) => ({ twoFactor: new TwoFactorRepository(d), users: new UserRepository(d), sessions: new SessionRepository(d), audit: new AuditRepository(d) })),
    counters,
    new TotpSecretBox(config.totp.key, config.totp.oldKeys),
  );
  const twoFactorRepository = new TwoFactorRepository(db);
  const auth = new AuthService(new UnitOfWork(db, (d) => ({ users: new UserRepository(d), sessions: new SessionRepository(d), audit: new AuditRepository(d) })), throttle, twoFactor, (err) =>
    app.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'could not record session use'),
  );
  const account = new AccountService(
    new UnitOfWork(db, (d) => ({ users: new UserRepository(d), sessions: new SessionRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  registerSessionGuard(app, auth, { clockSkewMinutes: config.clockSkewMinutes });
  authRoutes(app, { auth, account, cookieSecure: config.cookieSecure });
  twoFactorRoutes(app, twoFactor);

  // The sweeps are single deletes of what has expired: several instances running them is harmless.
  const sweepExpired = async () => {
    await auth.sweepExpiredSessions();
    await throttle.sweep();
    await twoFactorRepository.deleteExpiredChallenges(new Date().toISOString());
  };
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // A key that opens no stored secret stops the start here, with the key's id in the message.
    const resealed = await twoFactor.resealSecrets();
    if (resealed > 0) app.log.info({ event: 'twoFactor.resealed', count: resealed }, 'two-factor secrets sealed with the current key');
    await sweepExpired();
    sweep = setInterval(() => void sweepExpired().catch((err) => app.log.error({ err }, 'session sweep failed')), SESSION_SWEEP_INTERVAL_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
