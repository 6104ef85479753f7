import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(pending = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(
    <ConfirmDialog
      opened
      title="Confirm delete case"
      message="Are you sure you want to delete the case?"
      confirmLabel="Delete"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { ...view, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('asks the question with the safe answer focused, and confirms only on the red button', async () => {
    const { user, onConfirm, onCancel } = renderDialog();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete case' });
    expect(within(dialog).getByText('Are you sure you want to delete the case?')).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels from Cancel and from its close button, which screen readers can name', async () => {
    const { user, onConfirm, onCancel } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete case' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows the confirmed action on its way, and takes no second press meanwhile', async () => {
    const { user, onConfirm } = renderDialog(true);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete case' });

    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.hasAttribute('data-loading')).toBe(true);
    await user.click(confirm);

    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is not drawn until it first opens, and then gives the focus back to what opened it', async () => {
    function DeleteButton() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button onClick={() => setOpened(true)}>Delete case 7</button>
          <ConfirmDialog opened={opened} title="Confirm delete case" message="Delete case 7?" confirmLabel="Delete" onConfirm={() => setOpened(false)} onCancel={() => setOpened(false)} />
        </>
      );
    }
    const { user } = renderWithProviders(<DeleteButton />);
    const trigger = await screen.findByRole('button', { name: 'Delete case 7' });
    // Not even Mantine's closed dialog (its root, and on a page its portal).
    expect(document.querySelector('.mantine-Modal-root')).toBeNull();

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete case' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
