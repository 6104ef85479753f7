/** User-visible texts shared by the server and the browser (spec section 8, as amended by decisions.md). */
export const MESSAGES = {
  loginFailed: 'Incorrect login ID or password.',
  loginThrottled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  signInRequired: 'Please sign in.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  imageNotFound: 'Image not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The database is unavailable right now. Please try again in a moment.',
  storageUnavailable: 'The server cannot store data right now (its disk is full or read-only). Nothing was saved.',
  oldPasswordIncorrect: 'Old password is incorrect.',
  requiredDetails: 'Please fill Required Details',
} as const;
