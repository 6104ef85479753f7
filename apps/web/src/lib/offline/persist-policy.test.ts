import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { MAX_OFFLINE_CASES, capPersistedQueries, mayPersistQuery, offlineKind } from './persist-policy';

function query(queryKey: QueryKey, dataUpdatedAt = 1, data: unknown = { ok: true }) {
  return { queryKey, state: { data, dataUpdatedAt, status: 'success' as const } };
}

const keys = (queries: Array<{ queryKey: QueryKey }>) => queries.map((q) => JSON.stringify(q.queryKey));

describe('what is kept for reading offline', () => {
  it('keeps the signed-in user, the first two pages of each dashboard tab and directory list, and the NGO choices', () => {
    const kept = [
      ['auth', 'me'],
      ['cases', 'list', { type: 'All', page: 1, pageSize: 50 }],
      ['cases', 'list', { type: 'OPD', page: 2, pageSize: 50 }],
      ['vets', 'list', { page: 1, pageSize: 10 }],
      ['reporters', 'list', { page: 2, pageSize: 10, ngoId: 3 }],
      ['ngos', 'choices', ''],
    ];
    for (const key of kept) expect(mayPersistQuery(query(key) as never), JSON.stringify(key)).toBe(true);
  });

  it('keeps no search results, no third page and nothing it does not know', () => {
    const dropped = [
      ['cases', 'list', { type: 'All', page: 1, pageSize: 50, search: 'singh' }],
      ['cases', 'list', { type: 'All', page: 3, pageSize: 50 }],
      ['vets', 'list', { page: 1, pageSize: 10, search: 'dr' }],
      ['reporters', 'case-matches', 1, 'ram'],
      ['ngos', 'choices', 'paws'],
      ['settings', 'anything'],
    ];
    for (const key of dropped) expect(mayPersistQuery(query(key) as never), JSON.stringify(key)).toBe(false);
  });

  it("keeps an NGO's directory choices (the case pickers' vets, staff and reporters) whatever cases are kept", () => {
    const choices = query(['directory-choices', 3], 1);
    expect(mayPersistQuery(choices as never)).toBe(true);
    const cases = Array.from({ length: MAX_OFFLINE_CASES + 1 }, (_, i) => query(['cases', 'detail', i + 1], 1000 + i));
    expect(keys(capPersistedQueries([...cases, choices]))).toContain(JSON.stringify(['directory-choices', 3]));
    expect(mayPersistQuery(query(['directory-choices', null]) as never)).toBe(false);
  });

  it("keeps the stock list for the case steps' stock picker, and a case's stock lines with its case", () => {
    const stock = query(['stock', 'overview'], 1);
    const cases = Array.from({ length: MAX_OFFLINE_CASES + 1 }, (_, i) => query(['cases', 'detail', i + 1], 1000 + i));
    const lines = query(['cases', 'stockUses', MAX_OFFLINE_CASES + 1], 1);
    const kept = keys(capPersistedQueries([...cases, stock, lines]));
    expect(kept).toContain(JSON.stringify(['stock', 'overview']));
    expect(kept).toContain(JSON.stringify(['cases', 'stockUses', MAX_OFFLINE_CASES + 1]));
    expect(mayPersistQuery(query(['stock', 'statement', '2026-11']) as never)).toBe(false);
  });

  it('keeps nothing that never had an answer', () => {
    expect(mayPersistQuery({ queryKey: ['auth', 'me'], state: { data: undefined, status: 'pending' } } as never)).toBe(false);
  });

  it(`keeps the ${MAX_OFFLINE_CASES} cases loaded last with what belongs to them, and drops the older ones and theirs`, () => {
    const cases = Array.from({ length: MAX_OFFLINE_CASES + 5 }, (_, i) => query(['cases', 'detail', i + 1], 1000 + i));
    const parts = [query(['cases', 'vet-names', 1]), query(['cases', 'timeline', MAX_OFFLINE_CASES + 5])];
    const kept = keys(capPersistedQueries([...cases, ...parts, query(['auth', 'me'])]));

    expect(kept.filter((key) => key.startsWith('["cases","detail"'))).toHaveLength(MAX_OFFLINE_CASES);
    expect(kept).not.toContain(JSON.stringify(['cases', 'detail', 1]));
    expect(kept).toContain(JSON.stringify(['cases', 'detail', MAX_OFFLINE_CASES + 5]));
    expect(kept).not.toContain(JSON.stringify(['cases', 'vet-names', 1]));
    expect(kept).toContain(JSON.stringify(['cases', 'timeline', MAX_OFFLINE_CASES + 5]));
    expect(kept).toContain(JSON.stringify(['auth', 'me']));
  });

  it('keeps the staff of a kept case (the names of its squad, for its sheet and timeline offline) and drops those of a case it drops', () => {
    const cases = Array.from({ length: MAX_OFFLINE_CASES + 1 }, (_, i) => query(['cases', 'detail', i + 1], 1000 + i));
    const staff = [query(['cases', 'staff', 1]), query(['cases', 'staff', MAX_OFFLINE_CASES + 1])];
    expect(staff.every((q) => mayPersistQuery(q as never))).toBe(true);

    const kept = keys(capPersistedQueries([...cases, ...staff]));
    expect(kept).toContain(JSON.stringify(['cases', 'staff', MAX_OFFLINE_CASES + 1]));
    expect(kept).not.toContain(JSON.stringify(['cases', 'staff', 1]));
  });

  it('tells a case from what is shown with it', () => {
    expect(offlineKind(['cases', 'detail', 7])).toEqual({ kind: 'case', caseId: 7 });
    expect(offlineKind(['cases', 'vet-names', 7])).toEqual({ kind: 'case-part', caseId: 7 });
    expect(offlineKind(['cases', 'vet-names', null])).toBeNull();
  });
});
