import { useState } from 'react';
import type { MessageKey } from '@rescuedesk/shared';
import { useT } from '../lib/i18n/use-t';
import { notifyFailure } from '../lib/notify';

/** The code each loader has brought, so that a control drawn later has it at once. */
const arrived = new Map<() => Promise<unknown>, unknown>();
/** A fetch under way, which the pointer's, the focus's and the tap's wishes share. */
const underWay = new Map<() => Promise<unknown>, Promise<unknown>>();

function fetchCode<M>(load: () => Promise<M>): Promise<M> {
  if (arrived.has(load)) return Promise.resolve(arrived.get(load) as M);
  const pending = underWay.get(load) as Promise<M> | undefined;
  if (pending) return pending;
  const fetching = load()
    .then((code) => {
      arrived.set(load, code);
      return code;
    })
    // A fetch that failed is tried afresh at the next wish.
    .finally(() => underWay.delete(load));
  underWay.set(load, fetching);
  return fetching;
}

/**
 * Code that a control needs only once it is used (a dialog, a menu), in a chunk of its own, so the
 * first screen does not wait for it (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24,
 * evening)" and "late night"). It is fetched as the pointer or the focus reaches the control
 * (`preload`), and on its first use (`use`), which shows the control loading meanwhile; a fetch
 * that fails (offline before the app was kept on the device) says so in a toast and leaves the
 * control ready for another try. `load` must be one function for the app's life (a module's
 * constant): the code it brought is kept under it.
 */
export function useCodeOnDemand<M>(load: () => Promise<M>, failed: MessageKey) {
  const t = useT();
  const [code, setCode] = useState<M | null>(() => (arrived.get(load) as M | undefined) ?? null);
  const [loading, setLoading] = useState(false);

  const use = (then: (code: M) => void) => {
    if (code) {
      then(code);
      return;
    }
    setLoading(true);
    fetchCode(load)
      .then((loaded) => {
        setCode(loaded);
        then(loaded);
      })
      .catch(() => notifyFailure(t('common.error'), new Error(t(failed))))
      .finally(() => setLoading(false));
  };

  const preload = () => {
    if (!code) fetchCode(load).catch(() => undefined);
  };

  return { code, loading, use, preload };
}
