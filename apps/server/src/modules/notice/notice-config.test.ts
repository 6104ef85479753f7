import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The notice settings are checked once at start, each refusal naming the setting and what it needs. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('notice settings', () => {
  it('writes notices to a file under DATA_DIR by default, and runs the worker outside tests', () => {
    const config = loadConfig({ DATA_DIR: '/srv/rd' });
    expect(config.notices.sms).toEqual({ kind: 'log', file: '/srv/rd/notices/notices.log' });
    expect(config.notices.whatsapp).toEqual({ kind: 'log', file: '/srv/rd/notices/notices.log' });
    expect(config.notices.worker).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).notices.worker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', NOTICE_WORKER: 'true' }).notices.worker).toBe(true);
  });

  it('names every setting a chosen provider still needs', () => {
    expect(problems({ NOTICE_SMS_PROVIDER: 'webhook' })).toEqual([
      'NOTICE_WEBHOOK_URL is required when a notice provider is webhook',
      'NOTICE_WEBHOOK_SECRET is required when a notice provider is webhook: at least 32 random characters, shared with the receiver',
      'NOTICE_PUBLIC_URL is required when notices are sent: the https:// address citizens open the app at',
    ]);
    expect(problems({ NOTICE_SMS_PROVIDER: 'msg91', NOTICE_PUBLIC_URL: 'https://rescue.example.org', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATES: '{"received":{"en":"1","hi":"2"}}' })).toEqual([
      expect.stringMatching(/^MSG91_TEMPLATES is required when NOTICE_SMS_PROVIDER is msg91: JSON naming the MSG91 template/),
    ]);
    expect(problems({ NOTICE_WHATSAPP_PROVIDER: 'whatsapp', NOTICE_PUBLIC_URL: 'https://rescue.example.org', WHATSAPP_PHONE_NUMBER_ID: 'abc' })).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID must be the number id Meta shows for the sending phone',
      'WHATSAPP_ACCESS_TOKEN is required when NOTICE_WHATSAPP_PROVIDER is whatsapp',
    ]);
    expect(problems({ NOTICE_SMS_PROVIDER: 'whatsapp' })).toEqual(['NOTICE_SMS_PROVIDER must be log, webhook or msg91']);
    expect(problems({ WHATSAPP_APP_SECRET: 'secret' })).toEqual(['WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET must be set together (or neither): they receive WhatsApp replies']);
  });

  it('takes a complete MSG91 set-up, one template per milestone and language', () => {
    const templates = Object.fromEntries(['received', 'accepted', 'declined', 'pickedUp', 'operated', 'released', 'died'].map((m) => [m, { en: `${m}-en`, hi: `${m}-hi` }]));
    const config = loadConfig({ NOTICE_SMS_PROVIDER: 'msg91', NOTICE_PUBLIC_URL: 'https://rescue.example.org', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATES: JSON.stringify(templates) });
    expect(config.notices.sms).toMatchObject({ kind: 'msg91', url: 'https://control.msg91.com/api/v5/flow', authKey: 'k', templates });
    expect(config.notices.publicUrl).toBe('https://rescue.example.org');
  });
});
