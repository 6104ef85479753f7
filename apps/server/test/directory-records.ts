import { describe, expect, it } from 'vitest';
import type { Caller, World } from './api';
import { jpegPhoto } from './images';
import { multipartBody } from './multipart';
import type { TestApp } from './test-app';

/** A directory entity (reporter, vet, sponsor) as its route tests describe it. */
export interface DirectoryEntity {
  /** 'vet' gives /api/vet/... and the audit entity 'vet'. */
  prefix: string;
  names: { list: string; get: string; create: string; update: string };
  /** The least role that may manage the entity. */
  maker: 'Founder' | 'Manager' | 'Worker';
  valid: Record<string, unknown>;
  change: Record<string, unknown>;
  required: Array<[object, string]>;
  formats: Array<[object, string]>;
  /** Matches the valid record (three of them) but not 'Someone Else'. */
  search: string;
  /** A field holding images: a list, or one name for 'logo'. */
  image: string;
  /** Fields that make a record differ from `valid` besides its name (a second record that the search must not find). */
  other?: Record<string, unknown>;
}

async function uploadAs(t: TestApp, caller: Caller, fieldName: string): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } });
  return response.json().data;
}

/**
 * The rules reporters, vets and sponsors share, run against one of them: records live in the
 * creator's NGO, updates hit exactly the named record, an Admin chooses the NGO, lists search and
 * page, fields are checked with the field named, and images must belong to the same NGO.
 */
export function describeDirectoryRecords(ctx: { t: TestApp; world: World }, e: DirectoryEntity): void {
  const url = (name: string) => `/api/${e.prefix}/${name}`;

  describe(`${e.prefix}s: the rules every directory record follows`, () => {
    it('creates, reads and updates a record in the creator’s NGO', async () => {
      const maker = ctx.world.inA[e.maker];
      const created = await maker.post(url(e.names.create), { ...e.valid, ngoId: undefined });
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json().data;
      expect(record.ngoId).toBe(ctx.world.a.id);
      const read = await maker.post(url(e.names.get), { id: record.id });
      expect(read.json().data).toEqual(record);
      const updated = await maker.post(url(e.names.update), { id: record.id, ...e.change });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ ...e.change, name: record.name });
      const audit = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'fields']).where('entity', '=', e.prefix).execute();
      expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
      expect(JSON.parse(audit[1]!.fields)).toEqual(Object.keys(e.change));
    });

    it('refuses missing required fields with the field named', async () => {
      for (const [body, message] of e.required) {
        const response = await ctx.world.inA[e.maker].post(url(e.names.create), body);
        expect(response.statusCode, message).toBe(422);
        expect(response.json().message).toBe(message);
      }
    });

    it('refuses badly formatted fields with the field named', async () => {
      for (const [body, message] of e.formats) {
        const response = await ctx.world.inA[e.maker].post(url(e.names.create), body);
        expect(response.statusCode, message).toBe(422);
        expect(response.json().message).toBe(message);
      }
    });

    it('updates exactly the record named by id, and only in the caller’s NGO', async () => {
      const first = (await ctx.world.inA[e.maker].post(url(e.names.create), e.valid)).json().data;
      const second = (await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, name: 'Second One' })).json().data;
      await ctx.world.inA[e.maker].post(url(e.names.update), { id: second.id, name: 'Renamed' });
      expect((await ctx.world.inA[e.maker].post(url(e.names.get), { id: first.id })).json().data.name).toBe(e.valid.name);
      const foreign = ctx.world.inB[e.maker];
      expect((await foreign.post(url(e.names.get), { id: first.id })).statusCode).toBe(404);
      expect((await foreign.post(url(e.names.update), { id: first.id, name: 'Hijacked' })).statusCode).toBe(404);
      expect((await ctx.world.inA[e.maker].post(url(e.names.get), { id: first.id })).json().data.name).toBe(e.valid.name);
      const list = await foreign.post(url(e.names.list), {});
      expect(list.json().meta.total).toBe(0);
    });

    it('lets an Admin choose the NGO, by id or name, and requires one', async () => {
      expect((await ctx.world.admin.post(url(e.names.create), e.valid)).json().message).toBe('NGO is required');
      const byId = await ctx.world.admin.post(url(e.names.create), { ...e.valid, ngoId: ctx.world.b.id });
      expect(byId.json().data.ngoId).toBe(ctx.world.b.id);
      const byName = await ctx.world.admin.post(url(e.names.create), { ...e.valid, ngoName: 'Green Paws Trust' });
      expect(byName.json().data.ngoId).toBe(ctx.world.a.id);
      expect((await ctx.world.admin.post(url(e.names.list), { ngoId: ctx.world.b.id })).json().meta.total).toBe(1);
      expect((await ctx.world.admin.post(url(e.names.list), {})).json().meta.total).toBe(2);
    });

    it('finds records by search, case-insensitively, and pages them', async () => {
      for (let i = 0; i < 3; i++) await ctx.world.inA[e.maker].post(url(e.names.create), e.valid);
      await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, name: 'Someone Else', ...e.other });
      const found = await ctx.world.inA[e.maker].post(url(e.names.list), { search: e.search, pageSize: 2 });
      expect(found.json().meta).toEqual({ total: 3, page: 1, pageSize: 2 });
      expect(found.json().data).toHaveLength(2);
    });

    it('accepts only images uploaded for the same NGO', async () => {
      const own = await uploadAs(ctx.t, ctx.world.inA[e.maker], 'Verification');
      const foreign = await uploadAs(ctx.t, ctx.world.inB[e.maker], 'Verification');
      const value = (name: string) => (e.image === 'logo' ? name : [name]);
      const ok = await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, [e.image]: value(own) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data[e.image]).toEqual(value(own));
      const refused = await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, [e.image]: value(foreign) });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/refers to an image that was not uploaded for this NGO/);
    });
  });
}
