import type { Role } from '@rescuedesk/shared';
import { NgoSelect, type NgoSelectProps } from './ngo-select';

interface AdminNgoFieldProps extends NgoSelectProps {
  /** The signed-in user's role: the field shows for an Admin only. */
  role: Role;
  /** The record's NGO cannot change any more (reporters, vets and sponsors once created). */
  locked?: boolean;
}

/**
 * Spec section 6: only an Admin sees the NGO selector, and chooses the NGO a new record belongs
 * to. Everyone else's records belong to their own NGO, set by the server.
 */
export function AdminNgoField({ role, locked = false, ...props }: AdminNgoFieldProps) {
  if (role !== 'Admin') return null;
  return (
    <NgoSelect
      label="NGO"
      placeholder="Choose the NGO"
      withAsterisk={!locked}
      disabled={locked}
      description={locked ? 'Set when the record was created' : undefined}
      {...props}
    />
  );
}
