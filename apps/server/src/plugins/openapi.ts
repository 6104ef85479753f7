import { MessageSchema } from '@rescuedesk/shared';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../modules/auth/session.guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For the OpenAPI document only: the fields of a multipart body, which the route reads itself. */
    multipartForm?: z.ZodObject;
  }
}

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/**
 * The OpenAPI document's view of every route, added in one place rather than in each route file:
 * the error answers the route can give (all `{ message }`, from the one error handler), the
 * multipart body of an upload, and ids, dates and times as what they are. Documentation only:
 * nothing here changes how a request is validated or an answer serialised.
 */
export const openApiTransform: Transform = (input: TransformInput) => {
  const schema = input.schema as (FastifySchema & { hide?: boolean; consumes?: readonly string[]; produces?: readonly string[] }) | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const config = input.route.config as { access?: RouteAccess; rateLimit?: unknown; multipartForm?: z.ZodObject } | undefined;
  const form = config?.multipartForm;
  const route: RouteFacts = {
    url: input.url,
    methods: [input.route.method].flat() as HTTPMethods[],
    access: config?.access ?? 'signedIn',
    rateLimited: config?.rateLimit !== undefined,
    multipart: Boolean(form) || Boolean(schema.consumes?.includes('multipart/form-data')),
    inputKeys: [schema.body, schema.params, schema.querystring, form].flatMap(keysOf),
    validated: Boolean(schema.body || schema.querystring || form),
  };
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const documented = {
    ...schema,
    ...(form && !schema.body ? { body: form } : {}),
    response: { ...successWithoutSchema(declared, schema.produces), ...errorAnswers(route), ...declared },
  };
  const result = jsonSchemaTransform({ ...input, schema: documented });
  const response = (result.schema as { response?: Record<string, unknown> }).response;
  if (response) for (const answer of Object.values(response)) describeFormats(answer);
  return result;
};

interface RouteFacts {
  url: string;
  methods: HTTPMethods[];
  access: RouteAccess;
  rateLimited: boolean;
  multipart: boolean;
  inputKeys: string[];
  validated: boolean;
}

/** A route that answers a file (an image) declares no response schema: say what it sends. */
function successWithoutSchema(declared: Record<string, unknown>, produces: readonly string[] | undefined): Record<number, unknown> {
  if (Object.keys(declared).some((status) => status.startsWith('2'))) return {};
  const types = produces ?? ['application/octet-stream'];
  return { 200: { description: 'The file', content: Object.fromEntries(types.map((type) => [type, { schema: z.file() }])) } };
}

/** Inputs that name a record: one that does not exist, or is another NGO's, is answered 404. */
const RECORD_KEYS = new Set(['id', 'caseId', 'ngoId', 'sponsorId', 'ngoName', 'fileName', 'image']);

/** An error answer: always JSON `{ message }`, whatever the route sends when it succeeds. */
interface ErrorAnswer {
  description: string;
  content: { 'application/json': { schema: z.ZodType } };
}

function message(description: string): ErrorAnswer {
  return { description, content: { 'application/json': { schema: MessageSchema } } };
}

/**
 * The error answers a route can give from what it declares (access, method, inputs, limits) and from
 * the machinery every route shares: the session guard, the body parser, validation, Idempotency-Key
 * replays (docs/decisions/011: on any POST from a signed-in caller, 404, 409 or 422 for a key sent
 * again) and the database. A refusal only the route's own service knows of is declared in the
 * route's response schema (login's 401 and 429), and the route's declaration wins.
 */
export function errorAnswers(route: RouteFacts): Record<number, ErrorAnswer> {
  const writes = route.methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const namesRecord = route.inputKeys.some((key) => RECORD_KEYS.has(key)) || route.multipart;
  const answers: Record<number, ErrorAnswer> = {};
  if (writes) {
    answers[400] = message(
      route.multipart
        ? 'The upload is not a valid multipart form, a record id is malformed, or the Idempotency-Key or X-Made-At is.'
        : 'The body is not valid JSON, holds a NUL character or a malformed record id, or the Idempotency-Key or X-Made-At (when the change was made on the device) is malformed.',
    );
  }
  if (route.access !== 'public') answers[401] = message('Not signed in, or the session has ended.');
  if (writes || (route.access !== 'public' && route.access !== 'signedIn')) {
    answers[403] = message('The role may not do this, or the request came from another site.');
  }
  if (namesRecord) answers[404] = message('The record does not exist, or belongs to another NGO (or an Idempotency-Key sent again was made in another NGO).');
  else if (writes) answers[404] = message('An Idempotency-Key sent again was made in another NGO.');
  if (writes) {
    answers[409] = message(
      'Another record already has a value that must be unique (a username, a collar tag, a day of the post-operative log), or the change is still being saved: its Idempotency-Key was sent again too soon (Idempotent-In-Progress: true).',
    );
  }
  if (writes) answers[413] = message(route.multipart ? 'The file is over the upload limit, or has too many parts.' : 'The body is too large.');
  if (writes) answers[415] = message(route.multipart ? 'The body is not multipart/form-data, or the file is not an accepted image.' : 'The body is not application/json.');
  const fieldRefused = 'A field is missing or not valid; the message names it.';
  const keyReused = 'An Idempotency-Key was used for another call or body.';
  if (route.validated || writes) answers[422] = message([route.validated ? fieldRefused : '', writes ? keyReused : ''].join(' ').trim());
  if (route.rateLimited) answers[429] = message('Too many attempts; wait and try again (Retry-After).');
  // Every API request reads its session from the database, so every route can find it down.
  answers[503] = message(
    route.url.startsWith('/api/image/')
      ? 'The database or the image storage cannot be reached for a moment; try again (Retry-After).'
      : 'The database cannot be reached for a moment; try again (Retry-After).',
  );
  if (writes) answers[507] = message("The server's storage is full or read-only; nothing was saved.");
  return answers;
}

/** The keys of an object schema, looking through optional, default and pipe wrappers. */
function keysOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = schema.def as { innerType?: unknown; in?: unknown };
  return keysOf(def.innerType ?? def.in);
}

const ID_KEY = /^(id|[a-z][A-Za-z]*Id)$/;
const DATE_KEY = /[a-z]Date$/;
const TIME_KEY = /[a-z]Time$/;

/**
 * Answers are plain numbers and strings in their zod schemas; the document says what they hold:
 * record ids are positive integers, dates YYYY-MM-DD and times hh:mm (what the inputs allow).
 */
function describeFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(describeFormats);
  if (node === null || typeof node !== 'object') return;
  const properties = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
  if (properties) {
    for (const [key, property] of Object.entries(properties)) {
      if (ID_KEY.test(key) && property.type === 'number') Object.assign(property, { type: 'integer', minimum: 1 });
      if (DATE_KEY.test(key) && property.type === 'string' && !property.pattern) property.pattern = '^\\d{4}-\\d{2}-\\d{2}$';
      if (TIME_KEY.test(key) && property.type === 'string' && !property.pattern) property.pattern = '^([01]\\d|2[0-3]):[0-5]\\d$';
    }
  }
  for (const value of Object.values(node)) describeFormats(value);
}
