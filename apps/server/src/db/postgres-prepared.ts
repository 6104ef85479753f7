import { type CompiledQuery, type DatabaseConnection, type Driver, PostgresDialect, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';

/**
 * Kysely's PostgreSQL dialect, with the app's parameterised queries run as named prepared
 * statements. PostgreSQL parses and plans an unnamed statement afresh every time; a named one is
 * parsed once per connection, and its plan kept when PostgreSQL finds the kept plan as good
 * (plan_cache_mode auto). Parsing and planning every query was most of PostgreSQL's CPU a
 * request, which on a machine it shares with Node takes from Node's share too
 * (docs/performance/2026-11-24.md, "PostgreSQL: Node's CPU a request").
 *
 * Only queries with parameters are named: they already go through the extended protocol, where a
 * statement holds one command. A query without parameters (a migration's SQL with several
 * statements in one string, BEGIN, COMMIT) is sent as before; a transaction's BEGIN waits for its
 * first statement and goes with it when that has no parameters (one round trip, not two).
 *
 * A table changed under a running server (a rolling update's migration, docs/deploy.md) makes
 * PostgreSQL refuse a kept statement whose result columns changed ("cached plan must not change
 * result type"). The names then start afresh under a new generation, the query is run again under
 * its new name when it is not inside a transaction, and each connection that may hold an old
 * statement is closed when it is next released (the pool opens new ones). Inside a transaction the
 * refusal has already aborted the transaction, so it fails once, and rolls back, as any other error.
 */
export class PreparedPostgresDialect extends PostgresDialect {
  readonly statements: StatementNames;
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool, options: { maxStatements?: number } = {}) {
    super({ pool });
    this.#pool = pool;
    this.statements = new StatementNames(options.maxStatements ?? MAX_STATEMENTS);
  }

  override createDriver(): Driver {
    return new PreparedPostgresDriver(this.#pool, this.statements);
  }
}

/**
 * At most this many statements are named (per connection, as many prepared statements in its
 * PostgreSQL process). The app has fewer distinct queries than that; texts beyond it (a list of
 * ids of every length, say) run unnamed as before instead of filling the server's memory.
 */
const MAX_STATEMENTS = 500;

/** The name of each SQL text, in the current generation. */
export class StatementNames {
  #names = new Map<string, string>();
  #generation = 0;

  constructor(private readonly max: number) {}

  get generation(): number {
    return this.#generation;
  }

  /** The statement's name, or undefined when it is to run unnamed. */
  nameFor(sql: string): string | undefined {
    let name = this.#names.get(sql);
    if (name === undefined && this.#names.size < this.max) {
      name = `rd${this.#generation}_${this.#names.size}`;
      this.#names.set(sql, name);
    }
    return name;
  }

  /** A table changed: every name starts afresh, once for the generation that saw it. */
  renew(seenIn: number): void {
    if (seenIn !== this.#generation) return;
    this.#generation += 1;
    this.#names = new Map();
  }
}

const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

function isResultTypeChange(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '0A000' && RESULT_TYPE_CHANGED.test(e.message ?? '');
}

class PreparedPostgresConnection implements DatabaseConnection {
  inTransaction = false;
  /**
   * A transaction's BEGIN, not sent yet: it goes in one message with the transaction's first
   * statement when that has no parameters (the simple protocol takes several statements; the
   * extended one, for parameters, one), sparing a round trip (the claim of an Idempotency-Key,
   * docs/decisions/011). Otherwise it is sent alone first, as before.
   */
  pendingBegin: string | undefined;

  constructor(
    readonly client: pg.PoolClient,
    private readonly statements: StatementNames,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const generation = this.statements.generation;
    try {
      return await this.run<R>(compiledQuery);
    } catch (err) {
      if (!isResultTypeChange(err)) throw err;
      this.statements.renew(generation);
      if (this.inTransaction) throw err;
      return await this.run<R>(compiledQuery);
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not set up for PostgreSQL');
  }

  /** Runs a statement the driver itself sends (BEGIN, COMMIT), never named. */
  async send(text: string): Promise<void> {
    await this.client.query(text);
  }

  private async run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const values = [...compiledQuery.parameters];
    const begin = this.pendingBegin;
    this.pendingBegin = undefined;
    let result: pg.QueryResult<R & pg.QueryResultRow>;
    if (begin !== undefined && values.length === 0) {
      // Several statements in one text answer a result each (pg's typing says one): the last is the query's.
      const answers: unknown = await this.client.query(`${begin};\n${compiledQuery.sql}`);
      result = (Array.isArray(answers) ? answers.at(-1) : answers) as pg.QueryResult<R & pg.QueryResultRow>;
    } else {
      if (begin !== undefined) await this.client.query(begin);
      const name = values.length > 0 ? this.statements.nameFor(compiledQuery.sql) : undefined;
      result = await this.client.query<R & pg.QueryResultRow>(name === undefined ? { text: compiledQuery.sql, values } : { name, text: compiledQuery.sql, values });
    }
    const { command, rowCount, rows } = result;
    return {
      // As Kysely's own PostgreSQL connection reports it.
      numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
      rows: rows ?? [],
    };
  }
}

class PreparedPostgresDriver implements Driver {
  /** The generation of names each client was opened in: an older one may hold stale statements. */
  readonly #openedIn = new WeakMap<pg.PoolClient, number>();
  readonly #connections = new WeakMap<pg.PoolClient, PreparedPostgresConnection>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly statements: StatementNames,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PreparedPostgresConnection(client, this.statements);
      this.#connections.set(client, connection);
      this.#openedIn.set(client, this.statements.generation);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as PreparedPostgresConnection;
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    // Sent with the first statement (PreparedPostgresConnection.run).
    own.pendingBegin = text;
    own.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PreparedPostgresConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PreparedPostgresConnection, 'rollback');
  }

  /** A transaction that ran no statement never sent its BEGIN: there is nothing to end. */
  private async end(own: PreparedPostgresConnection, text: 'commit' | 'rollback'): Promise<void> {
    own.inTransaction = false;
    const begun = own.pendingBegin === undefined;
    own.pendingBegin = undefined;
    if (begun) await own.send(text);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { client } = connection as PreparedPostgresConnection;
    if ((this.#openedIn.get(client) ?? 0) < this.statements.generation) {
      // Its statements may be of a table's old shape: close it, and the pool opens a fresh one.
      this.#connections.delete(client);
      client.release(true);
      return;
    }
    client.release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}
