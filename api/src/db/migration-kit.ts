/**
 * The migrations' kit: a table written as its columns, an index as its columns, added and dropped
 * columns and tables as lists (docs/ARCHITECTURE.md, "Migrations"). Each builds the very Kysely
 * calls the migrations wrote out by hand before (one `createTable(..).addColumn(..)..execute()`
 * per table, one statement per index, added column or dropped table), so both databases get the
 * SQL they always got; api/test/migrations-sql.test.ts compares every migration's statements with
 * the ones recorded. What the kit does not build (a partial index written in raw SQL, a data
 * step, the copy and rename of a SQLite table rebuild) stays written in its migration.
 */
import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
export type AnyDb = Kysely<any>;

type Modify = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * A column: its type and what is said of it, read left to right (`text.notNull.default('')`,
 * `text.references('users.id', 'set null')`). Kysely writes the words in its own fixed order,
 * so the order they are said in here does not change the SQL.
 */
export class Column {
  constructor(
    readonly type: ColumnDataType,
    readonly modify: Modify = (c) => c,
  ) {}

  private and(next: Modify): Column {
    return new Column(this.type, (c) => next(this.modify(c)));
  }

  get notNull(): Column {
    return this.and((c) => c.notNull());
  }

  get unique(): Column {
    return this.and((c) => c.unique());
  }

  get primaryKey(): Column {
    return this.and((c) => c.primaryKey());
  }

  /** SQLite's own numbering of an integer key (PostgreSQL's is `sequence`). */
  get autoIncrement(): Column {
    return this.and((c) => c.autoIncrement());
  }

  default(value: string | number): Column {
    return this.and((c) => c.defaultTo(value));
  }

  /** A foreign key to `target` (`table.column`), and what a delete of the row it names does. */
  references(target: string, onDelete?: 'cascade' | 'set null'): Column {
    return this.and((c) => {
      const referencing = c.references(target);
      return onDelete ? referencing.onDelete(onDelete) : referencing;
    });
  }
}

export const text = new Column('text');
export const integer = new Column('integer');
export const bigint = new Column('bigint');
export const double = new Column('double precision');

/** The random text id most tables are keyed by. */
export const id = text.primaryKey;
/** The restaurant a row belongs to, deleted with it. */
export const restaurantId = text.notNull.references('restaurants.id', 'cascade');
/** The key of a table of one row per restaurant, deleted with it. */
export const restaurantKey = text.primaryKey.references('restaurants.id', 'cascade');
/** When a row was created and last changed (ISO text). */
export const timestamps = { created_at: text.notNull, updated_at: text.notNull };
/** A 0/1 flag (booleans are integers on both databases) and what a row has before it is set. */
export const flag = (initial: 0 | 1): Column => integer.notNull.default(initial);

/**
 * A number the database gives each new row, one after the other across every server: PostgreSQL's
 * identity, SQLite's autoincrement (its table's key).
 */
export const sequence = (db: AnyDb): Column =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? new Column('bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : integer.primaryKey.autoIncrement;

/** A constraint of several columns, by its name. */
export interface Constraint {
  name: string;
  columns: string[];
}

export interface TableOptions {
  /** A key of several columns: the constraint `<table>_pk`, or one named otherwise. */
  primaryKey?: string[] | Constraint;
  unique?: Constraint;
}

/** `create table` with `columns` in their order (one statement). */
export async function createTable(
  db: AnyDb,
  table: string,
  columns: Record<string, Column>,
  { primaryKey, unique }: TableOptions = {},
): Promise<void> {
  let create = db.schema.createTable(table);
  for (const [name, column] of Object.entries(columns))
    create = create.addColumn(name, column.type, column.modify);
  if (primaryKey) {
    const key = Array.isArray(primaryKey) ? { name: `${table}_pk`, columns: primaryKey } : primaryKey;
    create = create.addPrimaryKeyConstraint(key.name, key.columns as never);
  }
  if (unique) create = create.addUniqueConstraint(unique.name, unique.columns as never);
  await create.execute();
}

export interface IndexOptions {
  unique?: boolean;
  ifNotExists?: boolean;
  /** A partial index of the rows where this column is not null. */
  whereNotNull?: string;
}

/** `create index` of `table` on `columns`, in their order. */
export async function createIndex(
  db: AnyDb,
  name: string,
  table: string,
  columns: string[],
  options: IndexOptions = {},
): Promise<void> {
  let create = db.schema.createIndex(name).on(table).columns(columns);
  if (options.unique) create = create.unique();
  if (options.ifNotExists) create = create.ifNotExists();
  if (options.whereNotNull) create = create.where(sql.ref(options.whereNotNull), 'is not', null);
  await create.execute();
}

/** Adds `columns` to `table`, one `alter table` each (SQLite adds one column a statement). */
export async function addColumns(db: AnyDb, table: string, columns: Record<string, Column>): Promise<void> {
  for (const [name, column] of Object.entries(columns)) {
    await db.schema.alterTable(table).addColumn(name, column.type, column.modify).execute();
  }
}

/** Drops `columns` of `table` in the order given, one `alter table` each. */
export async function dropColumns(db: AnyDb, table: string, columns: string[]): Promise<void> {
  for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
}

/**
 * Drops `tables` in the order given (the ones that reference others first): `if exists` unless a
 * migration said plainly `drop table` (`ifExists: false`).
 */
export async function dropTables(db: AnyDb, tables: string[], { ifExists = true } = {}): Promise<void> {
  for (const table of tables) {
    const drop = db.schema.dropTable(table);
    await (ifExists ? drop.ifExists() : drop).execute();
  }
}

/** Drops the indexes `names` if they exist, in the order given. */
export async function dropIndexes(db: AnyDb, names: string[]): Promise<void> {
  for (const name of names) await db.schema.dropIndex(name).ifExists().execute();
}
