import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test/render';
import { stubFetch } from '../../../../../test/fetch';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { SAVED_REPORTING, buildCase } from '../../test/case-factory';
import { ReportingStep } from './reporting-step';
import type { StepNavigation } from './step-navigation';

function navigation(): StepNavigation {
  return { number: 1, count: 5, isFirst: true, isLast: false, onPrevious: vi.fn(), onNext: vi.fn(), onExit: vi.fn() };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));

describe('ReportingStep', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("starts a fresh step with today's date and the current time", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 7, 5));
    renderWithProviders(<ReportingStep caseRecord={buildCase()} navigation={navigation()} />);

    expect(field('Reported Date').value).toBe('2026-11-20');
    expect(field('Reported Time').value).toBe('07:05');
    expect(field('Pickup Date').value).toBe('2026-11-20');
    expect(field('Pickup Time').value).toBe('07:05');
    expect(field('Reporter Name').value).toBe('');
    expect(screen.getByText('Step 1 of 5 · Not saved yet.')).toBeTruthy();
  });

  it("says 'Please fill Required Details' and sends nothing while a required field is empty", async () => {
    const fetchMock = stubFetch({});
    const nav = navigation();
    const { user } = renderWithProviders(<ReportingStep caseRecord={buildCase()} navigation={nav} />);

    await user.click(field('Reporter Name'));
    await user.paste('Anita Desai');
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please fill Required Details')).toBeTruthy();
    for (const message of ['Phone Number is required', 'Location is required', 'Landmark is required', 'Pincode is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.queryByText('Reporter Name is required')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(nav.onNext).not.toHaveBeenCalled();
  });

  it('checks formats with the shared schema, naming the field', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ReportingStep caseRecord={buildCase({ reportingDetail: SAVED_REPORTING })} navigation={navigation()} />);

    await user.clear(field('Pincode'));
    await user.paste('5600');
    await user.click(field('Email'));
    await user.paste('anita@');
    await user.click(screen.getByRole('button', { name: 'Save & Exit' }));

    expect(await screen.findByText('Pincode must be 6 digits')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.queryByText('Please fill Required Details')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only what changed, with null for a field the user emptied, then moves to the next step', async () => {
    const fetchMock = stubFetch({
      'POST /api/case/updateReportingDetail': {
        body: { data: buildCase({ reportingDetail: { ...SAVED_REPORTING, reporterAltContact: null, landmark: 'Brigade Road' } }) },
      },
    });
    const nav = navigation();
    const { user } = renderWithProviders(<ReportingStep caseRecord={buildCase({ reportingDetail: SAVED_REPORTING })} navigation={nav} />);
    expect(field('Pickup Date').value).toBe('');

    await user.clear(field('Alternate Phone Number'));
    await user.clear(field('Landmark'));
    await user.paste('Brigade Road');
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(nav.onNext).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(screen.getByText('Case saved successfully')).toBeTruthy();
    expect(nav.onExit).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ caseId: 12, reporterAltContact: null, landmark: 'Brigade Road' });
  });

  it("shows the server's message under 'Error' and stays on the step when the save fails", async () => {
    stubFetch({ 'POST /api/case/updateReportingDetail': { status: 422, body: { message: 'Consent Form refers to an image that was not uploaded for this NGO' } } });
    const nav = navigation();
    const { user } = renderWithProviders(<ReportingStep caseRecord={buildCase({ reportingDetail: SAVED_REPORTING })} navigation={nav} />);

    await user.click(screen.getByRole('button', { name: 'Save & Exit' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Consent Form refers to an image that was not uploaded for this NGO')).toBeTruthy();
    expect(nav.onExit).not.toHaveBeenCalled();
    expect(nav.onNext).not.toHaveBeenCalled();
  });
  it('names each missing required field in Hindi, with the Hindi labels', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ReportingStep caseRecord={buildCase()} navigation={navigation()} />);

    expect(screen.getByText('चरण 1/5 · अभी सेव नहीं हुआ।')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'सेव करें और आगे' }));

    expect(within(await screen.findByRole('alert')).getByText('कृपया ज़रूरी जानकारी भरें')).toBeTruthy();
    for (const message of ['सूचना देने वाले का नाम ज़रूरी है', 'फ़ोन नंबर ज़रूरी है', 'पिनकोड ज़रूरी है']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'उठाने की तारीख मिटाएँ' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
