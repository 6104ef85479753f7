import type { MessageKey } from '@rescuedesk/shared';
import { t } from '../../lib/i18n/i18n';

/**
 * Labels of a form's required inputs for formRules, given as catalogue keys and read in the current
 * language each time the form is checked (a label read once, at import, would keep the first language).
 */
export function fieldLabels<K extends string>(keys: Readonly<Record<K, MessageKey>>): Record<K, string> {
  const labels = {} as Record<K, string>;
  for (const [path, key] of Object.entries(keys) as Array<[K, MessageKey]>) {
    Object.defineProperty(labels, path, { get: () => t(key), enumerable: true });
  }
  return labels;
}
