import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CLOCK_SKEW_MINUTES, isTimeZone } from '@rescuedesk/shared';
import { z } from 'zod';

/** Empty environment values count as unset, so `PORT=` behaves like no PORT at all. */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const booleanFlag = z.preprocess(
  unsetIfEmpty,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const MB = 1024 * 1024;
/** Known to everyone who reads this file: refused in production (ALTCHA_HMAC_KEY). */
const DEV_ALTCHA_HMAC_KEY = 'rescuedesk-development-altcha-key-not-secret';

const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess(unsetIfEmpty, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(unsetIfEmpty, z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
    DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    ADMIN_USERNAME: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._-]{3,50}$/, 'must be 3 to 50 letters, digits, dots, dashes or underscores')
        .optional(),
    ),
    ADMIN_EMAIL: z.preprocess(unsetIfEmpty, z.email('must be an email address').optional()),
    ADMIN_PASSWORD: z.preprocess(unsetIfEmpty, z.string().trim().min(6, 'must be at least 6 characters').max(128).optional()),
    COOKIE_SECURE: booleanFlag,
    TRUST_PROXY: booleanFlag,
    UPLOAD_MAX_BYTES: z.preprocess(
      unsetIfEmpty,
      z.coerce.number({ error: 'must be a number of bytes' }).int().min(1024, 'must be at least 1024').default(15 * MB),
    ),
    LOG_LEVEL: z.preprocess(
      unsetIfEmpty,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    WORKERS: z.preprocess(unsetIfEmpty, z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(64, 'must be at most 64').optional()),
    // The NGOs' calendar: a case's dates are its days (docs/product.md#dates-of-a-case).
    TIME_ZONE: z.preprocess(unsetIfEmpty, z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata').default('Asia/Kolkata')),
    CLOCK_SKEW_MINUTES: z.preprocess(
      unsetIfEmpty,
      z.coerce.number({ error: 'must be a number of minutes' }).int('must be a whole number of minutes').min(0, 'must be 0 or more').max(1440, 'must be at most 1440 (a day)').default(DEFAULT_CLOCK_SKEW_MINUTES),
    ),
    SEARCH_THREADS: z.preprocess(unsetIfEmpty, z.coerce.number({ error: 'must be a number' }).int().min(0, 'must be 0 or more').max(64, 'must be at most 64').optional()),
    // Object storage for images (docs/decisions/010). S3_BUCKET switches it on; without it images stay in DATA_DIR.
    S3_BUCKET: z.preprocess(unsetIfEmpty, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes').optional()),
    S3_ENDPOINT: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: z.preprocess(unsetIfEmpty, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
    S3_FORCE_PATH_STYLE: booleanFlag,
    // The public report page's proof of work (docs/citizen-reports.md): the key that signs its challenges.
    ALTCHA_HMAC_KEY: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
  })
  .superRefine((env, ctx) => {
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'and S3_ACCESS_KEY_ID must be set together (or neither, to use the SDK\'s own credentials)' });
    }
    if (env.S3_BUCKET === undefined && (env.S3_ENDPOINT !== undefined || env.S3_ACCESS_KEY_ID !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when other S3_ settings are given' });
    }
    // Anyone who knows the signing key can make challenges that need no work: production needs its own.
    if (env.NODE_ENV === 'production' && env.ALTCHA_HMAC_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ALTCHA_HMAC_KEY'], message: 'is required in production: at least 32 random characters (the development default is public)' });
    }
    // A production server must not start with a first-Admin password that a guess could find.
    if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD !== undefined && !isStrongPassword(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is too weak for production: use at least 12 characters mixing letters, digits and symbols',
      });
    }
  });

function isStrongPassword(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return password.length >= 12 && classes >= 3;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string | undefined; email: string | undefined; password: string | undefined };
  cookieSecure: boolean;
  trustProxy: boolean;
  uploadMaxBytes: number;
  logLevel: string;
  /** Where the built web app lives; the server serves it when it exists. */
  webDistDir: string;
  /** Where images are kept: DATA_DIR/images on this machine, or an S3-compatible bucket. */
  imageStorage: ImageStorageConfig;
  /** How many server processes serve the port (node:cluster); 1 runs the server in this process. */
  workers: number;
  /** The NGOs' time zone (IANA): a case's dates are days of its calendar, and "today" is its today. */
  timeZone: string;
  /** How far ahead of the server's clock a phone's may run: an event stamped up to this many minutes ahead is not in the future. */
  clockSkewMinutes: number;
  /** SQLite: threads of each server process that read searches' word index (docs/decisions/019); 0: the server's thread reads. */
  searchThreads: number;
  /** The public report page's proof-of-work challenge: its signing key, and the work asked (PBKDF2 rounds times tries). */
  altcha: { hmacKey: string; cost: number; maxCounter: number };
}

export type ImageStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS S3 itself. Set for MinIO, Cloudflare R2, Ceph and other S3-compatible stores. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID and friends, a profile, an instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the environment once. Nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    webDistDir: WEB_DIST_DIR,
    imageStorage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk', dir: path.join(dataDir, 'images') },
    timeZone: e.TIME_ZONE,
    clockSkewMinutes: e.CLOCK_SKEW_MINUTES,
    // SQLite has one writer per file: more processes add lock waits, not throughput. PostgreSQL
    // takes one process per core.
    workers: e.WORKERS ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    // A new search's word index on the other cores, while the server's thread answers the rest.
    searchThreads: e.SEARCH_THREADS ?? os.availableParallelism(),
    // About a second on a cheap phone; tests ask for next to nothing.
    altcha: { hmacKey: e.ALTCHA_HMAC_KEY ?? DEV_ALTCHA_HMAC_KEY, cost: e.NODE_ENV === 'test' ? 1 : 1000, maxCounter: e.NODE_ENV === 'test' ? 20 : 3000 },
  };
}
