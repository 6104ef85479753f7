import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNoticeProvider, type FakeNoticeProvider } from '../../../test/fake-notice-provider';
import { LogProvider, Msg91Provider, WhatsAppProvider, type OutgoingNotice } from './notice-providers';

/** The adapters build their provider's request and classify its answer; the fake provider is a real local HTTP server. */
let provider: FakeNoticeProvider;
beforeAll(async () => {
  provider = await startFakeNoticeProvider();
});
afterAll(async () => {
  await provider.close();
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const notice = (overrides: Partial<OutgoingNotice> = {}): OutgoingNotice => ({
  idempotencyKey: 'key-1',
  channel: 'sms',
  to: '919845011111',
  language: 'hi',
  milestone: 'declined',
  text: 'text',
  values: { ngo: 'Green Paws Trust', code: 'K7M2QX9P', link: `https://rescue.example.org/t/${TOKEN}`, reason: 'Taken to a vet' },
  ...overrides,
});
const TEMPLATES = Object.fromEntries(['received', 'accepted', 'declined', 'pickedUp', 'operated', 'released', 'died'].map((m) => [m, { en: `${m}-en`, hi: `${m}-hi` }]));
const lastRequest = () => provider.requests.at(-1)!;

describe('notice provider adapters', () => {
  it("sends MSG91's flow request: the milestone's template in the reporter's language, its variables, the auth key", async () => {
    const msg91 = new Msg91Provider({ kind: 'msg91', url: provider.url, authKey: 'the-auth-key', templates: TEMPLATES }, 5_000);
    expect(await msg91.send(notice())).toEqual({ outcome: 'sent', providerId: null });
    expect(lastRequest().headers.authkey).toBe('the-auth-key');
    expect(lastRequest().body).toEqual({
      template_id: 'declined-hi',
      short_url: '0',
      recipients: [{ mobiles: '919845011111', var1: 'Green Paws Trust', var2: 'K7M2QX9P', var3: `https://rescue.example.org/t/${TOKEN}`, var4: 'Taken to a vet' }],
    });
  });

  it("sends a WhatsApp Cloud API template message to the phone number's messages endpoint, with the bearer token", async () => {
    const whatsapp = new WhatsAppProvider({ kind: 'whatsapp', url: provider.url.replace(/\/notices$/, ''), accessToken: 'the-token', phoneNumberId: '1234567890', templatePrefix: 'rescuedesk_' }, 5_000);
    expect(await whatsapp.send(notice({ channel: 'whatsapp', milestone: 'pickedUp', language: 'en', values: { ...notice().values, reason: '' } }))).toEqual({ outcome: 'sent', providerId: null });
    expect(lastRequest().path).toBe('/1234567890/messages');
    expect(lastRequest().headers.authorization).toBe('Bearer the-token');
    expect(lastRequest().body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845011111',
      type: 'template',
      template: {
        name: 'rescuedesk_picked_up',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: ['Green Paws Trust', 'K7M2QX9P', `https://rescue.example.org/t/${TOKEN}`].map((text) => ({ type: 'text', text })) }],
      },
    });
  });

  it('retries a 429 or a 503 and gives up a 400, and retries when the provider cannot be reached', async () => {
    const msg91 = new Msg91Provider({ kind: 'msg91', url: provider.url, authKey: 'k', templates: TEMPLATES }, 5_000);
    provider.failNext(TOKEN, 429, 503, 400);
    expect(await msg91.send(notice())).toEqual({ outcome: 'retry', error: 'provider answered 429' });
    expect(await msg91.send(notice())).toEqual({ outcome: 'retry', error: 'provider answered 503' });
    expect(await msg91.send(notice())).toEqual({ outcome: 'giveUp', error: 'provider refused with 400' });
    const closed = new Msg91Provider({ kind: 'msg91', url: 'http://127.0.0.1:9/flow', authKey: 'k', templates: TEMPLATES }, 5_000);
    expect(await closed.send(notice())).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/^could not reach the provider/) });
  });

  it('writes the log provider\'s line to its file with the phone masked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-notices-'));
    try {
      const file = path.join(dir, 'notices', 'notices.log');
      expect(await new LogProvider(file).send(notice({ text: 'Green Paws Trust received your report' }))).toEqual({ outcome: 'sent', providerId: 'key-1' });
      const line = JSON.parse(fs.readFileSync(file, 'utf8').trim());
      expect(line).toMatchObject({ id: 'key-1', to: '91xxxxxxx111', milestone: 'declined', text: 'Green Paws Trust received your report' });
      expect(fs.readFileSync(file, 'utf8')).not.toContain('9845011111');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
