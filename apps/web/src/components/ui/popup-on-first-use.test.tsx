import { cloneElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ActionIcon, Menu } from '@mantine/core';
import { renderWithProviders } from '../../../test/render';
import { PopupOnFirstUse, usePopupState, type PopupProps } from './popup-on-first-use';

function FruitMenu({ target, opening }: PopupProps) {
  const popup = usePopupState(opening);
  return (
    <Menu opened={popup.opened} onChange={popup.onChange}>
      <Menu.Target>{cloneElement(target, { ref: popup.targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Mango</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A pop-up's code as a chunk brings it: each call a new fetch, which may fail. */
function fruitMenuCode({ failures = 0 } = {}) {
  let asked = 0;
  const load = () => {
    asked += 1;
    return asked <= failures ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve({ default: FruitMenu });
  };
  return { load, asked: () => asked };
}

function Fruit({ load }: { load: () => Promise<{ default: typeof FruitMenu }> }) {
  return (
    <PopupOnFirstUse
      load={load}
      kind="menu"
      target={(loading) => (
        <ActionIcon aria-label="Fruit" loading={loading}>
          F
        </ActionIcon>
      )}
    />
  );
}

describe('a pop-up whose code comes on its first use', () => {
  it('draws its trigger alone, saying what it opens, and fetches nothing until it is reached for', () => {
    const code = fruitMenuCode();
    renderWithProviders(<Fruit load={code.load} />);
    const trigger = screen.getByRole('button', { name: 'Fruit' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(code.asked()).toBe(0);
    fireEvent.pointerEnter(trigger);
    expect(code.asked()).toBe(1);
  });

  it('opens on the first tap once its code is there, with the focus given back to its trigger when it closes', async () => {
    const code = fruitMenuCode();
    const { user } = renderWithProviders(<Fruit load={code.load} />);
    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    expect(await screen.findByRole('menuitem', { name: 'Mango' })).toBeTruthy();
    const trigger = screen.getByRole('button', { name: 'Fruit' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Mango' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fruit' })));
  });

  it('is drawn whole at once where its code has come before, and stays closed until tapped', async () => {
    const code = fruitMenuCode();
    const first = renderWithProviders(<Fruit load={code.load} />);
    await first.user.click(screen.getByRole('button', { name: 'Fruit' }));
    await screen.findByRole('menuitem', { name: 'Mango' });
    first.unmount();

    const { user } = renderWithProviders(<Fruit load={code.load} />);
    expect(screen.queryByRole('menuitem', { name: 'Mango' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    expect(await screen.findByRole('menuitem', { name: 'Mango' })).toBeTruthy();
    expect(code.asked()).toBe(1);
  });

  it('says so when its code cannot come, and tries again on the next tap', async () => {
    const code = fruitMenuCode({ failures: 1 });
    renderWithProviders(<Fruit load={code.load} />);
    // A click alone: a pointer would first start a fetch of its own.
    fireEvent.click(screen.getByRole('button', { name: 'Fruit' }));
    expect(await screen.findByText('This could not be opened. Check the network and try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fruit' }).hasAttribute('data-loading')).toBe(false));
    expect(screen.queryByRole('menuitem', { name: 'Mango' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fruit' }));
    expect(await screen.findByRole('menuitem', { name: 'Mango' })).toBeTruthy();
    expect(code.asked()).toBe(2);
  });
});
