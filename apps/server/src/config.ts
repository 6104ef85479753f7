import { createHash } from 'node:crypto';
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
/** Known to everyone who reads this file: refused in production (TOTP_ENCRYPTION_KEY). Derived, so development starts with nothing set. */
const DEV_TOTP_ENCRYPTION_KEY = createHash('sha256').update('rescuedesk-development-totp-key-not-secret').digest();
const TOTP_KEY_MESSAGE = 'must be 32 random bytes in base64 (openssl rand -base64 32)';
/** An AES-256 key written in base64: exactly 32 bytes. */
const isAes256Key = (text: string) => /^[A-Za-z0-9+/]{43}=$/.test(text.trim()) && Buffer.from(text.trim(), 'base64').length === 32;
/** OpenStreetMap's standard tiles: fine for a small NGO within OSM's tile usage policy (docs/deploy.md#map-tiles). */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A notice's milestones, for MSG91_TEMPLATES (the same list as the shared NOTICE_MILESTONES). */
const NOTICE_TEMPLATE_MILESTONES = ['received', 'accepted', 'declined', 'pickedUp', 'operated', 'released', 'died'] as const;
const Msg91TemplatesSchema = z.record(z.enum(NOTICE_TEMPLATE_MILESTONES), z.object({ en: z.string().min(1), hi: z.string().min(1) }));

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
    // Seals two-factor sign-in's TOTP secrets in the database (docs/security.md#two-factor-sign-in); old keys only open, for rotation.
    TOTP_ENCRYPTION_KEY: z.preprocess(unsetIfEmpty, z.string().refine(isAes256Key, TOTP_KEY_MESSAGE).optional()),
    TOTP_ENCRYPTION_OLD_KEYS: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .refine((text) => text.split(',').every(isAes256Key), `must be keys separated by commas, each ${TOTP_KEY_MESSAGE}`)
        .optional(),
    ),
    // The map's tiles (docs/deploy.md#map-tiles): an http(s) URL with {z}, {x} and {y}, and the credit its terms ask for.
    MAP_TILE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'must be an http:// or https:// URL')
        .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}')
        .default(DEFAULT_MAP_TILE_URL),
    ),
    MAP_TILE_ATTRIBUTION: z.preprocess(unsetIfEmpty, z.string().trim().min(1).max(500).default(DEFAULT_MAP_TILE_ATTRIBUTION)),
    // Notices to citizen reporters (docs/citizen-reports.md#notices): a provider for each channel.
    NOTICE_SMS_PROVIDER: z.preprocess(unsetIfEmpty, z.enum(['log', 'webhook', 'msg91'], { error: 'must be log, webhook or msg91' }).default('log')),
    NOTICE_WHATSAPP_PROVIDER: z.preprocess(unsetIfEmpty, z.enum(['log', 'webhook', 'whatsapp'], { error: 'must be log, webhook or whatsapp' }).default('log')),
    NOTICE_PUBLIC_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be the http:// or https:// address citizens open the app at' }).optional()),
    NOTICE_LINK_KEY: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
    NOTICE_WEBHOOK_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    NOTICE_WEBHOOK_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
    NOTICE_INBOUND_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
    NOTICE_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(500, 'must be at least 500').max(60_000, 'must be at most 60000').default(10_000)),
    NOTICE_WORKER: z.preprocess(unsetIfEmpty, z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
    MSG91_AUTH_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
    MSG91_API_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://control.msg91.com/api/v5/flow')),
    MSG91_TEMPLATES: z.preprocess(unsetIfEmpty, z.string().optional()),
    WHATSAPP_ACCESS_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(unsetIfEmpty, z.string().regex(/^\d+$/, 'must be the number id Meta shows for the sending phone').optional()),
    WHATSAPP_API_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://graph.facebook.com/v21.0')),
    WHATSAPP_TEMPLATE_PREFIX: z.preprocess(unsetIfEmpty, z.string().regex(/^[a-z0-9_]*$/, 'must be lower-case letters, digits or underscores').default('rescuedesk_')),
    // WhatsApp's own webhook of replies (a STOP ends notices): the app's secret signs it, the verify token answers its subscription check.
    WHATSAPP_APP_SECRET: z.preprocess(unsetIfEmpty, z.string().optional()),
    WHATSAPP_VERIFY_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'must be at least 16 characters').optional()),
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
    // Admins and Founders always use two-factor sign-in, so a production database always holds secrets to seal.
    if (env.NODE_ENV === 'production' && env.TOTP_ENCRYPTION_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['TOTP_ENCRYPTION_KEY'], message: `is required in production: it seals the two-factor secrets and ${TOTP_KEY_MESSAGE} (the development key is public)` });
    }
    const webhook = env.NOTICE_SMS_PROVIDER === 'webhook' || env.NOTICE_WHATSAPP_PROVIDER === 'webhook';
    if (webhook && env.NOTICE_WEBHOOK_URL === undefined) ctx.addIssue({ code: 'custom', path: ['NOTICE_WEBHOOK_URL'], message: 'is required when a notice provider is webhook' });
    if (webhook && env.NOTICE_WEBHOOK_SECRET === undefined) ctx.addIssue({ code: 'custom', path: ['NOTICE_WEBHOOK_SECRET'], message: 'is required when a notice provider is webhook: at least 32 random characters, shared with the receiver' });
    if (env.NOTICE_SMS_PROVIDER === 'msg91') {
      if (env.MSG91_AUTH_KEY === undefined) ctx.addIssue({ code: 'custom', path: ['MSG91_AUTH_KEY'], message: 'is required when NOTICE_SMS_PROVIDER is msg91' });
      if (msg91TemplatesOf(env.MSG91_TEMPLATES) === undefined) {
        ctx.addIssue({ code: 'custom', path: ['MSG91_TEMPLATES'], message: `is required when NOTICE_SMS_PROVIDER is msg91: JSON naming the MSG91 template (mapped to its DLT template) for each of ${NOTICE_TEMPLATE_MILESTONES.join(', ')} in en and hi, e.g. {"received":{"en":"id","hi":"id"},...}` });
      }
    }
    if (env.NOTICE_WHATSAPP_PROVIDER === 'whatsapp') {
      if (env.WHATSAPP_ACCESS_TOKEN === undefined) ctx.addIssue({ code: 'custom', path: ['WHATSAPP_ACCESS_TOKEN'], message: 'is required when NOTICE_WHATSAPP_PROVIDER is whatsapp' });
      if (env.WHATSAPP_PHONE_NUMBER_ID === undefined) ctx.addIssue({ code: 'custom', path: ['WHATSAPP_PHONE_NUMBER_ID'], message: 'is required when NOTICE_WHATSAPP_PROVIDER is whatsapp' });
    }
    if ((env.WHATSAPP_APP_SECRET === undefined) !== (env.WHATSAPP_VERIFY_TOKEN === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_VERIFY_TOKEN'], message: 'and WHATSAPP_APP_SECRET must be set together (or neither): they receive WhatsApp replies' });
    }
    // A notice's link must open the tracking page on the app's real address.
    const sending = env.NOTICE_SMS_PROVIDER !== 'log' || env.NOTICE_WHATSAPP_PROVIDER !== 'log';
    if (sending && env.NOTICE_PUBLIC_URL === undefined) ctx.addIssue({ code: 'custom', path: ['NOTICE_PUBLIC_URL'], message: 'is required when notices are sent: the https:// address citizens open the app at' });
    // A production server must not start with a first-Admin password that a guess could find.
    if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD !== undefined && !isStrongPassword(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is too weak for production: use at least 12 characters mixing letters, digits and symbols',
      });
    }
  });

