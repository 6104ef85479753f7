import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/api-client';

/** Why the server refused a form's save, under the form, until the next try; nothing while there is no refusal. */
export function RefusalAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" mt="sm" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
