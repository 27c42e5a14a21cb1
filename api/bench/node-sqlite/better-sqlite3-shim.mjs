// The part of better-sqlite3's API this server uses (api/src/db/connect.ts: `new Database(file)`,
// `pragma`, `prepare` -> a statement with `reader`/`all`/`run`/`iterate`, `close`; Kysely's
// SqliteDialect needs no more), over Node's own node:sqlite `DatabaseSync`. register.mjs puts it
// in place of better-sqlite3, so bench:api and the soak run the unchanged server on either driver.
import { DatabaseSync } from 'node:sqlite';

// node:sqlite reports every failure as ERR_SQLITE_ERROR with SQLite's extended result code;
// the server tells a unique violation by better-sqlite3's names (api/src/db/util.ts)
const CODE_NAMES = {
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  275: 'SQLITE_CONSTRAINT_CHECK',
  19: 'SQLITE_CONSTRAINT',
  5: 'SQLITE_BUSY',
};

function named(err) {
  if (err && err.code === 'ERR_SQLITE_ERROR' && CODE_NAMES[err.errcode]) err.code = CODE_NAMES[err.errcode];
  return err;
}

class Statement {
  #statement;
  constructor(statement) {
    this.#statement = statement;
    // a statement that returns rows (a select, or a write with `returning`)
    this.reader = statement.columns().length > 0;
  }
  all(parameters = []) {
    try {
      return this.#statement.all(...parameters);
    } catch (err) {
      throw named(err);
    }
  }
  run(parameters = []) {
    try {
      return this.#statement.run(...parameters);
    } catch (err) {
      throw named(err);
    }
  }
  iterate(parameters = []) {
    return this.#statement.iterate(...parameters);
  }
}

/** lets a bench check which driver it really runs on */
export const nodeSqliteShim = true;

export default class Database {
  #database;
  constructor(file) {
    this.#database = new DatabaseSync(file);
  }
  pragma(source) {
    return this.#database.prepare(`pragma ${source}`).all();
  }
  prepare(source) {
    try {
      return new Statement(this.#database.prepare(source));
    } catch (err) {
      throw named(err);
    }
  }
  exec(source) {
    this.#database.exec(source);
    return this;
  }
  close() {
    this.#database.close();
  }
}
