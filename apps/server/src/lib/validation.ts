import { tr } from '@rescuedesk/shared';
import type { z } from 'zod';

interface Issue {
  path: string;
  message: string;
}

/**
 * Turns schema issues into the one message the client shows. Messages written for people
 * ('Login ID is required') pass through; terse ones are prefixed with the field they concern.
 */
export function formatIssues(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return tr('validation.requestInvalid');
  const field = first.path.replace(/^\//, '').replaceAll('/', '.');
  if (!field) return first.message.startsWith('Invalid input') ? tr('validation.bodyNotObject') : first.message;
  // A sentence of ours names its field already; zod's own terse messages get the field in front.
  if (!/^[a-z]/.test(first.message) && !first.message.startsWith('Invalid')) return first.message;
  return `${field}: ${first.message}`.replace(`${field}: ${field} `, `${field} `);
}

export function formatZodError(error: z.ZodError): string {
  return formatIssues(error.issues.map((issue) => ({ path: issue.path.join('/'), message: issue.message })));
}
