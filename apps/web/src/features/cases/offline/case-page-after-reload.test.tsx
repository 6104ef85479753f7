import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setAppOutbox } from '../../../lib/offline/app-outbox';
import { caseQueryKey } from '../api/get-case';
import { buildCase } from '../test/case-factory';
import { findStep, renderCasePage } from '../test/render-case-page';
import { stubDocumentFonts } from '../test/stub-document-fonts';
import { CaseOutbox, memoryCaseOutbox, type CaseOutboxEntry } from './case-outbox';

const USER = 3;
const CASE = buildCase({ id: 12 });

/** A save of the medical step made offline before the reload, as the device keeps it. */
const waitingMedicalSave: CaseOutboxEntry = {
  key: 'medical-1',
  userId: USER,
  kind: 'caseStep',
  path: '/case/updateMedicalDetail',
  step: 'medicalDetail',
  caseId: CASE.id,
  body: { caseId: CASE.id, medicalHistory: 'Limping on the left hind leg' },
  state: 'pending',
  attempted: false,
  createdAt: Date.now(),
};

/** An outbox, offline, whose read of the device waits until `release` is called (a slow phone after a reload). */
async function slowOutbox() {
  const storage = memoryCaseOutbox();
  await storage.add(waitingMedicalSave);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const outbox = new CaseOutbox({
    storage: { ...storage, all: async (userId) => gate.then(() => storage.all(userId)) },
    send: async () => ({}),
    readCase: async () => null,
    isOnline: () => false,
  });
  return { outbox, release };
}

describe('the case page after a reload, with changes waiting on the device', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => setAppOutbox(null));

  it('waits for the waiting changes to be read, then fills the step with them instead of the kept copy', async () => {
    const { outbox, release } = await slowOutbox();
    setAppOutbox(outbox);
    void outbox.start(USER);

    const { queryClient } = renderCasePage({ record: CASE, step: 2 });
    // The kept copy (no medical history) has arrived and the page has drawn all it would from it:
    // the form is not built from it.
    await waitFor(() => expect(queryClient.getQueryData(caseQueryKey(CASE.id))).toBeDefined());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('heading', { name: 'Edit Case', level: 1 })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('tabpanel')).toBeNull();

    await act(async () => release());
    const step = await findStep();
    expect(within(step).getByLabelText('Medical History')).toHaveProperty('value', 'Limping on the left hind leg');
    expect(outbox.getSnapshot().loaded).toBe(true);
  });

  it('opens at once where no user started the outbox (a screen shown on its own)', async () => {
    renderCasePage({ record: buildCase({ id: 12, medicalDetail: { ...CASE.medicalDetail, medicalHistory: 'Kept' } }), step: 2 });
    const step = await findStep();
    expect(within(step).getByLabelText('Medical History')).toHaveProperty('value', 'Kept');
  });
});
