import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddToReport } from './add-to-report';
import { translator } from './strings';

const tracking = { ngoName: 'Green Paws Trust', helpline: null, code: 'K7M2QX9P', milestones: [], noticesOn: false, open: true, additions: [] };

afterEach(() => vi.unstubAllGlobals());

describe('adding to a report from its tracking page', () => {
  it('sends the same key again after a lost answer, and a new one for what was changed or added next', async () => {
    const keys: string[] = [];
    let answers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(String((init.body as FormData).get('sendKey')));
        answers += 1;
        // The first answer is lost on the way back.
        if (answers === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ data: tracking }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const onAdded = vi.fn();
    const user = userEvent.setup();
    render(<AddToReport reportKey={{ token: 'x'.repeat(22) }} language="en" t={translator('en')} onAdded={onAdded} Heading="h2" />);

    await user.type(screen.getByLabelText('Comment'), 'Still by the temple');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    // Sent again as it stands: the same key, so the server keeps it once.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added. Thank you.')).toBeTruthy();
    expect(onAdded).toHaveBeenCalledWith(tracking);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // The next addition is another one.
    await user.type(screen.getByLabelText('Comment'), 'Eating now');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('makes a comment changed after a failed send another addition', async () => {
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(String((init.body as FormData).get('sendKey')));
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    render(<AddToReport reportKey={{ token: 'x'.repeat(22) }} language="en" t={translator('en')} onAdded={vi.fn()} Heading="h2" />);
    await user.type(screen.getByLabelText('Comment'), 'Limping');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    await user.type(screen.getByLabelText('Comment'), ' badly');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
