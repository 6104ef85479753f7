import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { describeDirectoryRecords } from '../../../test/directory-records';

const ctx = useTwoNgoWorld();

describeDirectoryRecords(ctx, {
  prefix: 'vet',
  names: { list: 'getVets', get: 'getVetById', create: 'createVet', update: 'updateVet' },
  maker: 'Manager',
  valid: { name: 'Dr. Arjun Shetty', regId: 'KVC-2231' },
  change: { regId: 'KVC-9999' },
  required: [
    [{ regId: 'KVC-1' }, 'Vet name is required'],
    [{ name: 'Dr. A' }, 'Registration ID is required'],
  ],
  formats: [[{ name: 'Dr. A', regId: 'x'.repeat(51) }, 'Registration ID must be at most 50 characters']],
  search: 'kvc-2231',
  image: 'vetCertification',
  other: { regId: 'OTHER-1' },
});

describe('vet permissions', () => {
  it('refuses Workers the vets and lets Managers in', async () => {
    expect((await ctx.world.inA.Worker.post('/api/vet/getVets')).statusCode).toBe(403);
    expect((await ctx.world.inA.Manager.post('/api/vet/getVets')).statusCode).toBe(200);
  });
});
