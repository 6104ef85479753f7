import type { Role } from './permissions';

/**
 * The places of the monthly report's signatures (docs/reports.md#signing-the-monthly-report), kept
 * apart from the schemas so that pages showing them do not load zod. The three, in the order printed.
 */
export const SIGNATURE_SLOTS = ['projectVet', 'municipalVet', 'districtVet'] as const;
export type SignatureSlot = (typeof SIGNATURE_SLOTS)[number];

/** Who may sign in each place: the NGO's office signs as the project's vet; committee members as the officers. */
export const SLOT_SIGNERS: Readonly<Record<SignatureSlot, readonly Role[]>> = {
  projectVet: ['Admin', 'Founder', 'Manager'],
  municipalVet: ['Committee'],
  districtVet: ['Committee'],
};

