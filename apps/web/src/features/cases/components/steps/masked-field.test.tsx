import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { SAVED_REPORTING, buildCase } from '../../test/case-factory';
import { findStep, renderCasePage, requestsOf, writesOf } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

const panel = () => screen.getByRole('tabpanel');

/** A case a Worker does not work on, as the server sends it (docs/privacy.md#who-sees-what). */
const MASKED = buildCase({
  reportingDetail: { ...SAVED_REPORTING, reporterContact: '+91 98xxx xx345', reporterAltContact: '08xxxxxx789' },
  maskedFields: ['reporterContact', 'reporterAltContact'],
});

describe("a reporter's masked phone on the case page", () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows the masked number read-only with Reveal in Hindi, saves the other fields without it, and reveals it for a call', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user, fetchMock } = renderCasePage({
      record: MASKED,
      replies: {
        'POST /api/case/updateReportingDetail': { body: { data: buildCase({ ...MASKED, reportingDetail: { ...MASKED.reportingDetail, landmark: 'बैंक के सामने' } }) } },
        'POST /api/privacy/reveal': { body: { data: { value: '+91 98450 12345' } } },
      },
    });

    await findStep();
    const phone = within(panel()).getByRole<HTMLInputElement>('textbox', { name: /^फ़ोन नंबर/ });
    expect(phone.value).toBe('+91 98xxx xx345');
    expect(phone.readOnly).toBe(true);
    expect(within(panel()).getAllByText('आधा छिपा है: आप इस केस पर काम नहीं कर रहे। पूरा देखने पर उसका रिकॉर्ड रखा जाता है।').length).toBeGreaterThan(0);

    // Another field is saved as usual; the masked number is neither checked nor sent.
    const landmark = within(panel()).getByLabelText<HTMLInputElement>(/^लैंडमार्क/);
    await user.clear(landmark);
    await user.paste('बैंक के सामने');
    await user.click(within(screen.getByRole('group', { name: 'केस पर कार्रवाई' })).getByRole('button', { name: 'सेव' }));
    await waitFor(() => expect(writesOf(fetchMock).map(({ path, body }) => [path, body])).toEqual([['/case/updateReportingDetail', { caseId: 12, landmark: 'बैंक के सामने' }]]), { timeout: 15_000 });

    await user.click(within(panel()).getByRole('button', { name: 'फ़ोन नंबर पूरा देखें' }));
    await waitFor(() => expect(within(panel()).getByRole<HTMLInputElement>('textbox', { name: /^फ़ोन नंबर/ }).value).toBe('+91 98450 12345'));
    expect(requestsOf(fetchMock).filter(({ path }) => path === '/privacy/reveal').map(({ body }) => body)).toEqual([{ record: 'case', id: 12, field: 'reporterContact' }]);
    expect(within(panel()).getByRole('link', { name: 'कॉल करें' }).getAttribute('href')).toBe('tel:+919845012345');
  });
});
