/**
 * One search thread (sqlite-search-threads.ts): a read-only connection of its own to the SQLite
 * file, on which it runs a search's word-index statements and decodes their answers
 * (case-word-keys.ts), so that the server's thread only sends the statements and gets the counts
 * and a page's ids back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { decodeMatches } from './case-word-keys';
import type { SearchMatches, SearchTask, SearchThreadData, SearchThreadReply } from './sqlite-search-threads';

const STATEMENT_CACHE_SIZE = 200;

const { file, mmapBytes } = workerData as SearchThreadData;
const db = new SQLite(file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 5000');
// As the server's read connection (docs/decisions/018): the pages come from the same memory map.
db.pragma(`mmap_size = ${mmapBytes}`);

/** Prepared statements, kept: the index's (each answers one text, plucked) and the rows' (arrays). */
const texts = new Map<string, SQLite.Statement>();
const rows = new Map<string, SQLite.Statement>();

function statementOf(cache: Map<string, SQLite.Statement>, sql: string, prepare: (statement: SQLite.Statement) => SQLite.Statement): SQLite.Statement {
  let statement = cache.get(sql);
  if (!statement) {
    statement = prepare(db.prepare(sql));
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
  }
  return statement;
}

function answer(task: SearchTask): SearchThreadReply {
  try {
    const found: string[] = [];
    for (const { sql, parameters } of task.statements) {
      const text: unknown = statementOf(texts, sql, (s) => s.pluck()).get(parameters);
      if (typeof text === 'string' && text !== '') found.push(text);
    }
    const matches: SearchMatches = decodeMatches(found, task.wanted, task.window);
    if (task.rows) {
      const { sql, idsAt } = task.rows;
      const parameters = task.rows.parameters.map((p, i) => (i === idsAt ? JSON.stringify(matches.ids) : p));
      matches.rows = matches.ids.length === 0 ? [] : (statementOf(rows, sql, (s) => s.raw()).all(parameters) as unknown[][]);
    }
    return { id: task.id, matches };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return { id: task.id, error: { message: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' ? { code } : {}) } };
  }
}

parentPort?.on('message', (task: SearchTask) => parentPort?.postMessage(answer(task)));
