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
 * Why someone else ended the session, as the server told it: once, to whichever request of the
 * ended session reached it first. At start-up that may be the session check or one of the requests
 * sent beside it (startup-preload.js, the opening page's data), so any answer may carry it. The
 * sign-in page says it (use-session-end-told.ts) until someone signs in; a reload forgets it too.
 */
let toldEndReason: SessionEndReason | null = null;
const endReasonListeners = new Set<() => void>();

function tellSessionEnd(reason: SessionEndReason | null): void {
  if (reason === toldEndReason) return;
  toldEndReason = reason;
  for (const listener of endReasonListeners) listener();
}

/** The reason the server gave for ending the session, until someone signs in. */
export function toldSessionEnd(): SessionEndReason | null {
  return toldEndReason;
}

/** Calls `listener` when the reason is told or forgotten; answers a function that stops it. */
export function onSessionEndTold(listener: () => void): () => void {
  endReasonListeners.add(listener);
  return () => {
    endReasonListeners.delete(listener);
  };
}

/**
 * Every call's failure passes here, whatever sent it (fetch, or the upload's XMLHttpRequest): a 401
 * outside the session probes means the session ended mid-use.
 */
export function noteFailedStatus(path: string, status: number, endedFor: string | null = null): void {
  const reason = isSessionEndReason(endedFor) ? endedFor : null;
  if (reason !== null) tellSessionEnd(reason);
  if (status === 401 && !SESSION_PROBES.has(path)) sessionEndedHandler(reason);
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

/** How long the sign-in page may wait for the early answers sent beside the session check. */
const EARLY_REASON_WAIT_MS = 3000;

/**
 * The start-up session check found no session: the other early answers were asked for by that
 * absent session, and must not be taken by the app once someone signs in. One of them may carry
 * the reason someone else ended the session, which the server tells once, to whichever request
 * reached it first; answers it when one does.
 */
async function dropEarlyAnswers(): Promise<SessionEndReason | null> {
  const early = (globalThis as Record<string, unknown>)[EARLY_REQUESTS] as Record<string, Promise<Response> | undefined> | undefined;
  if (early === undefined) return null;
  const answers = Object.keys(early).map((key) => {
    const answer = early[key];
    delete early[key];
    return answer;
  });
  if (answers.length === 0) return null;
  // They were sent together with the check, so they answer about when it did; one that hangs on a
  // poor network must not keep the sign-in page waiting.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), EARLY_REASON_WAIT_MS)));
  const settledAll = await Promise.race([Promise.allSettled(answers), givenUp]);
  clearTimeout(timer);
  for (const settled of settledAll) {
    const endedFor = settled.status === 'fulfilled' ? (settled.value?.headers.get(SESSION_ENDED_HEADER) ?? null) : null;
    if (isSessionEndReason(endedFor)) return endedFor;
  }
  return null;
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
  if (isSessionEndReason(endedFor)) tellSessionEnd(endedFor);
  if (path === '/auth/me' && response.ok && typeof body === 'object' && body !== null && 'data' in body && body.data === null) {
    const toldEarly = await dropEarlyAnswers();
    if (toldEarly !== null) tellSessionEnd(toldEarly);
  }
  if (path === '/auth/login' && response.ok) tellSessionEnd(null);

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
