import pg from 'pg';

/**
 * pg (8.11.3 and later) builds, for every result, an empty row holding the result's column names,
 * and copies it for each row so that rows share one shape. It builds that empty row by spreading
 * an object of null prototype, which V8 does slowly for a wide row: for a case's hundred columns
 * (`select cases.*`) it was most of what pg's `Result.addFields` cost
 * (docs/performance/2026-11-24.md, "PostgreSQL: Node's CPU a request"; brianc/node-postgres#3055
 * reports the same). The empty row depends only on the column names, in order, so here it is built
 * once for each list of names and kept: rows are the same objects as before, with the same keys in
 * the same order.
 *
 * This replaces `Result.prototype.addFields`, which pg does not document: the body below is pg's
 * own (8.23) with the kept empty row. pg-row-shapes.test.ts compares its rows with pg's.
 */
interface ResultInternals {
  fields: pg.FieldDef[];
  _parsers: unknown[] | undefined;
  _types: { getTypeParser(oid: number, format: 'text' | 'binary'): unknown } | undefined;
  _prebuiltEmptyResultObject: object | null;
  addFields(fields: pg.FieldDef[]): void;
}

/** Lists of column names kept at most; a query of yet another list builds its empty row as pg does. */
const MAX_SHAPES = 1000;
const emptyRows = new Map<string, object>();
let installed = false;

export function keepRowShapes(): void {
  if (installed) return;
  installed = true;
  const prototype = pg.Result.prototype as unknown as ResultInternals;
  const addFields = prototype.addFields;
  prototype.addFields = function keptAddFields(this: ResultInternals, fields: pg.FieldDef[]): void {
    // Column names cannot hold a NUL character, so the joined names name the list.
    let key = '';
    for (const field of fields) key += `${field.name}\u0000`;
    const emptyRow = emptyRows.get(key);
    if (emptyRow === undefined) {
      addFields.call(this, fields);
      if (emptyRows.size < MAX_SHAPES && this._prebuiltEmptyResultObject) emptyRows.set(key, this._prebuiltEmptyResultObject);
      return;
    }
    this.fields = fields;
    if (fields.length) this._parsers = new Array(fields.length);
    const types = this._types ?? pg.types;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      // pg-types reads 'text' or 'binary'; FieldDef types it as a string.
      this._parsers![i] = types.getTypeParser(field.dataTypeID, (field.format || 'text') as 'text' | 'binary');
    }
    // pg only ever copies it (parseRow spreads it into each new row), so one object serves all.
    this._prebuiltEmptyResultObject = emptyRow;
  };
}
