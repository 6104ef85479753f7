import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStorage } from './persistent-storage';

function stubStorage(persisted: boolean, grant: boolean) {
  const persist = vi.fn(() => Promise.resolve(grant));
  vi.stubGlobal('navigator', { ...navigator, storage: { persisted: () => Promise.resolve(persisted), persist } });
  return persist;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('keepStorage', () => {
  it('asks the browser to keep the storage when it is not kept yet, and answers its decision', async () => {
    const persist = stubStorage(false, true);
    expect(await keepStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('does not ask again once the storage is kept', async () => {
    const persist = stubStorage(true, true);
    expect(await keepStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('answers false when the browser refuses or cannot keep storage', async () => {
    stubStorage(false, false);
    expect(await keepStorage()).toBe(false);
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(await keepStorage()).toBe(false);
  });
});
