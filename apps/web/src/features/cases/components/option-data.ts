import { OPTION_SETS, ROLES, optionKey, type OptionSet, type OptionValue, type Role, type Translate } from '@rescuedesk/shared';

/**
 * A Select's options for one stored option set: the stored (English) value, shown by its label in
 * the user's language. Call it while rendering, with the component's t(), so the labels follow the
 * language.
 */
export function optionData<S extends OptionSet>(t: Translate, set: S): Array<{ value: string; label: string }> {
  const values: ReadonlyArray<OptionValue<S>> = OPTION_SETS[set];
  return values.map((value) => ({ value, label: t(optionKey(set, value)) }));
}

/** The label of a stored role ('Manager'), or the text as stored when it is no known role. */
export function roleLabel(t: Translate, stored: string): string {
  return (ROLES as readonly string[]).includes(stored) ? t(optionKey('role', stored as Role)) : stored;
}
