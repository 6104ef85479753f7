import { useLingui } from '@lingui/react';
import type { Translate } from '@rescuedesk/shared';

/** `t()` for components: the component renders again when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _ as Translate;
}
