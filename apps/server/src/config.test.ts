import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const TOTP_KEY = Buffer.alloc(32, 7).toString('base64');
const OLD_TOTP_KEY = Buffer.alloc(32, 9).toString('base64');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', cookieSecure: false, uploadMaxBytes: 15 * 1024 * 1024, databaseUrl: undefined });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('refuses an invalid port with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it('reads COOKIE_SECURE and refuses a value that is not a boolean', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });

  it('refuses to start in production with a weak first-Admin password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' })).toThrow(/too weak/);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Tr1cky-Strong-Pass', ALTCHA_HMAC_KEY: 'k'.repeat(32), TOTP_ENCRYPTION_KEY: TOTP_KEY }).admin.password).toBe('Tr1cky-Strong-Pass');
  });

  it('refuses to start in production without its own key for the public page\'s proof of work', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALTCHA_HMAC_KEY is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'short' })).toThrow(/ALTCHA_HMAC_KEY must be at least 32 characters/);
    expect(loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'k'.repeat(32), TOTP_ENCRYPTION_KEY: TOTP_KEY }).altcha.hmacKey).toBe('k'.repeat(32));
    expect(loadConfig({}).altcha.hmacKey.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses to start in production without its own key for the two-factor secrets, and reads the old keys of a rotation', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'k'.repeat(32) })).toThrow(/TOTP_ENCRYPTION_KEY is required in production/);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 random bytes in base64/);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: TOTP_KEY, TOTP_ENCRYPTION_OLD_KEYS: `${TOTP_KEY},short` })).toThrow(/TOTP_ENCRYPTION_OLD_KEYS must be keys separated by commas/);
    const rotating = loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'k'.repeat(32), TOTP_ENCRYPTION_KEY: TOTP_KEY, TOTP_ENCRYPTION_OLD_KEYS: ` ${OLD_TOTP_KEY} ` });
    expect(rotating.totp.key.equals(Buffer.from(TOTP_KEY, 'base64'))).toBe(true);
    expect(rotating.totp.oldKeys.map((k) => k.toString('base64'))).toEqual([OLD_TOTP_KEY]);
    // Development starts with nothing set: a fixed key anyone can read, refused in production.
    expect(loadConfig({}).totp).toEqual({ key: expect.any(Buffer), oldKeys: [] });
    expect(loadConfig({}).totp.key).toHaveLength(32);
  });

  it('keeps images on the disk unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/rd' }).imageStorage).toEqual({ kind: 'disk', dir: '/srv/rd/images' });
    expect(loadConfig({ S3_BUCKET: 'rd-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }).imageStorage).toEqual({
      kind: 's3',
      bucket: 'rd-images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'rd-images' }).imageStorage).toMatchObject({ endpoint: undefined, credentials: undefined, forcePathStyle: false });
  });

  it('refuses S3 settings that cannot work, naming the variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'rd-images', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ S3_BUCKET: 'rd-images', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY and S3_ACCESS_KEY_ID must be set together/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is required/);
  });

  it('runs one process on SQLite and one per core on PostgreSQL unless WORKERS says otherwise', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/rd' }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be at least 1/);
  });
});
