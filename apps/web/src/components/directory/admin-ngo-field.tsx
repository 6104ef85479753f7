import type { FormErrors } from '@mantine/form';
import type { Role } from '@rescuedesk/shared';
import { useT } from '../../lib/i18n/use-t';
import { NgoSelect, type NgoSelectProps } from './ngo-select';

/** The part of a directory form the field is bound to: its `ngoId`. */
interface NgoIdForm {
  values: { ngoId: number | null };
  errors: FormErrors;
  setFieldValue: (path: 'ngoId', ngoId: number | null) => void;
}

interface AdminNgoFieldProps extends Omit<NgoSelectProps, 'value' | 'onChange' | 'error' | 'form'> {
  /** The signed-in user's role: the field shows for an Admin only. */
  role: Role;
  /** The record's NGO cannot change any more (reporters, vets and sponsors once created). */
  locked?: boolean;
  /** The form whose ngoId the field shows and sets. */
  form: NgoIdForm;
}

/**
 * docs/product.md#tenancy: only an Admin sees the NGO selector, and chooses the NGO a new record belongs
 * to. Everyone else's records belong to their own NGO, set by the server.
 */
export function AdminNgoField({ role, locked = false, form, ...props }: AdminNgoFieldProps) {
  const t = useT();
  if (role !== 'Admin') return null;
  return (
    <NgoSelect
      label={t('field.ngo')}
      placeholder={t('directory.ngoField.placeholder')}
      withAsterisk={!locked}
      disabled={locked}
      description={locked ? t('directory.ngoField.locked') : undefined}
      value={form.values.ngoId}
      onChange={(ngoId) => form.setFieldValue('ngoId', ngoId)}
      error={form.errors.ngoId}
      {...props}
    />
  );
}
