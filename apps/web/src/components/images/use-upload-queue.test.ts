import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useUploadQueue, type SendOptions, type UploadQueueOptions } from './use-upload-queue';

/** One call of `send`, which the test answers when it chooses. */
interface Sending {
  file: File;
  options: SendOptions;
  resolve: (name: string) => void;
  reject: (error: unknown) => void;
}

/** A queue whose sends wait for the test, and whose callbacks are spies. */
function renderQueue() {
  const sent: Sending[] = [];
  const send = vi.fn(
    (file: File, options: SendOptions) =>
      new Promise<string>((resolve, reject) => {
        sent.push({ file, options, resolve, reject });
        options.signal.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
      }),
  );
  const options = {
    prepare: vi.fn(async (file: File) => file),
    send,
    onUploaded: vi.fn<UploadQueueOptions['onUploaded']>(),
    onFailed: vi.fn<UploadQueueOptions['onFailed']>(),
  };
  const hook = renderHook(() => useUploadQueue(options));
  /** The next send, once the queue has started it. */
  const nextSend = async (count: number) => {
    await waitFor(() => expect(sent.length).toBe(count));
    return sent[count - 1]!;
  };
  return { ...hook, options, sent, nextSend };
}

const photo = (name: string) => new File(['jpeg-bytes'], name, { type: 'image/jpeg' });

describe('useUploadQueue', () => {
  it('sends photos one at a time, in the order chosen, and reports each stored name', async () => {
    const { result, options, sent, nextSend } = renderQueue();

    act(() => result.current.add([photo('a.jpg'), photo('b.jpg')]));
    expect(result.current.pending.map((p) => p.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.current.uploading).toBe(true);

    const first = await nextSend(1);
    expect(first.file.name).toBe('a.jpg');
    expect(result.current.pending.map((p) => p.state)).toEqual(['uploading', 'waiting']);
    expect(sent).toHaveLength(1);

    await act(async () => first.resolve('stored-a.jpg'));
    const second = await nextSend(2);
    expect(second.file.name).toBe('b.jpg');
    expect(options.onUploaded).toHaveBeenLastCalledWith('stored-a.jpg');

    await act(async () => second.resolve('stored-b.jpg'));
    expect(options.onUploaded.mock.calls).toEqual([['stored-a.jpg'], ['stored-b.jpg']]);
    expect(result.current.pending).toEqual([]);
    expect(result.current.uploading).toBe(false);
  });

  it('prepares each photo before sending it, and sends what the preparation made', async () => {
    const { result, options, nextSend } = renderQueue();
    const smaller = photo('a-small.jpg');
    options.prepare.mockResolvedValueOnce(smaller);

    act(() => result.current.add([photo('a.jpg')]));

    expect((await nextSend(1)).file).toBe(smaller);
    expect(options.prepare).toHaveBeenCalledWith(expect.objectContaining({ name: 'a.jpg' }));
  });

  it("shows a photo's progress while it is sent", async () => {
    const { result, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg')]));
    const sending = await nextSend(1);

    act(() => sending.options.onProgress(0.4));

    expect(result.current.pending[0]).toMatchObject({ state: 'uploading', progress: 0.4 });
  });

  it('keeps a refused photo as a failed row with the reason, reports it, and goes on with the next', async () => {
    const { result, options, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg'), photo('b.jpg')]));

    const refusal = new Error('The image is larger than 10 MB.');
    const first = await nextSend(1);
    await act(async () => first.reject(refusal));

    expect(options.onFailed).toHaveBeenCalledWith(refusal);
    expect(result.current.pending[0]).toMatchObject({ state: 'failed', error: 'The image is larger than 10 MB.' });
    const second = await nextSend(2);
    expect(second.file.name).toBe('b.jpg');

    await act(async () => second.resolve('stored-b.jpg'));
    // Only a failed row is left: nothing is on its way, so a form may save.
    expect(result.current.pending.map((p) => p.file.name)).toEqual(['a.jpg']);
    expect(result.current.uploading).toBe(false);
  });

  it('sends a failed photo again on retry, and drops its row once stored', async () => {
    const { result, options, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg')]));
    const first = await nextSend(1);
    await act(async () => first.reject(new Error('Network error')));
    const failed = result.current.pending[0]!;

    act(() => result.current.retry(failed));
    expect(result.current.pending[0]).toMatchObject({ state: 'waiting', progress: 0, error: undefined });
    expect(result.current.uploading).toBe(true);

    const again = await nextSend(2);
    expect(again.file.name).toBe('a.jpg');
    await act(async () => again.resolve('stored-a.jpg'));

    expect(options.onUploaded).toHaveBeenCalledWith('stored-a.jpg');
    expect(result.current.pending).toEqual([]);
  });

  it('cancels a photo on its way without reporting a failure', async () => {
    const { result, options, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg')]));
    const sending = await nextSend(1);

    await act(async () => result.current.cancel(result.current.pending[0]!.key));

    expect(sending.options.signal.aborted).toBe(true);
    expect(result.current.pending).toEqual([]);
    expect(options.onFailed).not.toHaveBeenCalled();
    expect(options.onUploaded).not.toHaveBeenCalled();
  });

  it('never sends a photo cancelled while it waited its turn', async () => {
    const { result, options, sent, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]));
    const first = await nextSend(1);

    act(() => result.current.cancel(result.current.pending[1]!.key));
    await act(async () => first.resolve('stored-a.jpg'));

    expect((await nextSend(2)).file.name).toBe('c.jpg');
    expect(sent.map((s) => s.file.name)).toEqual(['a.jpg', 'c.jpg']);
    expect(options.prepare).toHaveBeenCalledTimes(2);
  });

  it('aborts the upload in flight when the uploader leaves the page', async () => {
    const { result, unmount, nextSend } = renderQueue();
    act(() => result.current.add([photo('a.jpg')]));
    const sending = await nextSend(1);

    unmount();

    expect(sending.options.signal.aborted).toBe(true);
  });
});
