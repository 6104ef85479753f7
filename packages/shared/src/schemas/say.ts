import { tr, type MessageKey, type MessageValues } from '../i18n';

/**
 * How the schemas word their messages (docs/decisions/008): a message is written when a check fails,
 * in the language of that moment (the browser's choice, or on the server the request's), and names
 * the field by the label the form shows.
 */

/** An API parameter named by its own name in messages ('page'), where no form label exists. */
export interface ApiParam {
  readonly param: string;
}
export const apiParam = (name: string): ApiParam => ({ param: name });

/** How a message names a field: its label in the catalogue, or an API parameter's own name. */
export type FieldLabel = MessageKey | ApiParam;

export function labelText(label: FieldLabel): string {
  return typeof label === 'string' ? tr(label) : label.param;
}

/** A zod error worded when it happens: says('validation.required', 'field.name'). */
export function says(key: MessageKey, label?: FieldLabel, values?: MessageValues): { error: () => string } {
  return { error: () => tr(key, label === undefined ? values : { ...values, field: labelText(label) }) };
}
