import { translator, type PublicLanguage } from './strings';

/** A refusal from the server, with its message (already in the page's language). */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface PublicPage {
  slug: string;
  ngoName: string;
  helpline: string | null;
  message: string | null;
}

export interface Milestone {
  kind: 'received' | 'accepted' | 'declined' | 'pickedUp' | 'admitted' | 'operated' | 'released' | 'died';
  at: string;
  reason: string | null;
}

export interface Tracking {
  ngoName: string;
  helpline: string | null;
  code: string;
  milestones: Milestone[];
  /** The reporter asked for messages and has not stopped them. */
  noticesOn: boolean;
  /** Still open: the reporter may add a comment or a photo. */
  open: boolean;
  additions: { at: string; comment: string | null; photo: boolean }[];
}

/** How the page reached the report: its tracking link, or its code on the NGO's page. */
export type ReportKey = { token: string } | { slug: string; code: string };

export interface Submitted {
  trackingPath: string;
  code: string;
  qrSvg: string;
}

async function call<T>(path: string, language: PublicLanguage, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'omit', headers: { Accept: 'application/json', 'Accept-Language': language, ...init.headers } });
  } catch {
    throw new PublicApiError(translator(language)('citizen.error.network'), 0);
  }
  const body = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!response.ok) throw new PublicApiError(body.message ?? response.statusText, response.status);
  return body.data as T;
}

const page = (slug: string) => `/api/public/page/${encodeURIComponent(slug)}`;

export const publicApi = {
  page: (slug: string, language: PublicLanguage) => call<PublicPage>(page(slug), language),
  challengeUrl: (slug: string) => `${page(slug)}/challenge`,
  send: (slug: string, form: FormData, language: PublicLanguage) => call<Submitted>(`${page(slug)}/report`, language, { method: 'POST', body: form }),
  trackByCode: (slug: string, code: string, language: PublicLanguage) =>
    call<Tracking>(`${page(slug)}/track`, language, { method: 'POST', body: JSON.stringify({ code }), headers: { 'Content-Type': 'application/json' } }),
  track: (token: string, language: PublicLanguage) => call<Tracking>(`/api/public/track/${encodeURIComponent(token)}`, language),
  add: (key: ReportKey, form: FormData, language: PublicLanguage) => {
    if ('code' in key) form.set('code', key.code);
    const path = 'token' in key ? `/api/public/track/${encodeURIComponent(key.token)}/add` : `${page(key.slug)}/track/add`;
    return call<Tracking>(path, language, { method: 'POST', body: form });
  },
  stopNotices: (token: string, language: PublicLanguage) => call<{ stopped: true }>(`/api/public/track/${encodeURIComponent(token)}/stopNotices`, language, { method: 'POST' }),
};