/** MSG91_TEMPLATES parsed: every milestone in both languages, or undefined. */
function msg91TemplatesOf(text: string | undefined): Record<(typeof NOTICE_TEMPLATE_MILESTONES)[number], { en: string; hi: string }> | undefined {
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = Msg91TemplatesSchema.safeParse(json);
  if (!parsed.success || NOTICE_TEMPLATE_MILESTONES.some((m) => parsed.data[m] === undefined)) return undefined;
  return parsed.data as Record<(typeof NOTICE_TEMPLATE_MILESTONES)[number], { en: string; hi: string }>;
}

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
  /** Two-factor secrets are sealed with `key`; `oldKeys` only open what they sealed, which is resealed at start. */
  totp: { key: Buffer; oldKeys: Buffer[] };
  /** The map's tile source ({z}/{x}/{y} URL, {s} for a subdomain) and its attribution (HTML, shown on the map). */
  map: { tileUrl: string; tileAttribution: string };
  /** Notices to citizen reporters (docs/citizen-reports.md#notices). */
  notices: NoticesConfig;
}

export type NoticeProviderConfig =
  | { kind: 'log'; file: string }
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'msg91'; url: string; authKey: string; templates: Record<string, { en: string; hi: string }> }
  | { kind: 'whatsapp'; url: string; accessToken: string; phoneNumberId: string; templatePrefix: string };

