import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { api } from '../../lib/api-client';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { useT } from '../../lib/i18n/use-t';
import { BadIdPanel, RecordGate } from './record-gate';

const VETS = { titleKey: 'directory.vet.listTitle', to: '/vet' } as const;

function VetPage() {
  const t = useT();
  const query = useQuery({ queryKey: ['vet', 7], queryFn: () => api.post<{ name: string }>('/vet/getVetById', { id: 7 }) });
  return (
    <RecordGate query={query} texts={{ notFound: t('directory.vet.notFound'), loadFailed: t('directory.vet.loadOneFailed') }} list={VETS}>
      {(vet) => <p>{vet.name}</p>}
    </RecordGate>
  );
}

describe('RecordGate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('says a missing record could not be found and leads back to its list', async () => {
    stubFetch({ 'POST /api/vet/getVetById': { status: 404, body: { message: 'Not found.' } } });
    renderWithProviders(<VetPage />);

    expect(await screen.findByRole('heading', { name: 'This vet could not be found', level: 1 })).toBeTruthy();
    expect(screen.getByText('It may have been removed, or it belongs to another NGO.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Vet Management' }).getAttribute('href')).toBe('/vet');
  });

  it('says so in Hindi when the record fails to load, with the way back and a retry', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/vet/getVetById': { status: 500, body: { message: 'सर्वर में गड़बड़ी' } } });
    renderWithProviders(<VetPage />);

    expect(await screen.findByRole('heading', { name: 'पशु चिकित्सक की जानकारी लोड नहीं हो सकी', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'पशु चिकित्सक प्रबंधन पर वापस जाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });

  it('tells in Hindi that an address names no record', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<BadIdPanel notFound="यह पशु चिकित्सक नहीं मिला" list={VETS} />);

    expect(screen.getByRole('heading', { name: 'यह पशु चिकित्सक नहीं मिला', level: 1 })).toBeTruthy();
    expect(screen.getByText('इस पते में कोई सही रिकॉर्ड नहीं है।')).toBeTruthy();
  });
});
