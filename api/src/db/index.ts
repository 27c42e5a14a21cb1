export { type Connection, type ConnectOptions, connect, type DB, isPostgresUrl } from './connect';
export { migrateToLatest } from './migrations';
export * from './schema';
export {
  fromBool,
  isConcurrencyFailure,
  isForeignKeyViolation,
  isUniqueViolation,
  newId,
  now,
  toBool,
} from './util';
