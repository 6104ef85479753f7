import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { wallClockAt } from '@rescuedesk/shared';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING } from '../../../test/cases';
import { startFakeNoticeProvider, type FakeNoticeProvider } from '../../../test/fake-notice-provider';
import { multipartBody } from '../../../test/multipart';
import { openNoticeWorkerInstance } from '../../../test/notice-worker-instance';
import { signNotice, verifyNoticeSignature } from './notice-signature';

/** Notices to citizen reporters (docs/citizen-reports.md#notices), sent to a fake provider: a real local HTTP server. */
const WEBHOOK_SECRET = 'a-test-webhook-secret-of-at-least-32-characters';
const INBOUND_SECRET = 'a-test-inbound-secret-of-at-least-32-characters';
const PUBLIC_URL = 'https://rescue.example.org';
const WHATSAPP_APP_SECRET = 'the-whatsapp-app-secret';
const WHATSAPP_VERIFY_TOKEN = 'the-whatsapp-verify-token';
let provider: FakeNoticeProvider;
beforeAll(async () => {
  provider = await startFakeNoticeProvider();
});
afterAll(async () => {
  await provider.close();
});
/** The app's (and the second instance's) settings: both channels to the fake provider, as the webhook provider. */
const NOTICE_ENV = () => ({
  NOTICE_SMS_PROVIDER: 'webhook',
  NOTICE_WHATSAPP_PROVIDER: 'webhook',
  NOTICE_WEBHOOK_URL: provider.url,
  NOTICE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  NOTICE_INBOUND_SECRET: INBOUND_SECRET,
  NOTICE_PUBLIC_URL: PUBLIC_URL,
  WHATSAPP_APP_SECRET: WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: WHATSAPP_VERIFY_TOKEN,
});
const ctx = useTwoNgoWorldOnce({ env: NOTICE_ENV });

const SLUG = 'notice-paws';
let opened = false;
let sent = 0;
const today = () => wallClockAt(Date.now(), 'Asia/Kolkata').date;

/** Sends a report from its own address and phone (the page's limits are per address and per phone). */
async function report(overrides: Record<string, string> = {}): Promise<{ token: string; code: string; id: number; phone: string }> {
  if (!opened) {
    const response = await ctx.world.inA.Founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, publicPageEnabled: true, publicSlug: SLUG });
    expect(response.statusCode, response.body).toBe(200);
    opened = true;
  }
  sent++;
  const phone = `98450 ${String(10000 + sent).padStart(5, '0')}`;
  const challenge = (await ctx.t.app.inject({ method: 'GET', url: `/api/public/page/${SLUG}/challenge` })).json() as Challenge;
  const altcha = Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64');
  const fields = { address: 'Near MG Road metro', pincode: '560001', animalType: 'Dog', condition: 'injured', reporterName: 'Meena Rao', reporterPhone: phone, consent: 'true', language: 'en', notices: 'sms', altcha, ...overrides };
  const { payload, headers } = multipartBody(fields, []);
  const response = await ctx.t.app.inject({ method: 'POST', url: `/api/public/page/${SLUG}/report`, payload, headers, remoteAddress: `198.51.100.${sent}` });
  expect(response.statusCode, response.body).toBe(200);
  const { trackingPath, code } = response.json().data;
  const row = await ctx.t.database.db.selectFrom('citizen_reports').select('id').where('code', '=', code).where('ngo_id', '=', ctx.world.a.id).executeTakeFirstOrThrow();
  return { token: trackingPath.slice(3), code, id: row.id, phone };
}

async function noticesOf(reportId: number) {
  return ctx.t.database.db.selectFrom('notices').selectAll().where('report_id', '=', reportId).orderBy('id').execute();
}

/** What the fake provider received for one report (the webhook body carries the tracking link). */
const requestsFor = (token: string) => provider.requests.filter((r) => String(r.body.link).endsWith(`/t/${token}`));

