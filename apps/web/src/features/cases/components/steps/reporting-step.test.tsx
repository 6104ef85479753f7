import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Reporter } from '@rescuedesk/shared';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { SAVED_REPORTING, buildCase } from '../../test/case-factory';
import { actionBar, renderCasePage, requestsOf, writesOf, findStep } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

const panel = () => screen.getByRole('tabpanel');
const field = (label: string) => within(panel()).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));
/** A field of the step's 'More details' fold, built just after the step's first fields. */
const folded = (label: string) => within(panel()).findByLabelText<HTMLInputElement>(new RegExp(`^${label}`), undefined, { timeout: 15_000 });
const lookup = (label: string) => within(panel()).getByRole<HTMLInputElement>('combobox', { name: new RegExp(`^${label}`) });

const ANITA: Reporter = { id: 7, ngoId: 2, name: 'Anita Desai', contact: '+91 98450 12345', alternateContact: '080 2345 6789', email: 'anita@example.org', verificationId: [] };
const page = (rows: Reporter[]) => ({ body: { data: rows, meta: { total: rows.length, page: 1, pageSize: 6 } } });

describe('ReportingStep', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    i18n.loadAndActivate({ locale: 'en', messages: en });
    window.localStorage.clear();
  });

  it("starts a fresh step with the call's date and time, and leaves the pickup empty with one-tap Today and Now", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 7, 5));
    const { user } = renderCasePage();

    await findStep();
    expect(field('Reported Date').value).toBe('20/11/2026');
    expect(field('Reported Time').value).toBe('07:05');
    expect(lookup('Reporter Name').value).toBe('');
    expect(screen.getByText('Step 1 of 5 · Not saved yet.')).toBeTruthy();
    // The pickup is rarely known as the call comes in: it waits behind 'More details'.
    expect(within(panel()).queryByLabelText(/^Pickup Date/)).toBeNull();
    await user.click(await within(panel()).findByRole('button', { name: 'More details' }));
    expect(field('Pickup Date').value).toBe('');
    expect(field('Pickup Time').value).toBe('');

    await user.click(within(panel()).getByRole('button', { name: 'Today – Pickup Date' }));
    await user.click(within(panel()).getByRole('button', { name: 'Now – Pickup Time' }));
    expect(field('Pickup Date').value).toBe('20/11/2026');
    expect(field('Pickup Time').value).toBe('07:05');
    expect(within(panel()).getByRole('button', { name: 'Clear Pickup Date' })).toBeTruthy();
  });

  it("says 'Please fill Required Details' and sends nothing while a required field is empty", async () => {
    const { user, fetchMock } = renderCasePage();

    await findStep();
    await user.type(lookup('Reporter Name'), 'Anita Desai');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please fill Required Details')).toBeTruthy();
    for (const message of ['Phone Number is required', 'Location is required', 'Landmark is required', 'Pincode is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.queryByText('Reporter Name is required')).toBeNull();
    expect(writesOf(fetchMock)).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Reporter Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('checks formats with the shared schema, naming the field', async () => {
    const { user, fetchMock } = renderCasePage({ record: buildCase({ reportingDetail: SAVED_REPORTING }) });

    await findStep();
    await user.clear(field('Pincode'));
    await user.paste('5600');
    await user.click(await folded('Email'));
    await user.paste('anita@');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    expect(await screen.findByText('Pincode must be 6 digits')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.queryByText('Please fill Required Details')).toBeNull();
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('sends only what changed, with null for a field the user emptied, then moves to the next step', async () => {
    const { user, fetchMock, onExit } = renderCasePage({
      record: buildCase({ reportingDetail: SAVED_REPORTING }),
      replies: {
        'POST /api/case/updateReportingDetail': {
          body: { data: buildCase({ reportingDetail: { ...SAVED_REPORTING, reporterAltContact: null, landmark: 'Brigade Road' } }) },
        },
      },
    });

    await findStep();
    // The fold is open: its Alternate Phone Number holds a value.
    expect((await folded('Pickup Date')).value).toBe('');
    await user.clear(field('Alternate Phone Number'));
    await user.clear(field('Landmark'));
    await user.paste('Brigade Road');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Animal Details' }).getAttribute('aria-selected')).toBe('true'), { timeout: 15_000 });
    expect(screen.getByText('Case saved successfully')).toBeTruthy();
    expect(onExit).not.toHaveBeenCalled();
    expect(writesOf(fetchMock).map(({ body }) => body)).toEqual([{ caseId: 12, reporterAltContact: null, landmark: 'Brigade Road' }]);
  });

  it('shows the privacy notice to read out, and sends the answers the worker gave and nothing unanswered', async () => {
    const { user, fetchMock } = renderCasePage({
      record: buildCase({ reportingDetail: SAVED_REPORTING }),
      replies: { 'POST /api/case/updateReportingDetail': { body: { data: buildCase({ reportingDetail: { ...SAVED_REPORTING, privacyNoticeGiven: 'Yes' } }) } } },
    });

    await findStep();
    await folded('Pickup Date');
    expect(within(panel()).getByText(/We keep your name and phone number to call you back/)).toBeTruthy();
    const notice = within(panel()).getByRole('radiogroup', { name: 'Privacy notice read to the caller' });
    expect(within(notice).getByRole('radio', { name: 'Yes' }).getAttribute('aria-checked')).toBe('false');
    await user.click(within(notice).getByRole('radio', { name: 'Yes' }));
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(writesOf(fetchMock).map(({ body }) => body)).toEqual([{ caseId: 12, privacyNoticeGiven: 'Yes' }]), { timeout: 15_000 });
  });

  it("shows the server's message under 'Error' and stays on the step when the save fails", async () => {
    const { user, onExit } = renderCasePage({
      record: buildCase({ reportingDetail: SAVED_REPORTING }),
      replies: { 'POST /api/case/updateReportingDetail': { status: 422, body: { message: 'Consent Form refers to an image that was not uploaded for this NGO' } } },
    });

    await findStep();
    await user.type(field('Landmark'), ', gate 2');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Consent Form refers to an image that was not uploaded for this NGO')).toBeTruthy();
    expect(onExit).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Reporter Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it("finds a reporter of the directory by name or phone as it is typed, and picking one fills the reporter's details", async () => {
    const { user, fetchMock } = renderCasePage({ replies: { 'POST /api/reporter/getReporters': page([ANITA]) } });

    await findStep();
    await user.type(lookup('Reporter Name'), 'A');
    // One letter looks nothing up.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsOf(fetchMock).some(({ path }) => path === '/reporter/getReporters')).toBe(false);

    await user.type(lookup('Reporter Name'), 'ni');
    await user.click(await screen.findByRole('option', { name: /Anita Desai/ }, { timeout: 15_000 }));

    expect(lookup('Reporter Name').value).toBe('Anita Desai');
    expect(lookup('Phone Number').value).toBe('+91 98450 12345');
    // Filled by the pick, the folded fields show.
    expect((await folded('Alternate Phone Number')).value).toBe('080 2345 6789');
    expect(field('Email').value).toBe('anita@example.org');
    const searches = requestsOf(fetchMock).filter(({ path }) => path === '/reporter/getReporters');
    expect(searches.map(({ body }) => body.search)).toEqual(['Ani']);
    expect(within(panel()).getByText('In the reporter directory')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Save to reporters' })).toBeNull();
  });

  it('reveals the phones and email of a picked reporter this user sees masked, each on the record, and fills them in full', async () => {
    const masked: Reporter = { ...ANITA, contact: '+91 98xxx xx345', alternateContact: '08xxxxxx789', email: 'axxxx@example.org', maskedFields: ['contact', 'alternateContact', 'email'] };
    const full: Record<string, string> = { contact: ANITA.contact, alternateContact: ANITA.alternateContact ?? '', email: ANITA.email ?? '' };
    const { user, fetchMock } = renderCasePage({
      replies: {
        'POST /api/reporter/getReporters': page([masked]),
        'POST /api/privacy/reveal': (init) => ({ body: { data: { value: full[(JSON.parse(String(init?.body)) as { field: string }).field] } } }),
      },
    });

    await findStep();
    await user.type(lookup('Reporter Name'), 'Ani');
    await user.click(await screen.findByRole('option', { name: /Anita Desai/ }, { timeout: 15_000 }));

    await waitFor(() => expect(lookup('Phone Number').value).toBe('+91 98450 12345'));
    expect((await folded('Alternate Phone Number')).value).toBe('080 2345 6789');
    expect(field('Email').value).toBe('anita@example.org');
    const reveals = requestsOf(fetchMock).filter(({ path }) => path === '/privacy/reveal');
    expect(reveals.map(({ body }) => body).sort((a, b) => String(a.field).localeCompare(String(b.field)))).toEqual([
      { record: 'reporter', id: 7, field: 'alternateContact' },
      { record: 'reporter', id: 7, field: 'contact' },
      { record: 'reporter', id: 7, field: 'email' },
    ]);
  });

  it("saves a reporter typed into the case to the directory with one tap, and says 'Done'", async () => {
    const { user, fetchMock } = renderCasePage({
      replies: {
        'POST /api/reporter/saveFromCase': { body: { data: { reporter: { ...ANITA, id: 8, alternateContact: null, email: null }, created: true } } },
      },
    });

    await findStep();
    expect(within(panel()).queryByRole('button', { name: 'Save to reporters' })).toBeNull();
    await user.type(lookup('Reporter Name'), 'Anita Desai');
    await user.type(lookup('Phone Number'), '+91 98450 12345');
    await user.click(within(panel()).getByRole('button', { name: 'Save to reporters' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Done')).toBeTruthy();
    expect(within(alert).getByText('Reporter created successfully')).toBeTruthy();
    const created = writesOf(fetchMock).filter(({ path }) => path === '/reporter/saveFromCase');
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ name: 'Anita Desai', contact: '+91 98450 12345' });
    expect(created[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(panel()).getByText('In the reporter directory')).toBeTruthy();
  });

  it("says a reporter typed here is in the directory when the server finds them there, even answered masked", async () => {
    const { user } = renderCasePage({
      replies: {
        'POST /api/reporter/getReporters': page([]),
        'POST /api/reporter/saveFromCase': { body: { data: { reporter: { ...ANITA, contact: '+91 98xxx xx345', alternateContact: null, email: null, maskedFields: ['contact'] }, created: false } } },
      },
    });

    await findStep();
    await user.type(lookup('Reporter Name'), 'Anita Desai');
    await user.type(lookup('Phone Number'), '98450 12345');
    await user.click(within(panel()).getByRole('button', { name: 'Save to reporters' }));

    expect(await screen.findByText('In the reporter directory')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Save to reporters' })).toBeNull();
  });

  it('names each missing required field in Hindi, with the Hindi labels', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user, fetchMock } = renderCasePage();

    await findStep();
    expect(screen.getByText('चरण 1/5 · अभी सेव नहीं हुआ।')).toBeTruthy();
    await user.type(lookup('सूचना देने वाले का नाम'), 'अनीता');
    await user.click(within(screen.getByRole('group', { name: 'केस पर कार्रवाई' })).getByRole('button', { name: 'सेव, आगे' }));

    expect(within(await screen.findByRole('alert')).getByText('कृपया ज़रूरी जानकारी भरें')).toBeTruthy();
    for (const message of ['फ़ोन नंबर ज़रूरी है', 'पिनकोड ज़रूरी है']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.click(await within(panel()).findByRole('button', { name: 'और जानकारी' }));
    expect(within(panel()).getByRole('button', { name: 'आज – उठाने की तारीख' })).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'अभी – उठाने का समय' })).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it("keeps 'More details' open for the case it was opened in, on this device, and open for a case whose folded fields hold a value", async () => {
    const first = renderCasePage({ record: buildCase({ id: 12 }) });
    await findStep();
    await first.user.click(await within(panel()).findByRole('button', { name: 'More details' }));
    expect(field('Email').value).toBe('');
    first.unmount();

    // The same case again: open at once. Another case: folded.
    const again = renderCasePage({ record: buildCase({ id: 12 }) });
    await findStep();
    expect((await folded('Email')).value).toBe('');
    again.unmount();
    const other = renderCasePage({ record: buildCase({ id: 13 }) });
    await findStep();
    expect(await within(panel()).findByRole('button', { name: 'More details', expanded: false })).toBeTruthy();
    other.unmount();

    // A case whose folded fields hold a value shows them, open, never the button.
    renderCasePage({ record: buildCase({ id: 14, reportingDetail: { ...SAVED_REPORTING, reporterAltContact: null, pickupDate: '2026-11-20' } }) });
    await findStep();
    expect((await folded('Pickup Date')).value).toBe('20/11/2026');
    expect(within(panel()).queryByRole('button', { name: 'More details' })).toBeNull();
  });
});
