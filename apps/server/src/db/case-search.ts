import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { NgoScope } from './listing';
import { NGO_ROWID_FACTOR } from './migrations/006-case-word-search';
import type { DB } from './schema';

/**
 * "Each of these words begins a word of the case's indexed fields", answered from the word index:
 * FTS5 on SQLite (one rowid range per NGO), the GIN index of the search_words column on PostgreSQL. The only
 * dialect-specific query of the case list; services never see it.
 */
export function caseWordsMatch(db: Kysely<DB>, scope: NgoScope, words: readonly string[]): Expression<SqlBool> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Words hold letters and digits only (searchWords), so quoting them is all tsquery needs.
    const query = words.map((w) => `'${w}':*`).join(' & ');
    return sql<SqlBool>`cases.search_words @@ to_tsquery('simple', ${query})`;
  }
  const match = words.map((w) => `"${w}"*`).join(' AND ');
  if (scope === 'all') {
    return sql<SqlBool>`cases.id in (select rowid % ${NGO_ROWID_FACTOR} from case_words where case_words match ${match})`;
  }
  const low = scope * NGO_ROWID_FACTOR;
  return sql<SqlBool>`cases.id in (select rowid - ${low} from case_words where case_words match ${match} and rowid between ${low} and ${low + NGO_ROWID_FACTOR - 1})`;
}
