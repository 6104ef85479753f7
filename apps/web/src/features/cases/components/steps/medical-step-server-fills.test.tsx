import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Case, StockOverview } from '@rescuedesk/shared';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { buildCase } from '../../test/case-factory';
import { actionBar, findStep, renderCasePage, writesOf } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

vi.mock('./map-preview', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

// The ABC record's vaccine filled by the server from the stock line (docs/stock.md): the form shows it once the save is answered.
const panel = () => screen.getByRole('tabpanel');
const field = (label: string) => within(panel()).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));

const STOCK: StockOverview = {
  today: '2026-11-29',
  items: [
    {
      id: 1, ngoId: 2, name: 'Raksharab', kind: 'vaccine_rabies', unit: 'dose', reorderLevel: null, usable: 5, low: false,
      batches: [{ id: 12, itemId: 1, batchNo: 'ARV-9', expiryDate: '2027-06-30', supplier: null, receivedOn: '2026-10-01', costPaise: null, quantityReceived: 10, balance: 5, expired: false }],
    },
  ],
  alerts: { lowItems: [], expiringBatches: [] },
};

describe('the vaccine the server filled from stock', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows the name, batch and expiry the save left empty as the server filled them, as saved', async () => {
    let stored: Case = buildCase();
    let uses: object[] = [];
    const { user, fetchMock } = renderCasePage({
      step: 2,
      replies: {
        'POST /api/case/getCaseById': () => ({ body: { data: stored } }),
        'POST /api/stock/getStock': { body: { data: STOCK } },
        'POST /api/stock/getCaseStockUses': () => ({ body: { data: uses } }),
        'POST /api/case/updateMedicalDetail': (init) => {
          const sent = JSON.parse(String(init.body)) as { vaccineName?: string; vaccinationDate: string; stockUses: Array<{ uid: string }> };
          // As the server does: the stock line's item, batch and expiry for what the save does not send.
          stored = buildCase({ medicalDetail: { ...stored.medicalDetail, vaccineName: sent.vaccineName ?? 'Raksharab', vaccineBatch: 'ARV-9', vaccineExpiry: '2027-06-30', vaccinationDate: sent.vaccinationDate, lastModifiedBy: 'Manager' } });
          uses = sent.stockUses.map((line) => ({ uid: line.uid, step: 'medicalDetail', itemId: 1, itemName: 'Raksharab', kind: 'vaccine_rabies', unit: 'dose', batchId: 12, batchNo: 'ARV-9', expiryDate: '2027-06-30', quantity: 1 }));
          return { body: { data: stored } };
        },
      },
    });
    await findStep();

    await user.type(await within(panel()).findByLabelText(/^Vaccination Date/, {}, { timeout: 8_000 }), '28/11/2026');
    await user.click(await within(panel()).findByRole('button', { name: 'Add stock used' }, { timeout: 8_000 }));
    expect(field('Anti-rabies Vaccine').value).toBe('');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('Anti-rabies Vaccine').value).toBe('Raksharab'));
    expect(field('Vaccine Batch Number').value).toBe('ARV-9');
    expect(field('Vaccine Expiry Date').value).toBe('30/06/2027');
    const sent = writesOf(fetchMock).filter((r) => r.path === '/case/updateMedicalDetail');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toHaveProperty('vaccineName');

    // The filled values are the step's saved state: saving again sends nothing.
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(actionBar()).getByRole('button', { name: 'Save' }).hasAttribute('data-loading')).toBe(false));
    expect(writesOf(fetchMock).filter((r) => r.path === '/case/updateMedicalDetail')).toHaveLength(1);
  });
});
