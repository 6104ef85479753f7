import type { CreateVetInput, Vet } from '@rescuedesk/shared';
import { parseList, serializeList } from '../../lib/json-list';
import type { DirectoryDefinition } from '../directory/directory.service';

type Fields = Omit<CreateVetInput, 'ngoId' | 'ngoName'>;

export const vetDefinition: DirectoryDefinition<'vets', Vet, Fields> = {
  entity: 'vet',
  notFound: 'Vet not found.',
  toApi: (row) => ({
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    regId: row.reg_id,
    vetCertification: parseList(row.vet_certification),
    verificationId: parseList(row.verification_id),
  }),
  toColumns: (f) => ({
    name: f.name,
    reg_id: f.regId,
    vet_certification: f.vetCertification === undefined ? undefined : serializeList(f.vetCertification ?? []),
    verification_id: f.verificationId === undefined ? undefined : serializeList(f.verificationId ?? []),
  }),
  images: (f) => ({ 'Vet Certification': f.vetCertification, 'Verification ID': f.verificationId }),
};
