import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadable } from './loadable';

/** A page with something typed in it: its count is lost if it is mounted afresh. */
function CountingPage() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Pressed {count}
    </button>
  );
}

function loadCountingPage() {
  let asked = 0;
  const Page = loadable(() => {
    asked += 1;
    return Promise.resolve({ default: CountingPage });
  });
  return { Page, asked: () => asked };
}

const drawn: string[] = [];
function Fallback() {
  drawn.push('fallback');
  return <p>Loading</p>;
}

describe('a page whose code comes in a chunk of its own', () => {
  it('is drawn at once, without its fallback, when its code arrived before', async () => {
    const { Page } = loadCountingPage();
    await Page.preload();
    drawn.length = 0;
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Pressed 0' })).toBeTruthy();
    expect(drawn).toEqual([]);
  });

  it('shows its fallback until its code arrives when it was not fetched ahead', async () => {
    const { Page, asked } = loadCountingPage();
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pressed 0' })).toBeTruthy();
    expect(asked()).toBe(1);
  });

  it('keeps what was done on a page drawn through its fallback when the page around it is drawn again', async () => {
    const user = userEvent.setup();
    const { Page } = loadCountingPage();
    function Around({ title }: { title: string }) {
      return (
        <main>
          <h1>{title}</h1>
          <Suspense fallback={<Fallback />}>
            <Page />
          </Suspense>
        </main>
      );
    }
    const view = render(<Around title="First" />);
    await user.click(await screen.findByRole('button', { name: 'Pressed 0' }));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeTruthy();

    // The code has arrived by now: a later drawing must not swap the page for a fresh one.
    act(() => view.rerender(<Around title="Second" />));
    expect(screen.getByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeTruthy();
  });

  it('answers its preload, without failing, when its code cannot be downloaded', async () => {
    const Page = loadable(() => Promise.reject(new Error('offline')));
    await expect(Page.preload()).resolves.toBeUndefined();
  });
});
