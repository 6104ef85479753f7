import { EXPORT_ROWS_HEADER, MESSAGES, SESSION_ENDED_HEADER } from '@rescuedesk/shared';
import { ApiError, apiUrl, noteFailedStatus } from './api-client';
import { activeLanguage, t } from './i18n/i18n';

/** How far a download has come: rows read so far (CSV), of how many the server said it sends. */
export interface DownloadProgress {
  rows: number;
  totalRows: number | null;
  bytes: number;
}

export interface DownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Counts CSV records as the bytes arrive: a line break ends a record unless it sits inside a
 * quoted field (a doubled quote inside quotes toggles twice, so it changes nothing).
 */
export class CsvRowCounter {
  private inQuotes = false;
  rows = 0;

  add(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) this.inQuotes = !this.inQuotes;
      else if (c === 10 && !this.inQuotes) this.rows++;
    }
  }
}

/**
 * Asks the server for a file (a CSV export or a PDF) with a POST, reads the answer as it streams in,
 * reporting progress, then hands the whole file to the browser to save under the server's name.
 * Answers the number of data rows of a CSV (its heading line not counted).
 */
export async function downloadFile(path: string, body: unknown, options: DownloadOptions = {}): Promise<{ rows: number; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': activeLanguage() },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, t('error.network'));
  }
  if (!response.ok) {
    noteFailedStatus(path, response.status, response.headers.get(SESSION_ENDED_HEADER));
    const answer: unknown = await response.json().catch(() => undefined);
    const message = typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string' ? answer.message : undefined;
    throw new ApiError(response.status, message ?? (response.status >= 500 ? MESSAGES.serverError : t('error.requestFailed', { status: response.status })));
  }

  const totalHeader = response.headers.get(EXPORT_ROWS_HEADER);
  const totalRows = totalHeader === null ? null : Number(totalHeader);
  const csv = (response.headers.get('content-type') ?? '').startsWith('text/csv');
  const counter = new CsvRowCounter();
  const decoder = new TextDecoder();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      if (csv) counter.add(decoder.decode(value, { stream: true }));
      options.onProgress?.({ rows: Math.max(0, counter.rows - 1), totalRows, bytes });
    }
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  saveBlob(new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
  return { rows: Math.max(0, counter.rows - 1), fileName };
}

/** Saves a file the page holds, as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
