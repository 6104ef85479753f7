import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { announceUpdate } from '../../lib/pwa/update-state';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then hands over to it only when the user chooses Reload', async () => {
    const { user } = renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByText('A new version is ready')).toBeNull();

    const switchTo = vi.fn();
    act(() => announceUpdate(switchTo));
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    expect(switchTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(switchTo).toHaveBeenCalledOnce();
  });
});
