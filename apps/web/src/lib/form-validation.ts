import type { FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MESSAGES } from '@rescuedesk/shared';
import { t } from './i18n/i18n';
import { TOAST_MS } from './notify';

type Schema = Parameters<typeof zod4Resolver>[0];

/**
 * Whether a message is a "<Label> is required" in the current language: the catalogue's text with
 * any label in place of {field} (English "Name is required", Hindi "नाम ज़रूरी है").
 */
function isRequiredMessage(message: string): boolean {
  const marker = '\u0000';
  const [before = '', after = ''] = t('validation.required', { field: marker }).split(marker);
  return message.length > before.length + after.length && message.startsWith(before) && message.endsWith(after);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * A form's validation: the shared schema the server uses, plus "<Label> is required" (in the
 * current language; the labels are given already translated) for empty
 * required inputs whose schema message would say something vaguer (a select's "must be one of …",
 * a number's "must be a number"). Build it once per schema (useMemo), since the form's validate
 * must stay stable for useValidationAfterSubmit.
 */
export function formRules<Values extends object>(
  schema: Schema,
  required: Partial<Record<keyof Values & string, string>> = {},
): (values: Values) => FormErrors {
  const bySchema = zod4Resolver(schema, { errorPriority: 'first' });
  return (values) => {
    const errors: FormErrors = { ...bySchema(values as Record<string, unknown>) };
    for (const [path, label] of Object.entries(required) as Array<[keyof Values & string, string]>) {
      if (isEmpty(values[path])) errors[path] = t('validation.required', { field: label });
    }
    return errors;
  };
}

/**
 * docs/product.md#messages: an empty required field gives the 'Please fill Required Details' toast (10 s,
 * closable) and sends nothing. Any other refusal names the first field to fix; each input shows
 * its own message too. Pressing Save again while the same toast shows does not stack a copy.
 */
export function notifyInvalidForm(errors: FormErrors): void {
  const messages = Object.values(errors).filter((message): message is string => typeof message === 'string');
  const missing = messages.length === 0 || messages.some(isRequiredMessage);
  const message = (missing ? MESSAGES.requiredDetails : messages[0]) ?? MESSAGES.requiredDetails;
  notifications.show({
    id: `invalid-form:${message}`,
    title: t('common.error'),
    message,
    color: 'red',
    autoClose: TOAST_MS.saveError,
    withCloseButton: true,
  });
}
