import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { describeDirectoryRecords } from '../../../test/directory-records';

const ctx = useTwoNgoWorld();

describeDirectoryRecords(ctx, {
  prefix: 'reporter',
  names: { list: 'getReporters', get: 'getReporterById', create: 'createReporter', update: 'updateReporter' },
  maker: 'Worker',
  valid: { name: 'Lakshmi Rao', contact: '+91 98450 12345' },
  change: { email: 'lakshmi@example.org' },
  required: [
    [{ contact: '9845012345' }, 'Reporter name is required'],
    [{ name: 'Lakshmi' }, 'Phone Number is required'],
  ],
  formats: [
    [{ name: 'L', contact: '98450', email: 'x' }, 'Phone Number must be a phone number of 7 to 15 digits'],
    [{ name: 'L', contact: '9845012345', email: 'x@' }, 'Email ID must be a valid email address'],
  ],
  search: 'lakshmi',
  image: 'verificationId',
});

describe('reporters', () => {
  it('lets every role manage reporters', async () => {
    expect((await ctx.world.inA.Worker.post('/api/reporter/getReporters')).statusCode).toBe(200);
  });

  it('treats reporter alternate phone and email as optional, and clears them with null', async () => {
    const created = await ctx.world.inA.Worker.post('/api/reporter/createReporter', { name: 'Asha', contact: '9845012345', alternateContact: '', email: '' });
    expect(created.json().data).toMatchObject({ alternateContact: null, email: null });
    const id = created.json().data.id;
    await ctx.world.inA.Worker.post('/api/reporter/updateReporter', { id, email: 'asha@example.org' });
    const cleared = await ctx.world.inA.Worker.post('/api/reporter/updateReporter', { id, email: null });
    expect(cleared.json().data.email).toBeNull();
    expect(cleared.json().data.contact).toBe('9845012345');
  });
});