async function accept(reportId: number): Promise<number> {
  const accepted = await ctx.world.inA.Manager.post('/api/intake/acceptReport', { reportId, type: 'OPD' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json().data.caseId;
}

async function save(url: string, body: object) {
  const response = await ctx.world.inA.Manager.post(url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
}

async function intakeOf(reportId: number) {
  const list = await ctx.world.inA.Worker.post('/api/intake/getReports', { pageSize: 100 });
  return list.json().data.find((r: { id: number }) => r.id === reportId);
}

describe('notices to the reporter', () => {
  it('tells the reporter each milestone once, in their language, with the tracking link, signed', async () => {
    const { token, code, id } = await report({ language: 'hi' });
    const caseId = await accept(id);
    await save('/api/case/updateReportingDetail', { caseId, ...REPORTING, pickupDate: today() });
    // Saving the step again (another field) reaches no new milestone.
    await save('/api/case/updateReportingDetail', { caseId, landmark: 'Bus stop' });
    await save('/api/case/updateOperationDetail', { caseId, operationDate: today() });
    await save('/api/case/updatePostOperationDetail', { caseId, releaseDate: today() });
    await ctx.t.app.noticeWorker.runOnce();
    await ctx.t.app.noticeWorker.runOnce();

    const received = requestsFor(token);
    expect(received.map((r) => r.body.milestone)).toEqual(['received', 'accepted', 'pickedUp', 'operated', 'released']);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(5);
    for (const request of received) {
      expect(request.body).toMatchObject({ channel: 'sms', to: `91${(await ctx.t.database.db.selectFrom('citizen_reports').select('notice_phone').where('id', '=', id).executeTakeFirstOrThrow()).notice_phone}`, language: 'hi', link: `${PUBLIC_URL}/t/${token}` });
      expect(request.body.text).toContain(code);
      // The receiver can check who sent it: HMAC-SHA256 over the timestamp and the exact body.
      const headers = { signature: request.headers['x-rescuedesk-signature'] as string, timestamp: request.headers['x-rescuedesk-timestamp'] as string };
      expect(verifyNoticeSignature(WEBHOOK_SECRET, headers, request.raw)).toBe(true);
      expect(verifyNoticeSignature(WEBHOOK_SECRET, headers, request.raw.replace(code, 'XXXXXXXX'))).toBe(false);
    }
    expect(received[0]!.body.text).toBe(`Green Paws Trust को आपकी रिपोर्ट ${code} मिल गई है। स्थिति देखें: ${PUBLIC_URL}/t/${token} ये संदेश बंद करने के लिए STOP लिखकर भेजें।`);

    // Staff see which went and when, and no phone number with them.
    const shown = await intakeOf(id);
    expect(shown.notices.channel).toBe('sms');
    expect(shown.notices.list.map((n: { milestone: string; status: string }) => `${n.milestone}:${n.status}`)).toEqual(['received:sent', 'accepted:sent', 'pickedUp:sent', 'operated:sent', 'released:sent']);
    expect(shown.notices.list.every((n: { sentAt: string | null }) => n.sentAt !== null)).toBe(true);
    expect(JSON.stringify(shown.notices)).not.toMatch(/98450/);
  });

  it('tells a declined report its reason, and a case that ends in death', async () => {
    const declined = await report();
    const response = await ctx.world.inA.Manager.post('/api/intake/declineReport', { reportId: declined.id, reason: 'A neighbour took the dog to a vet.' });
    expect(response.statusCode, response.body).toBe(200);
    const died = await report({ notices: 'whatsapp' });
    const caseId = await accept(died.id);
    await save('/api/case/updatePostOperationDetail', { caseId, deathDate: today() });
    await ctx.t.app.noticeWorker.runOnce();

    const [, no] = requestsFor(declined.token);
    expect(no!.body).toMatchObject({ milestone: 'declined', language: 'en' });
    expect(no!.body.text).toBe(`Green Paws Trust cannot take your report ${declined.code}: A neighbour took the dog to a vet.. Details: ${PUBLIC_URL}/t/${declined.token} Reply STOP to end these messages.`);
    expect(requestsFor(died.token).map((r) => `${r.body.milestone}:${r.body.channel}`)).toEqual(['received:whatsapp', 'accepted:whatsapp', 'died:whatsapp']);
  });

  it('queues nothing for a reporter who did not ask for messages', async () => {
    const { id, token } = await report({ notices: 'none' });
    const caseId = await accept(id);
    await save('/api/case/updateReportingDetail', { caseId, ...REPORTING, pickupDate: today() });
    await ctx.t.app.noticeWorker.runOnce();
    expect(await noticesOf(id)).toEqual([]);
    expect(requestsFor(token)).toEqual([]);
    const tracked = await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${token}` });
    expect(tracked.json().data.noticesOn).toBe(false);
    expect((await intakeOf(id)).notices).toEqual({ channel: null, stoppedAt: null, list: [] });
  });

  it("ends a report's notices from the tracking page's link, and what was queued is not sent", async () => {
    const { id, token } = await report();
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${token}` })).json().data.noticesOn).toBe(true);
    const stopped = await ctx.t.app.inject({ method: 'POST', url: `/api/public/track/${token}/stopNotices` });
    expect(stopped.statusCode, stopped.body).toBe(200);
    await accept(id);
    await ctx.t.app.noticeWorker.runOnce();
    expect(requestsFor(token)).toEqual([]);
    expect((await noticesOf(id)).map((n) => `${n.milestone}:${n.status}`)).toEqual(['received:stopped']);
    const row = await ctx.t.database.db.selectFrom('citizen_reports').select(['notices_stopped_at', 'notices_stopped_via']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ notices_stopped_at: expect.any(String), notices_stopped_via: 'link' });
    // In the audit log, once, by the reporter (no staff actor); a second stop adds nothing.
    await ctx.t.app.inject({ method: 'POST', url: `/api/public/track/${token}/stopNotices` });
    const logged = await ctx.t.database.db.selectFrom('audit_log').select(['actor_id', 'fields']).where('entity', '=', 'citizenReport').where('entity_id', '=', String(id)).where('action', '=', 'stopNotices').execute();
    expect(logged).toEqual([{ actor_id: null, fields: expect.stringContaining('via:link') }]);
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${token}` })).json().data.noticesOn).toBe(false);
    expect((await intakeOf(id)).notices.stoppedAt).toBe(row.notices_stopped_at);
    const unknown = await ctx.t.app.inject({ method: 'POST', url: '/api/public/track/AAAAAAAAAAAAAAAAAAAAAA/stopNotices' });
    expect(unknown.statusCode).toBe(404);
  });

  it("ends notices when the provider forwards a signed STOP reply, and refuses an unsigned one", async () => {
    const { id, token, phone } = await report();
    const inbound = (body: string, signature?: string) => {
      const timestamp = Math.floor(Date.now() / 1000);
      return ctx.t.app.inject({
        method: 'POST',
        url: '/api/public/notices/inbound',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-rescuedesk-timestamp': String(timestamp), 'x-rescuedesk-signature': signature ?? signNotice(INBOUND_SECRET, timestamp, body) },
      });
    };
    const body = JSON.stringify({ from: `+91${phone.replace(/\D/g, '')}`, text: ' stop ' });
    const forged = await inbound(body, signNotice('another-secret-that-is-long-enough-0000', Math.floor(Date.now() / 1000), body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe("The request's signature is missing, wrong or too old.");
    const other = await inbound(JSON.stringify({ from: phone, text: 'Thank you!' }));
    expect(other.json().data).toEqual({ stopped: 0 });
    const stop = await inbound(body);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data).toEqual({ stopped: 1 });
    await ctx.t.app.noticeWorker.runOnce();
    expect(requestsFor(token)).toEqual([]);
    const row = await ctx.t.database.db.selectFrom('citizen_reports').select('notices_stopped_via').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.notices_stopped_via).toBe('reply');
  });

  it("ends notices on a STOP that WhatsApp's own signed webhook brings, and answers its subscription check", async () => {
    const { id, token, phone } = await report({ notices: 'whatsapp' });
    const check = await ctx.t.app.inject({ method: 'GET', url: `/api/public/notices/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.body).toBe('1158201444');
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/public/notices/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' })).statusCode).toBe(401);

    const message = (text: string) => ({ from: `91${phone.replace(/\D/g, '')}`, id: 'wamid.1', timestamp: '1764400000', type: 'text', text: { body: text } });
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [message('Thanks'), message('Stop')] } }] }] });
    const post = (signature: string) => ctx.t.app.inject({ method: 'POST', url: '/api/public/notices/whatsapp', payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } });
    expect((await post(`sha256=${createHmac('sha256', 'another-secret').update(body).digest('hex')}`)).statusCode).toBe(401);
    const stopped = await post(`sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(body).digest('hex')}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toEqual({ stopped: 1 });
    await ctx.t.app.noticeWorker.runOnce();
    expect(requestsFor(token)).toEqual([]);
    expect(await noticesOf(id)).toMatchObject([{ milestone: 'received', status: 'stopped' }]);
  });

  it('retries a notice the provider answered 500, later, with the same idempotency key, then records it sent', async () => {
    const { id, token } = await report();
    provider.failNext(token, 500);
    await ctx.t.app.noticeWorker.runOnce();
    const [waiting] = await noticesOf(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider answered 500', lease_owner: null });
    expect(waiting!.next_attempt_at > new Date().toISOString()).toBe(true);
    // Not due yet: nothing is sent.
    expect(await ctx.t.app.noticeWorker.runOnce()).toBe(0);
    // Once the back-off has passed.
    await ctx.t.app.noticeWorker.runOnce(new Date(Date.parse(waiting!.next_attempt_at) + 1));
    const tries = requestsFor(token);
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[0]!.headers['idempotency-key']).toBe(tries[1]!.headers['idempotency-key']);
    expect(await noticesOf(id)).toMatchObject([{ status: 'sent', attempts: 2, provider: 'webhook', provider_id: expect.stringMatching(/^fake-/) }]);
  });

  it('gives a notice up when the provider refuses it for good', async () => {
    const { id, token } = await report();
    provider.failNext(token, 400);
    await ctx.t.app.noticeWorker.runOnce();
    expect(await noticesOf(id)).toMatchObject([{ status: 'failed', attempts: 1, last_error: 'provider refused with 400' }]);
  });

  it("sends nothing once the reporter's phone number is no longer kept", async () => {
    const { id, token } = await report();
    await ctx.t.database.db.updateTable('citizen_reports').set({ reporter_name: '', reporter_phone: '', notice_phone: null }).where('id', '=', id).execute();
    await ctx.t.app.noticeWorker.runOnce();
    expect(requestsFor(token)).toEqual([]);
    expect(await noticesOf(id)).toMatchObject([{ status: 'failed', last_error: "the reporter's phone number is no longer kept" }]);
  });

  it('never sends one notice twice when two server instances on one database send at once', async () => {
    const reports = [];
    for (let i = 0; i < 6; i++) reports.push(await report());
    const other = await openNoticeWorkerInstance(ctx.t, NOTICE_ENV());
    try {
      const handled = await Promise.all([other.run(), ctx.t.app.noticeWorker.runOnce(), other.run(), ctx.t.app.noticeWorker.runOnce()]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(6);
    } finally {
      await other.close();
    }
    const requests = reports.flatMap((r) => requestsFor(r.token));
    expect(requests).toHaveLength(6);
    expect(new Set(requests.map((r) => r.headers['idempotency-key'])).size).toBe(6);
    // A limit on a hang, not on the time taken: the other instance compiles and starts the whole server.
  }, 120_000);
});
