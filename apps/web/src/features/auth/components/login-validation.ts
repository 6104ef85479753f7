import { zod4Resolver } from 'mantine-form-zod-resolver';
import { LoginInputSchema } from '@rescuedesk/shared';

/**
 * The sign-in form's rules: the server's own schema. With zod they weigh more than the rest of the
 * sign-in page, so they come down once the page is drawn (login-form.tsx), not before.
 */
export { LoginInputSchema };
export const validateLogin = zod4Resolver(LoginInputSchema, { errorPriority: 'first' });
