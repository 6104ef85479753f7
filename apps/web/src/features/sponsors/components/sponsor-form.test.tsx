import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { SponsorForm } from './sponsor-form';

const FOUNDER: Me = {
  id: 3,
  role: 'Founder',
  ngoId: 2,
  name: 'Farah Founder',
  username: 'founder',
  email: 'founder@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

describe('SponsorForm amount', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps a typed minus sign, refuses the negative amount naming the field, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
    );
    const amount = screen.getByRole('textbox', { name: /Sponsor Amount/ });
    await user.type(amount, '-500');
    await user.tab();
    expect((amount as HTMLInputElement).value).toBe('-500');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sponsor Amount must be at least 0')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a pasted minus sign too', async () => {
    stubFetch({});
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
    );
    const amount = screen.getByRole('textbox', { name: /Sponsor Amount/ });
    await user.click(amount);
    await user.paste('-500');
    await user.tab();
    expect((amount as HTMLInputElement).value).toBe('-500');
  });
});