export interface NoticesConfig {
  sms: NoticeProviderConfig;
  whatsapp: NoticeProviderConfig;
  /** The address the notices' tracking links start with. */
  publicUrl: string;
  /** Seals each report's tracking token for its notices (the database keeps only the token's hash otherwise). */
  linkKey: string;
  /** Signs a provider's inbound replies (STOP); unset: the inbound route answers 404. */
  inboundSecret: string | undefined;
  /** WhatsApp's webhook of replies: the app secret that signs it and the token of its subscription check; unset: its route answers 404. */
  whatsappInbound: { appSecret: string; verifyToken: string } | undefined;
  /** Whether this process sends queued notices (off in tests, which run the worker themselves). */
  worker: boolean;
  timeoutMs: number;
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
    map: { tileUrl: e.MAP_TILE_URL, tileAttribution: e.MAP_TILE_ATTRIBUTION },
    totp: {
      key: e.TOTP_ENCRYPTION_KEY ? Buffer.from(e.TOTP_ENCRYPTION_KEY.trim(), 'base64') : DEV_TOTP_ENCRYPTION_KEY,
      oldKeys: e.TOTP_ENCRYPTION_OLD_KEYS ? e.TOTP_ENCRYPTION_OLD_KEYS.split(',').map((key) => Buffer.from(key.trim(), 'base64')) : [],
    },
    notices: noticesConfigOf(e, dataDir),
  };
}

function noticesConfigOf(e: z.infer<typeof EnvSchema>, dataDir: string): NoticesConfig {
  const provider = (kind: 'log' | 'webhook' | 'msg91' | 'whatsapp'): NoticeProviderConfig => {
    switch (kind) {
      case 'log':
        return { kind, file: path.join(dataDir, 'notices', 'notices.log') };
      case 'webhook':
        return { kind, url: e.NOTICE_WEBHOOK_URL!, secret: e.NOTICE_WEBHOOK_SECRET! };
      case 'msg91':
        return { kind, url: e.MSG91_API_URL, authKey: e.MSG91_AUTH_KEY!, templates: msg91TemplatesOf(e.MSG91_TEMPLATES)! };
      case 'whatsapp':
        return { kind, url: e.WHATSAPP_API_URL, accessToken: e.WHATSAPP_ACCESS_TOKEN!, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!, templatePrefix: e.WHATSAPP_TEMPLATE_PREFIX };
    }
  };
  return {
    sms: provider(e.NOTICE_SMS_PROVIDER),
    whatsapp: provider(e.NOTICE_WHATSAPP_PROVIDER),
    publicUrl: e.NOTICE_PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    // Without a key of its own, one derived from the proof-of-work key (required in production) seals the links.
    linkKey: e.NOTICE_LINK_KEY ?? `notice-link:${e.ALTCHA_HMAC_KEY ?? DEV_ALTCHA_HMAC_KEY}`,
    inboundSecret: e.NOTICE_INBOUND_SECRET,
    whatsappInbound: e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN ? { appSecret: e.WHATSAPP_APP_SECRET, verifyToken: e.WHATSAPP_VERIFY_TOKEN } : undefined,
    worker: e.NOTICE_WORKER === undefined ? e.NODE_ENV !== 'test' : e.NOTICE_WORKER === 'true',
    timeoutMs: e.NOTICE_TIMEOUT_MS,
  };
}
