import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMediaMatch } from './use-media-match';

/** A media query list whose answer a test changes, telling its listeners as a browser does. */
function fakeMediaQueryList(initial: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initial,
    media: '(max-width: 31.26em)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const change = (matches: boolean) => {
    list.matches = matches;
    for (const listener of listeners) listener();
  };
  return { list: list as unknown as MediaQueryList, change, listeners };
}

afterEach(() => vi.restoreAllMocks());

describe('useMediaMatch', () => {
  it('answers on the first drawing, draws once, follows a change and stops listening when gone', () => {
    const media = fakeMediaQueryList(true);
    vi.spyOn(window, 'matchMedia').mockReturnValue(media.list);
    const drawings: boolean[] = [];
    function Layout() {
      const narrow = useMediaMatch('(max-width: 31.26em)');
      drawings.push(narrow);
      return <p>{narrow ? 'cards' : 'table'}</p>;
    }

    const view = render(<Layout />);
    expect(screen.getByText('cards')).toBeTruthy();
    expect(drawings).toEqual([true]);

    act(() => media.change(false));
    expect(screen.getByText('table')).toBeTruthy();
    expect(drawings).toEqual([true, false]);

    view.unmount();
    expect(media.listeners.size).toBe(0);
  });
});
