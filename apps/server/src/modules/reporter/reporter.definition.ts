import type { CreateReporterInput, Reporter } from '@rescuedesk/shared';
import { parseList, serializeList } from '../../lib/json-list';
import type { DirectoryDefinition } from '../directory/directory.service';

type Fields = Omit<CreateReporterInput, 'ngoId' | 'ngoName'>;

export const reporterDefinition: DirectoryDefinition<'reporters', Reporter, Fields> = {
  entity: 'reporter',
  notFound: 'Reporter not found.',
  toApi: (row) => ({
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    contact: row.contact,
    alternateContact: row.alternate_contact,
    email: row.email,
    verificationId: parseList(row.verification_id),
  }),
  toColumns: (f) => ({
    name: f.name,
    contact: f.contact,
    alternate_contact: f.alternateContact,
    email: f.email,
    verification_id: f.verificationId === undefined ? undefined : serializeList(f.verificationId ?? []),
  }),
  images: (f) => ({ 'Verification ID': f.verificationId }),
};
