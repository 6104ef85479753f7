import { tr, type MessageKey } from './i18n';

/**
 * Texts the server and the browser both show (docs/product.md#messages), read in the current
 * language each time: the browser's choice, or on the server the language of the request.
 */
const KEYS = {
  loginFailed: 'error.loginFailed',
  loginThrottled: 'error.loginThrottled',
  signInRequired: 'error.signInRequired',
  forbidden: 'error.forbidden',
  notFound: 'error.notFound',
  imageNotFound: 'error.imageNotFound',
  serverError: 'error.serverError',
  databaseUnavailable: 'error.databaseUnavailable',
  storageUnavailable: 'error.storageUnavailable',
  oldPasswordIncorrect: 'error.oldPasswordIncorrect',
  requiredDetails: 'validation.requiredDetails',
} as const satisfies Record<string, MessageKey>;

export const MESSAGES = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, { get: () => tr(key), enumerable: true }])),
) as { readonly [K in keyof typeof KEYS]: string };
