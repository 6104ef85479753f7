import { DEFAULT_LANGUAGE, RoleSchema, isLanguage, type Me } from '@rescuedesk/shared';

/** What `me` answers is made of: the user's own columns and their NGO's name. */
export interface MeColumns {
  role: string;
  ngo_id: number | null;
  name: string;
  username: string;
  email: string;
  profile_image: string | null;
  ngo_name: string | null;
  language: string;
}

/** The signed-in user as the shell and the settings page see them, from the user's row (or the session read's). */
export function meOf(userId: number, user: MeColumns): Me {
  return {
    id: userId,
    role: RoleSchema.parse(user.role),
    ngoId: user.ngo_id,
    name: user.name,
    username: user.username,
    email: user.email,
    profileImage: user.profile_image,
    ngoName: user.ngo_name,
    language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
  };
}
