import { END_BEFORE_START_MESSAGE, SPONSOR_TYPES, type CreateSponsorInput, type Sponsor, type SponsorType } from '@rescuedesk/shared';
import { ValidationError } from '../../errors';
import type { DirectoryDefinition } from '../directory/directory.service';

type Fields = Omit<CreateSponsorInput, 'ngoId' | 'ngoName'>;

export const sponsorDefinition: DirectoryDefinition<'sponsors', Sponsor, Fields> = {
  entity: 'sponsor',
  notFound: 'Sponsor not found.',
  toApi: (row) => ({
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    type: (SPONSOR_TYPES as readonly string[]).includes(row.type) ? (row.type as SponsorType) : 'Other',
    amount: Number(row.amount),
    logo: row.logo,
    startDate: row.start_date,
    endDate: row.end_date,
  }),
  toColumns: (f) => ({ name: f.name, type: f.type, amount: f.amount, logo: f.logo, start_date: f.startDate, end_date: f.endDate }),
  images: (f) => ({ 'Sponsor Logo': f.logo }),
  // An update may carry one date only: the order is checked against the stored other one.
  check: (merged) => {
    if (merged.endDate < merged.startDate) throw new ValidationError(END_BEFORE_START_MESSAGE);
  },
};
