import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { wantsArrayRows } from './array-rows';

/**
 * Group commit for SQLite (docs/decisions/013-sqlite-group-commit.md).
 *
 * With `synchronous=FULL`, every commit waits for the disk (an fsync), and better-sqlite3 waits on
 * the one Node thread. One transaction per save therefore costs one fsync per save. Here, write
 * transactions ("units") that arrive together run back to back inside one SQLite transaction, each
 * in its own SAVEPOINT, and share one COMMIT:
 *
 * - A unit is atomic and isolated: it runs alone on the write connection from its SAVEPOINT to its
 *   RELEASE (units never interleave), and a unit that fails is rolled back to its savepoint, which
 *   undoes exactly its own writes and none of the others'.
 * - A unit hears its outcome only after the shared COMMIT has returned: a success is acknowledged
 *   only once it is on disk, and a failure is reported once the units before it in the batch are
 *   committed (so a unit that lost a race to one of them can read the winner, as it could when
 *   every unit committed alone).
 * - The batch commits as soon as no unit is running or waiting at the end of the event loop's
 *   current turn (setImmediate), so a lone save waits for nothing; under load, the saves that
 *   arrived while the previous batch was being written share the next one.
 * - If SQLite itself ends the transaction (a full disk, an I/O error: SQLite rolls everything
 *   back), or the COMMIT fails, every unit of the batch fails with that error: none was
 *   acknowledged, so nothing acknowledged is lost.
 *
 * Reads outside a transaction use a second, read-only connection: in WAL mode it sees the last
 * committed state, never a batch in progress, and it is not held up while a batch is open. A write
 * outside a transaction (a single statement) becomes a unit of its own.
 */

/** At most this many units share one commit, so one failing disk write fails a bounded number of saves. */
const MAX_UNITS_PER_BATCH = 256;
const STATEMENT_CACHE_SIZE = 500;
const UNIT_SAVEPOINT = 'rescuedesk_unit';

/**
 * A write that was not stored because the transaction it shared was lost: SQLite rolled it back
 * (a full disk, an I/O error, in another unit's statement) or its COMMIT failed. Nothing of it was
 * acknowledged. Carries the cause's SQLite code, so a full disk is still answered as one (507) and
 * a busy database as worth a retry (503); the cause's message, which may be about another
 * request's write, goes no further than `cause`.
 */
export class SharedCommitLostError extends Error {
  readonly code: string | undefined;

  constructor(cause: unknown) {
    super('Not saved: the database rolled back the commit this write shared with others', { cause });
    this.name = 'SharedCommitLostError';
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

export interface GroupCommitStats {
  /** Transactions committed (or failed) on the write connection. */
  batches: number;
  /** Units run inside them: write transactions and single write statements. */
  units: number;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Settled outcomes nobody awaits (a failed unit does not care how its batch ended) must not
  // count as unhandled rejections.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface Batch {
  /** Settles after COMMIT (or after the batch is lost). */
  done: Deferred<void>;
  units: number;
  /** SQLite ended the transaction itself: the error that did it. */
  lost?: unknown;
}

interface Unit {
  granted: Deferred<Batch>;
  batch?: Batch;
}

/** Prepared statements of one connection, reused (Kysely prepares every query anew); the search threads keep theirs here too. */
export class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly db: SQLite.Database) {}

