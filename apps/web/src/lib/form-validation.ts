import type { FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MESSAGES } from '@rescuedesk/shared';
import { TOAST_MS } from './notify';

type Schema = Parameters<typeof zod4Resolver>[0];

const REQUIRED = / is required$/;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * A form's validation: the shared schema the server uses, plus "<Label> is required" for empty
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
      if (isEmpty(values[path])) errors[path] = `${label} is required`;
    }
    return errors;
  };
}

/**
 * Spec section 8: an empty required field gives the 'Please fill Required Details' toast (10 s,
 * closable) and sends nothing. Any other refusal names the first field to fix; each input shows
 * its own message too. Pressing Save again while the same toast shows does not stack a copy.
 */
export function notifyInvalidForm(errors: FormErrors): void {
  const messages = Object.values(errors).filter((message): message is string => typeof message === 'string');
  const missing = messages.length === 0 || messages.some((message) => REQUIRED.test(message));
  const message = (missing ? MESSAGES.requiredDetails : messages[0]) ?? MESSAGES.requiredDetails;
  notifications.show({
    id: `invalid-form:${message}`,
    title: 'Error',
    message,
    color: 'red',
    autoClose: TOAST_MS.saveError,
    withCloseButton: true,
  });
}
