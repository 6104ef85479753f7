import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { appOutbox } from '../lib/offline/app-outbox';
import { noteSignedIn, readOfflineUser } from '../lib/offline/offline-user';
import { endSignedInSession } from './session-ended';

afterEach(() => {
  appOutbox().stop();
  window.localStorage.clear();
});

describe('endSignedInSession', () => {
  it("pauses the outbox, so the next user's cookie never sends the last user's changes, and keeps them for that user", () => {
    noteSignedIn(7);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['cases'], { data: [] });
    const openSignIn = vi.fn();
    expect(appOutbox().getSnapshot().paused).toBe(false);

    endSignedInSession(queryClient, openSignIn);

    expect(appOutbox().getSnapshot().paused).toBe(true);
    expect(readOfflineUser()).toEqual({ id: 7, signedIn: false });
    expect(queryClient.getQueryData(['cases'])).toBeUndefined();
    expect(openSignIn).toHaveBeenCalledOnce();
  });
});
