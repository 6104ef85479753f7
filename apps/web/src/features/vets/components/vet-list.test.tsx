import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Vet } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { VetList } from './vet-list';


function page<T>(data: T[]) {
  return { body: { data, meta: { total: data.length, page: 1, pageSize: 10 } } };
}

describe('VetList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('lists the vets in Hindi, and says so in Hindi when there are none', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/vet/getVets': page<Vet>([{ id: 12, ngoId: 2, name: 'Dr. Arjun Shetty', regId: 'KVC-1024', vetCertification: [], verificationId: [] }]) });
    const { unmount } = renderWithProviders(<VetList me={FOUNDER} />);

    expect(screen.getByRole('heading', { name: 'पशु चिकित्सक प्रबंधन', level: 1 })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नाम / पंजीकरण आईडी से खोजें' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: 'Dr. Arjun Shetty' });
    expect(within(row).getByRole('link', { name: 'Dr. Arjun Shetty देखें' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['क्र.सं.', 'नाम', 'पंजीकरण आईडी', 'बदलें']);
    unmount();

    stubFetch({ 'POST /api/vet/getVets': page<Vet>([]) });
    renderWithProviders(<VetList me={FOUNDER} />);
    expect(await screen.findByText('अभी कोई पशु चिकित्सक नहीं है')).toBeTruthy();
    expect(screen.getByText('पहला जोड़ने के लिए “पशु चिकित्सक जोड़ें” दबाएँ।')).toBeTruthy();
  });
});
