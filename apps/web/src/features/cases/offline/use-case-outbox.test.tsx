import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setAppOutbox } from '../../../lib/offline/app-outbox';
import { memoryOutbox } from '../../../lib/offline/outbox-store';
import { CaseOutbox as Outbox } from './case-outbox';
import { useUnsyncedCount } from './use-case-outbox';

const draws = new Map<number, number>();

/** A dashboard row's marker, counting how often it is drawn. */
function Marker({ caseId }: { caseId: number }) {
  const count = useUnsyncedCount(caseId);
  draws.set(caseId, (draws.get(caseId) ?? 0) + 1);
  return <output aria-label={`case ${caseId}`}>{count}</output>;
}

async function offlineOutbox(): Promise<Outbox> {
  const outbox = new Outbox({ storage: memoryOutbox(), send: async () => ({}), readCase: async () => null, isOnline: () => false });
  await outbox.start(7);
  return outbox;
}

const stepSave = (key: string, caseId: number) => ({ key, kind: 'caseStep' as const, path: '/case/updateAnimalDetail', step: 'animalDetail', caseId, body: { caseId, animalColor: 'Brown' } });

describe('useUnsyncedCount', () => {
  afterEach(() => {
    setAppOutbox(null);
    draws.clear();
  });

  it("draws a case's marker again only when that case's count changes, not at every change of the outbox", async () => {
    const outbox = await offlineOutbox();
    setAppOutbox(outbox);
    render(
      <>
        <Marker caseId={12} />
        <Marker caseId={13} />
      </>,
    );
    expect(screen.getByLabelText('case 12').textContent).toBe('0');
    const before = { 12: draws.get(12), 13: draws.get(13) };

    await act(() => outbox.submit(stepSave('a', 13)));
    await act(() => outbox.submit(stepSave('b', 13)));

    expect(screen.getByLabelText('case 13').textContent).toBe('2');
    expect(screen.getByLabelText('case 12').textContent).toBe('0');
    expect(draws.get(12)).toBe(before[12]);
    expect(draws.get(13)).toBeGreaterThan(before[13] ?? 0);

    await act(() => outbox.submit(stepSave('c', 12)));
    expect(screen.getByLabelText('case 12').textContent).toBe('1');
  });
});
