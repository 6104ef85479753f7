import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { ProfileForm } from './profile-form';

const ME: Me = {
  id: 5,
  role: 'Manager',
  ngoId: 2,
  name: 'Manoj Manager',
  username: 'manager',
  email: 'manager@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};
const STORED = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.webp';

describe('ProfileForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uploads a chosen picture as "Profile" for the user\'s NGO, then saves the name with it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    let uploaded: FormData | undefined;
    const fetchMock = stubFetch({
      'POST /api/image/createImage': (init) => {
        uploaded = init.body as FormData;
        return { body: { data: STORED } };
      },
      'POST /api/auth/updateProfile': { body: { data: { ...ME, name: 'Manoj M.', profileImage: STORED } } },
    });
    const { user, container } = renderWithProviders(<ProfileForm me={ME} />);

    const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    expect(fileInput.accept).toBe('image/*');
    await user.upload(fileInput, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.getByAltText('Preview of the chosen picture').getAttribute('src')).toBe('blob:preview');

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Manoj M.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(uploaded?.get('fieldName')).toBe('Profile');
    expect(uploaded?.get('ngoId')).toBe('2');
    expect(uploaded?.get('image')).toBeInstanceOf(File);
    const saved = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/updateProfile'));
    expect(JSON.parse(String(saved?.[1]?.body))).toEqual({ name: 'Manoj M.', profileImage: STORED });
  });

  it('requires a name, after submit', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ProfileForm me={ME} />);

    await user.clear(screen.getByLabelText(/^Name/));
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
