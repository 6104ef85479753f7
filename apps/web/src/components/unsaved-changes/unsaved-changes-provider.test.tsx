import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from './unsaved-changes-provider';
import { useConfirmLeave, useUnsavedChanges } from './use-unsaved-changes';

/** A form that counts as unsaved while its text differs from what was last saved. */
function NoteForm({ onLogout = () => {} }: { onLogout?: () => void }) {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  useUnsavedChanges(() => text !== saved);
  const confirmLeave = useConfirmLeave();
  return (
    <>
      <TextInput label="Note" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save
      </button>
      <button type="button" onClick={() => confirmLeave(onLogout)}>
        Logout
      </button>
      <Link to="/dashboard">Dashboard</Link>
      <Link to="/dashboard/case?id=12&step=2">Next step</Link>
      <Link to="/dashboard/case?id=13">Another case</Link>
    </>
  );
}

function renderForm(onLogout?: () => void) {
  return renderWithProviders(
    <UnsavedChangesProvider>
      <NoteForm onLogout={onLogout} />
    </UnsavedChangesProvider>,
    { route: '/dashboard/case?id=12&step=1' },
  );
}

const path = (router: ReturnType<typeof renderForm>['router']) => router.state.location.pathname + router.state.location.search;

function beforeUnload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('UnsavedChangesProvider', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('asks in Hindi when the app reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Fed at 9');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    const dialog = await screen.findByRole('dialog', { name: 'बिना सेव किए बदलाव छोड़ दें?' });
    expect(within(dialog).getByRole('button', { name: 'यहीं रहें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'छोड़ दें' })).toBeTruthy();
  });
  it('lets the user leave at once when nothing was edited', async () => {
    const { user, router } = renderForm();

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    expect(path(router)).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks 'Discard unsaved changes?' before leaving edits: Stay keeps them, Discard leaves", async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Limping, left hind leg');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(path(router)).toBe('/dashboard/case?id=12&step=1');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(path(router)).toBe('/dashboard/case?id=12&step=1');
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('Limping, left hind leg');

    await user.click(screen.getByRole('link', { name: 'Another case' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));

    expect(path(router)).toBe('/dashboard/case?id=13');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for navigations from outside the page too, as from the sidebar', async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Fed at 9');

    await act(() => router.navigate('/vet'));

    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    expect(path(router)).toBe('/dashboard/case?id=12&step=1');
  });

  it('moves to another step of the same case without asking', async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Fed at 9');

    await user.click(screen.getByRole('link', { name: 'Next step' }));

    expect(path(router)).toBe('/dashboard/case?id=12&step=2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves without asking once the edits are saved', async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Fed at 9');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    expect(path(router)).toBe('/dashboard');
  });

  it('never holds the way to the login page, where an ended session leads', async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('Note'), 'Fed at 9');

    await act(() => router.navigate('/', { replace: true }));

    expect(path(router)).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the browser confirm a reload or closing the tab only while edits are unsaved', async () => {
    const { user } = renderForm();
    expect(beforeUnload().defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('Note'), 'Fed at 9');
    expect(beforeUnload().defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(beforeUnload().defaultPrevented).toBe(false);
  });

  it('asks before logging out with unsaved edits, and logs out only on Discard', async () => {
    const logout = vi.fn();
    const { user } = renderForm(logout);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledOnce();

    await user.type(screen.getByLabelText('Note'), 'Fed at 9');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(logout).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));
    expect(logout).toHaveBeenCalledTimes(2);
  });
});