  get(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** Runs a statement; a read marked by selectArrays (array-rows.ts) answers its rows as arrays. */
function run(statement: SQLite.Statement, query: CompiledQuery): QueryResult<unknown> {
  const parameters = query.parameters;
  // raw() is set on every read: the statement is cached and shared by queries of the same SQL.
  if (statement.reader) return { rows: statement.raw(wantsArrayRows(query)).all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** The write connection and its queue of units. */
export class WriteQueue {
  private readonly statements: StatementCache;
  private batch: Batch | undefined;
  private running: Unit | undefined;
  private readonly waiting: Unit[] = [];
  private commitScheduled = false;
  private readonly counters: GroupCommitStats = { batches: 0, units: 0 };
  private idle: Deferred<void> | undefined;

  constructor(private readonly db: SQLite.Database) {
    this.statements = new StatementCache(db);
  }

  get stats(): GroupCommitStats {
    return { ...this.counters };
  }

  /** Waits for the write connection, inside an open batch, in a savepoint of the unit's own. */
  async enter(): Promise<Unit> {
    const unit: Unit = { granted: deferred() };
    this.waiting.push(unit);
    this.pump();
    unit.batch = await unit.granted.promise;
    return unit;
  }

  /** Runs a statement of the running unit. */
  execute(unit: Unit, query: CompiledQuery): QueryResult<unknown> {
    const batch = this.ownBatch(unit);
    if (batch.lost !== undefined) throw batch.lost;
    try {
      return run(this.statements.get(query.sql), query);
    } catch (err) {
      // A full disk or an I/O error makes SQLite roll the whole transaction back by itself.
      if (!this.db.inTransaction) batch.lost = err;
      throw err;
    }
  }

  /** Kysely's savepoints inside a unit (trx.savepoint()), passed through as they are. */
  executeRaw(unit: Unit, sql: string): void {
    const batch = this.ownBatch(unit);
    if (batch.lost !== undefined) throw batch.lost;
    this.db.exec(sql);
  }

  /**
   * Ends the running unit: keeps its writes (`commit`) or undoes them, lets the next unit run, and
   * resolves once the batch is committed. A kept unit whose batch failed gets the batch's error.
   */
  async leave(unit: Unit, commit: boolean): Promise<void> {
    const batch = this.ownBatch(unit);
    this.running = undefined;
    let failure: unknown;
    if (batch.lost === undefined) {
      try {
        if (commit) this.db.exec(`RELEASE ${UNIT_SAVEPOINT}`);
        else this.db.exec(`ROLLBACK TO ${UNIT_SAVEPOINT}; RELEASE ${UNIT_SAVEPOINT}`);
      } catch (err) {
        failure = err;
        // Could not end the savepoint (it should never happen): the unit's writes may be half
        // there, so the whole batch is undone rather than committed.
        if (this.db.inTransaction) this.rollbackQuietly();
        batch.lost = err;
      }
    }
    if (batch.lost !== undefined) this.finish(batch);
    this.pump();
    if (!commit || failure !== undefined) {
      await batch.done.promise.catch(() => undefined);
      if (failure !== undefined) throw failure;
      return;
    }
    try {
      await batch.done.promise;
    } catch (err) {
      // Another unit's statement, or the COMMIT, lost the batch: this unit did nothing wrong, so it
      // is told that its write was not stored, not the other unit's error.
      throw new SharedCommitLostError(err);
    }
  }

  /** One write statement outside a transaction: a unit of its own. */
  async single(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const unit = await this.enter();
    let result: QueryResult<unknown>;
    try {
      result = this.execute(unit, query);
    } catch (err) {
      await this.leave(unit, false);
      throw err;
    }
    await this.leave(unit, true);
    return result;
  }

  /** Resolves once nothing is running, waiting or left to commit (before closing the connection). */
  async drained(): Promise<void> {
    while (this.running || this.waiting.length > 0 || this.batch) {
      this.idle ??= deferred();
      if (!this.running && this.waiting.length === 0 && this.batch) this.commit();
      else await this.idle.promise;
    }
  }

  private ownBatch(unit: Unit): Batch {
    if (this.running !== unit || !unit.batch) throw new Error('This transaction is not the one holding the write connection');
    return unit.batch;
  }

  /** Gives the write connection to the next waiting unit, or schedules the commit when none is left. */
  private pump(): void {
    while (!this.running && this.waiting.length > 0) {
      if (this.batch && this.batch.units >= MAX_UNITS_PER_BATCH) this.commit();
      if (!this.batch) {
        try {
          // IMMEDIATE: the write lock is taken now, so a unit that reads first cannot be refused
          // later by another process's write (SQLITE_BUSY on upgrade).
          this.db.exec('BEGIN IMMEDIATE');
        } catch (err) {
          this.waiting.shift()?.granted.reject(err);
          continue;
        }
        this.batch = { done: deferred(), units: 0 };
        this.counters.batches++;
      }
      const unit = this.waiting.shift()!;
      try {
        this.db.exec(`SAVEPOINT ${UNIT_SAVEPOINT}`);
      } catch (err) {
        if (!this.db.inTransaction) {
          this.batch.lost = err;
          this.finish(this.batch);
        }
        unit.granted.reject(err);
        continue;
      }
      this.batch.units++;
      this.counters.units++;
      this.running = unit;
      unit.granted.resolve(this.batch);
    }
    if (!this.running && this.waiting.length === 0) {
      if (this.batch && !this.commitScheduled) {
        // At the end of this turn of the event loop: requests already read from their sockets in
        // this turn reach their units first and share the commit.
        this.commitScheduled = true;
        setImmediate(() => {
          this.commitScheduled = false;
          if (!this.running && this.waiting.length === 0) this.commit();
        });
      }
      if (!this.batch) this.notifyIdle();
    }
  }

  private commit(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    if (batch.lost !== undefined) {
      batch.done.reject(batch.lost);
    } else {
      try {
        this.db.exec('COMMIT');
        batch.done.resolve();
      } catch (err) {
        if (this.db.inTransaction) this.rollbackQuietly();
        batch.done.reject(err);
      }
    }
    if (!this.running && this.waiting.length === 0) this.notifyIdle();
  }

  /** The batch is gone (SQLite rolled it back): its units fail, the next units start a new one. */
  private finish(batch: Batch): void {
    if (this.batch === batch) this.batch = undefined;
    batch.done.reject(batch.lost);
  }

  private rollbackQuietly(): void {
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // Nothing more to undo.
    }
  }

  private notifyIdle(): void {
    const idle = this.idle;
    this.idle = undefined;
    idle?.resolve();
  }
}

/**
 * What Kysely calls a connection: a cheap handle. Outside a transaction its reads go to the read
 * connection and each write becomes a unit; inside one, every statement runs in the unit.
 */
class GroupCommitConnection implements DatabaseConnection {
  unit: Unit | undefined;

  constructor(
    private readonly queue: WriteQueue,
    private readonly reader: StatementCache,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.unit) return this.queue.execute(this.unit, query) as QueryResult<R>;
    const statement = this.readerStatement(query);
    if (statement) return run(statement, query) as QueryResult<R>;
    return (await this.queue.single(query)) as QueryResult<R>;
  }

  /** The statement on the read connection when the query only reads, else undefined. */
  private readerStatement(query: CompiledQuery): SQLite.Statement | undefined {
    const kind = query.query.kind;
    if (kind !== 'SelectQueryNode' && kind !== 'RawNode') return undefined;
    // SQL written by hand: SQLite says whether it writes. A statement the read connection cannot
    // prepare (a CREATE of what its older view of the schema still holds, right after a migration
    // changed it) goes to the write connection, whose view is current.
    try {
      const statement = this.reader.get(query.sql);
      return statement.readonly ? statement : undefined;
    } catch {
      return undefined;
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Rows are read at once: an open iterator would keep the connection busy between rows.
    const result = await this.executeQuery<R>(query);
    for (const row of result.rows) yield { rows: [row] };
  }
}

class GroupCommitDriver implements Driver {
  private readonly queue: WriteQueue;
  private readonly reader: StatementCache;
  private readonly free: GroupCommitConnection[] = [];

  constructor(
    private readonly writeDb: SQLite.Database,
    private readonly readDb: SQLite.Database,
  ) {
    this.queue = new WriteQueue(writeDb);
    this.reader = new StatementCache(readDb);
  }

  get stats(): GroupCommitStats {
    return this.queue.stats;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.free.pop() ?? new GroupCommitConnection(this.queue, this.reader);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupCommitConnection;
    if (!own.unit) this.free.push(own);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GroupCommitConnection).unit = await this.queue.enter();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupCommitConnection;
    const unit = own.unit;
    own.unit = undefined;
    if (unit) await this.queue.leave(unit, true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupCommitConnection;
    const unit = own.unit;
    own.unit = undefined;
    // A commit that failed has already ended the unit: nothing is left to roll back.
    if (unit) await this.queue.leave(unit, false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.queue.executeRaw(this.unitOf(connection), `SAVEPOINT ${quoteName(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.queue.executeRaw(this.unitOf(connection), `ROLLBACK TO ${quoteName(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.queue.executeRaw(this.unitOf(connection), `RELEASE ${quoteName(name)}`);
  }

  async destroy(): Promise<void> {
    await this.queue.drained();
    this.readDb.close();
    this.writeDb.close();
  }

  private unitOf(connection: DatabaseConnection): Unit {
    const unit = (connection as GroupCommitConnection).unit;
    if (!unit) throw new Error('A savepoint needs a transaction');
    return unit;
  }
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A Kysely dialect over one write and one read connection of the same SQLite file. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitDriver;

  constructor(writeDb: SQLite.Database, readDb: SQLite.Database) {
    this.driver = new GroupCommitDriver(writeDb, readDb);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
