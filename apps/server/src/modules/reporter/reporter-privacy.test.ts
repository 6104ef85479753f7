import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { ok, refused } from '../../../test/cases';

/**
 * Who sees a directory reporter's phones and email (docs/privacy.md#who-sees-what): in full for
 * Admins, Founders, Managers and the Worker who added the reporter; masked, with a logged reveal,
 * for any other Worker, wherever the directory reaches them (list, record, a case step's pickers).
 * One database for the file: each test adds its own reporters.
 */
const ctx = useTwoNgoWorldOnce();
const REVEAL = '/api/privacy/reveal';

/** A Worker of NGO A who did not add the reporters made here. */
let otherWorker: Caller;
let run = 0;

beforeAll(async () => {
  otherWorker = await signIn(ctx.t, 'Worker', ctx.world.a.id);
});

/** A reporter of NGO A added by its Manager, with a name unique to the test. */
async function managersReporter(): Promise<{ id: number; name: string }> {
  run += 1;
  const name = `Meera Kulkarni ${run}`;
  const created = await ok(ctx.world.inA.Manager, '/api/reporter/createReporter', { name, contact: '+91 98450 12345', alternateContact: '9848011410', email: 'meera.k@example.org' });
  return { id: created.id, name };
}

describe("a directory reporter's phones and email, by role", () => {
  it('are in full for Admin, Founder and Manager, and masked for a Worker who did not add the reporter, wherever they are read', async () => {
    const { id, name } = await managersReporter();
    for (const caller of [ctx.world.admin, ctx.world.inA.Founder, ctx.world.inA.Manager]) {
      const reporter = await ok(caller, '/api/reporter/getReporterById', { id });
      expect(reporter).toMatchObject({ contact: '+91 98450 12345', alternateContact: '9848011410', email: 'meera.k@example.org' });
      expect(reporter.maskedFields).toBeUndefined();
    }

    const masked = { contact: '+91 98xxx xx345', alternateContact: '98xxxxx410', email: 'mxxxxxx@example.org', maskedFields: ['contact', 'alternateContact', 'email'] };
    expect(await ok(otherWorker, '/api/reporter/getReporterById', { id })).toMatchObject(masked);
    const listed = await ok(otherWorker, '/api/reporter/getReporters', { search: name });
    expect(listed).toEqual([expect.objectContaining({ id, ...masked })]);
    // Kept on the phone for the pickers offline: masked there too.
    const choices = await ok(otherWorker, '/api/case/getDirectoryChoices', {});
    expect(choices.reporters.find((r: { id: number }) => r.id === id)).toMatchObject(masked);
    // The search still finds the reporter by the number typed, and answers it masked.
    expect(await ok(otherWorker, '/api/reporter/getReporters', { search: '98450 12345' })).toContainEqual(expect.objectContaining({ id, contact: '+91 98xxx xx345' }));
  });

  it('are in full for the Worker who added the reporter', async () => {
    const created = await ok(otherWorker, '/api/reporter/createReporter', { name: 'Ravi Naik', contact: '9845011111' });
    expect(created).toMatchObject({ contact: '9845011111' });
    expect(await ok(otherWorker, '/api/reporter/getReporterById', { id: created.id })).not.toHaveProperty('maskedFields');
    expect(await ok(ctx.world.inA.Worker, '/api/reporter/getReporterById', { id: created.id })).toMatchObject({ contact: '98xxxxx111', maskedFields: ['contact'] });
  });

  it("keep their full values when a Worker who sees them masked changes the reporter's name", async () => {
    const { id } = await managersReporter();
    const renamed = await ok(otherWorker, '/api/reporter/updateReporter', { id, name: 'Meera K.' });
    expect(renamed).toMatchObject({ name: 'Meera K.', contact: '+91 98xxx xx345' });
    expect(await ok(ctx.world.inA.Manager, '/api/reporter/getReporterById', { id })).toMatchObject({ name: 'Meera K.', contact: '+91 98450 12345', email: 'meera.k@example.org' });
  });

  it('are not overwritten by their masked form sent back (a masked email is still a valid address)', async () => {
    const { id } = await managersReporter();
    await ok(otherWorker, '/api/reporter/updateReporter', { id, email: 'mxxxxxx@example.org', name: 'Meera Kulkarni' });
    expect(await ok(ctx.world.inA.Manager, '/api/reporter/getReporterById', { id })).toMatchObject({ email: 'meera.k@example.org', name: 'Meera Kulkarni' });
  });
});

describe("revealing a directory reporter's field", () => {
  it('answers it in full and writes one access-log entry naming the reporter', async () => {
    const { id } = await managersReporter();
    expect(await ok(otherWorker, REVEAL, { record: 'reporter', id, field: 'contact' })).toEqual({ value: '+91 98450 12345' });
    const log = await ok(ctx.world.inA.Founder, '/api/privacy/getAccessLog', { recordType: 'reporter', recordId: String(id) });
    expect(log).toEqual([expect.objectContaining({ userId: otherWorker.id, recordType: 'reporter', recordId: String(id), field: 'contact', reason: 'reveal' })]);
  });

  it("answers another NGO's reporter as not found and logs nothing; a case's field on a reporter is refused", async () => {
    const { id } = await managersReporter();
    await refused(ctx.world.inB.Founder, REVEAL, { record: 'reporter', id, field: 'contact' }, 404, 'Reporter not found.');
    expect(await ok(ctx.world.admin, '/api/privacy/getAccessLog', { recordType: 'reporter', recordId: String(id) })).toEqual([]);
    const wrongField = await otherWorker.post(REVEAL, { record: 'reporter', id, field: 'reporterContact' });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().message).toMatch(/field/);
    expect((await otherWorker.post(REVEAL, { record: 'vet', id, field: 'contact' })).statusCode).toBe(422);
  });
});

describe("a case's reporter saved to the directory", () => {
  it('answers the record already there for the same name and phone, whatever the spacing and case, and adds one otherwise', async () => {
    const { id, name } = await managersReporter();
    const same = await ok(otherWorker, '/api/reporter/saveFromCase', { name: ` ${name.toUpperCase()} `, contact: '9845012345' });
    expect(same).toEqual({ created: false, reporter: expect.objectContaining({ id, contact: '+91 98xxx xx345' }) });

    const other = await ok(otherWorker, '/api/reporter/saveFromCase', { name, contact: '9845099999' });
    expect(other.created).toBe(true);
    expect(other.reporter).toMatchObject({ name, contact: '9845099999' });
    // Another NGO's directory is not looked in: NGO B gets a reporter of its own.
    const inB = await ok(ctx.world.inB.Worker, '/api/reporter/saveFromCase', { name, contact: '9845012345' });
    expect(inB.created).toBe(true);
    expect(inB.reporter.ngoId).toBe(ctx.world.b.id);
  });
});
