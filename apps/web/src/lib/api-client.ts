import { MESSAGES, SESSION_ENDED_HEADER, isSessionEndReason, type PageMeta, type SessionEndReason } from '@rescuedesk/shared';
import { EARLY_REQUESTS, earlyRequestKey } from '../app/early-requests';
import { activeLanguage, t } from './i18n/i18n';

/** What every failed API call throws; `message` is fit to show the user. Status 0: no response. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /**
   * A 409 marked `Idempotent-In-Progress` (docs/decisions/011): the same key's first copy is still
   * being saved, so the same request sent later gets its answer. Any other 409 refuses the write.
   */
  readonly inProgress: boolean;

  constructor(status: number, message: string, inProgress = false) {
    super(message);
    this.status = status;
    this.inProgress = inProgress;
  }
}


/** The address of an API path: '/case/getCaseById' is served under /api. */
export function apiUrl(path: string): string {
  return `/api${path}`;
}

/** A 401 from these means "wrong credentials" or "not signed in yet", not "your session ended". */
const SESSION_PROBES: ReadonlySet<string> = new Set(['/auth/login', '/auth/me']);

const noop = () => {};
let sessionEndedHandler: (reason: SessionEndReason | null) => void = noop;

/**
 * The app registers what to do when the session ends mid-use (it needs the router and the cache).
 * `reason`: why someone else ended it, when the server said so (its Session-Ended header).
 * Answers a function that unregisters it.
 */
export function onSessionEnded(handler: (reason: SessionEndReason | null) => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = noop;
  };
}

/**
 * Why someone else ended the session, when a session probe was told so (the start-up /auth/me
 * answers "no session" with the reason beside it, once): the sign-in page says it, then forgets it.
 */
let probedEndReason: SessionEndReason | null = null;

/** The reason a session probe was given, until forgotten. */
export function probedSessionEnd(): SessionEndReason | null {
  return probedEndReason;
}

export function forgetProbedSessionEnd(): void {
  probedEndReason = null;
}

/**
 * Every call's failure passes here, whatever sent it (fetch, or the upload's XMLHttpRequest): a 401
 * outside the session probes means the session ended mid-use.
 */
export function noteFailedStatus(path: string, status: number, endedFor: string | null = null): void {
  if (status === 401 && !SESSION_PROBES.has(path)) sessionEndedHandler(isSessionEndReason(endedFor) ? endedFor : null);
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

type Envelope = { data: unknown } & Record<string, unknown>;

/** The answer to the same request sent by startup-preload.js before the app arrived (app/early-requests.ts), taken once. */
function takeEarlyAnswer(path: string, init: RequestInit): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_REQUESTS] as Record<string, Promise<Response> | undefined> | undefined;
  if (early === undefined) return undefined;
  const key = earlyRequestKey(init.method ?? 'GET', apiUrl(path), typeof init.body === 'string' ? init.body : '');
  const answer = early[key];
  delete early[key];
  return answer;
}

/** Sends the call and answers the whole success envelope: `data` and whatever the server put beside it. */
async function requestEnvelope(path: string, init: RequestInit): Promise<Envelope> {
  let response: Response;
  try {
    response = await (takeEarlyAnswer(path, init) ??
      fetch(apiUrl(path), {
        ...init,
        credentials: 'same-origin',
        // The server answers its messages in the language the user reads (docs/decisions/008).
        headers: { Accept: 'application/json', 'Accept-Language': activeLanguage(), ...init.headers },
      }));
  } catch {
    throw new ApiError(0, t('error.network'));
  }

  const body: unknown = await response.json().catch(() => undefined);
  const endedFor = response.headers.get(SESSION_ENDED_HEADER);
  if (SESSION_PROBES.has(path) && isSessionEndReason(endedFor)) probedEndReason = endedFor;

  if (!response.ok) {
    noteFailedStatus(path, response.status, endedFor);
    const fallback = response.status >= 500 ? MESSAGES.serverError : t('error.requestFailed', { status: response.status });
    throw new ApiError(response.status, messageOf(body) ?? fallback, response.status === 409 && response.headers.get('Idempotent-In-Progress') === 'true');
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError(response.status, MESSAGES.serverError);
  }
  return body as Envelope;
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  return (await requestEnvelope(path, init)).data as T;
}

/** One page of a list: its rows, and beside them the paging (and any counts) the server adds. */
export interface Paged<T, Meta extends PageMeta = PageMeta> {
  data: T[];
  meta: Meta;
}

/** How a write is sent. */
export interface WriteOptions {
  /**
   * The Idempotency-Key of the user's action (docs/decisions/011): the same on every retry of that
   * action, so a save whose answer was lost is not applied twice.
   */
  idempotencyKey?: string;
  /** When the write was made on the device (ms since the epoch), for one the outbox sends later: the case timeline shows both times. */
  madeAt?: number;
}

function jsonPost(body: unknown, { idempotencyKey, madeAt }: WriteOptions = {}): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (madeAt !== undefined) headers['X-Made-At'] = new Date(madeAt).toISOString();
  return { method: 'POST', headers, body: JSON.stringify(body) };
}

export const api = {
  get<T>(path: string): Promise<T> {
    return request<T>(path, { method: 'GET' });
  },
  post<T>(path: string, body: unknown = {}, options?: WriteOptions): Promise<T> {
    return request<T>(path, jsonPost(body, options));
  },
  /** For list calls, whose answer is `{ data: [...], meta }`: keeps the meta beside the rows. */
  async postPage<T, Meta extends PageMeta = PageMeta>(path: string, body: unknown = {}): Promise<Paged<T, Meta>> {
    const envelope = await requestEnvelope(path, jsonPost(body));
    if (!Array.isArray(envelope.data) || typeof envelope.meta !== 'object' || envelope.meta === null) {
      throw new ApiError(200, MESSAGES.serverError);
    }
    return { data: envelope.data as T[], meta: envelope.meta as Meta };
  },
  /** Multipart upload; the browser sets the content type with its boundary. */
  upload<T>(path: string, form: FormData, { idempotencyKey }: WriteOptions = {}): Promise<T> {
    return request<T>(path, { method: 'POST', body: form, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) });
  },
};

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : MESSAGES.serverError;
}
