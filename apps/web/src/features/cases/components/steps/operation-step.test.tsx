import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { buildCase } from '../../test/case-factory';
import { actionBar, findStep, renderCasePage, writesOf } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

/** The operation step's vet (issue 33): a name chosen from the NGO's vets is linked; one typed is marked. */
const panel = () => screen.getByRole('tabpanel');
/** The vet name's input (the list of its options is named after it too). */
const vetField = async () => (await within(panel()).findAllByLabelText(/^Vet Name/, {}, { timeout: 8_000 })).find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
const CHOICES = { 'POST /api/case/getDirectoryChoices': { body: { data: { vets: [{ id: 7, name: 'Dr. Meera Rao' }], staff: [], reporters: [] } } } };
const MARK = 'Not in the vet directory';

describe('the vet of the operation step', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('marks a typed name not in the directory and saves it as typed, with no link', async () => {
    const { user, fetchMock } = renderCasePage({ step: 3, replies: CHOICES });
    await findStep();

    await user.type(await vetField(), 'Dr. Arjun');
    expect(await within(panel()).findByText(MARK)).toBeTruthy();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writesOf(fetchMock).map((r) => r.path)).toContain('/case/updateOperationDetail'));
    const sent = writesOf(fetchMock).find((r) => r.path === '/case/updateOperationDetail');
    expect(sent?.body).toEqual({ caseId: 12, vetName: 'Dr. Arjun' });
  });

  it("links a vet chosen from the NGO's list, with no mark", async () => {
    const { user, fetchMock } = renderCasePage({ step: 3, replies: CHOICES });
    await findStep();

    await user.type(await vetField(), 'Meera');
    expect(within(panel()).getByText(MARK)).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Dr. Meera Rao' }));
    await waitFor(() => expect(within(panel()).queryByText(MARK)).toBeNull());
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writesOf(fetchMock).map((r) => r.path)).toContain('/case/updateOperationDetail'));
    const sent = writesOf(fetchMock).find((r) => r.path === '/case/updateOperationDetail');
    expect(sent?.body).toEqual({ caseId: 12, vetName: 'Dr. Meera Rao', vetId: 7 });
  });

  it('marks a stored name without a link, in Hindi too', async () => {
    const record = buildCase({ operationDetail: { ...buildCase().operationDetail, vetName: 'Dr. Arjun', vetId: null, lastModifiedBy: 'Worker' } });
    renderCasePage({ step: 3, record, replies: CHOICES });
    await findStep();
    expect((await vetField()).value).toBe('Dr. Arjun');
    expect(within(panel()).getByText(MARK)).toBeTruthy();

    act(() => i18n.loadAndActivate({ locale: 'hi', messages: hi }));
    expect(await within(panel()).findByText('पशु चिकित्सकों की सूची में नहीं')).toBeTruthy();
  });

  it('shows no mark for a stored name linked to the directory', async () => {
    const record = buildCase({ operationDetail: { ...buildCase().operationDetail, vetName: 'Dr. Meera Rao', vetId: 7, lastModifiedBy: 'Worker' } });
    renderCasePage({ step: 3, record, replies: CHOICES });
    await findStep();
    expect((await vetField()).value).toBe('Dr. Meera Rao');
    expect(within(panel()).queryByText(MARK)).toBeNull();
  });
});
