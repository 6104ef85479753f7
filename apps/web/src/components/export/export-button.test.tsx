import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ExportButton } from './export-button';

/** A CSV answer that arrives in pieces, holding back the last until `release` is called. */
function streamedCsv(rows: number) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const lines = ['\uFEFFCase ID,Name\r\n', ...Array.from({ length: rows }, (_, i) => `${i + 1},"Name ${i + 1}"\r\n`)];
  const half = Math.floor(lines.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const encode = (text: string) => new TextEncoder().encode(text);
      controller.enqueue(encode(lines.slice(0, half).join('')));
      await held;
      controller.enqueue(encode(lines.slice(half).join('')));
      controller.close();
    },
  });
  const response = new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="cases-2026-11-23.csv"', 'x-export-rows': String(rows) } });
  return { response, release };
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExportButton', () => {
  it('shows the rows received against those announced while the file streams in, then saves it', async () => {
    const { response, release } = streamedCsv(10);
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('fetch', fetchMock);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ExportButton path="/export/cases" body={{ type: 'OPD' }} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('4 of 10 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe('40');
    release();
    expect(await screen.findByText('10 rows downloaded.')).toBeTruthy();
    expect(clicked).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith('/api/export/cases', expect.objectContaining({ method: 'POST', body: JSON.stringify({ type: 'OPD' }) }));
  });

  it("shows the server's message when the export is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'You do not have permission to do this.' }), { status: 403, headers: { 'Content-Type': 'application/json' } })));
    const { user } = renderWithProviders(<ExportButton path="/export/users" body={{}} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByText('You do not have permission to do this.')).toBeTruthy());
  });
});
