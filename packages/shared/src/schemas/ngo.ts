import { z } from 'zod';
import { IdSchema } from './common';
import { imageList, optionalEmail, optionalImage, optionalPhone, optionalText, optionalUrl, requiredText } from './formats';

const NgoFields = {
  name: requiredText('Ngo Name', 200),
  darpanId: optionalText('Darpan Id', 50),
  desc: optionalText('Ngo Description', 4000),
  mission: optionalText('Mission Statement', 4000),
  helpline: optionalPhone('Helpline Number'),
  altHelpline: optionalPhone('Alternate Helpline Number'),
  facebook: optionalUrl('Facebook page'),
  linkedin: optionalUrl('LinkedIn page'),
  instagram: optionalUrl('Instagram page'),
  twitter: optionalText('Twitter ID', 100),
  email: optionalEmail('NGO Email'),
  website: optionalUrl('Website URL'),
  logo: optionalImage(),
  regCert: imageList('Registration Certificate'),
  panCard: imageList('Pan Card'),
  facility: imageList('NGO Facility Pictures', 30),
};

export const CreateNgoInputSchema = z.object(NgoFields);
export type CreateNgoInput = z.infer<typeof CreateNgoInputSchema>;

export const UpdateNgoInputSchema = z.object({ ngoId: IdSchema, ...z.object(NgoFields).partial().shape });
export type UpdateNgoInput = z.infer<typeof UpdateNgoInputSchema>;

export const NgoIdInputSchema = z.object({ ngoId: IdSchema });

export const NgoSchema = z.object({
  id: z.number(),
  name: z.string(),
  darpanId: z.string().nullable(),
  desc: z.string().nullable(),
  mission: z.string().nullable(),
  helpline: z.string().nullable(),
  altHelpline: z.string().nullable(),
  facebook: z.string().nullable(),
  linkedin: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  regCert: z.array(z.string()),
  panCard: z.array(z.string()),
  facility: z.array(z.string()),
});
export type Ngo = z.infer<typeof NgoSchema>;
