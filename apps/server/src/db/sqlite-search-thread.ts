/**
 * One search thread (sqlite-search-threads.ts): a read-only connection of its own to the SQLite
 * file, on which it runs a search's word-index statements and decodes their answers
 * (case-word-keys.ts), then reads the page's rows, so that the server's thread only sends the
 * statements and gets the counts, the page's ids and its rows back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { decodeMatches } from './case-word-keys';
import { StatementCache } from './sqlite-group-commit';
import type { SearchMatches, SearchTask, SearchThreadData, SearchThreadReady, SearchThreadReply } from './sqlite-search-threads';

const { file, mmapBytes } = workerData as SearchThreadData;
const db = new SQLite(file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 5000');
// As the server's read connection (docs/decisions/018): the pages come from the same memory map.
db.pragma(`mmap_size = ${mmapBytes}`);

const statements = new StatementCache(db);

function answer(task: SearchTask): SearchThreadReply {
  try {
    const found: string[] = [];
    for (const { sql, parameters } of task.statements) {
      const text: unknown = statements.get(sql).pluck().get(parameters);
      if (typeof text === 'string' && text !== '') found.push(text);
    }
    const matches: SearchMatches = decodeMatches(found, task.wanted, task.window);
    if (task.rows) {
      const { sql, idsAt } = task.rows;
      const parameters = task.rows.parameters.map((p, i) => (i === idsAt ? JSON.stringify(matches.ids) : p));
      matches.rows = matches.ids.length === 0 ? [] : (statements.get(sql).raw().all(parameters) as unknown[][]);
    }
    return { id: task.id, matches };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return { id: task.id, error: { message: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' ? { code } : {}) } };
  }
}

parentPort?.on('message', (task: SearchTask) => parentPort?.postMessage(answer(task)));
parentPort?.postMessage('ready' satisfies SearchThreadReady);
