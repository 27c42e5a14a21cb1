export { type Connection, connect, type DB } from './connect';
export { migrateToLatest } from './migrations';
export * from './schema';
export {
  fromBool,
  isConcurrencyFailure,
  isUniqueViolation,
  newCodeId,
  newId,
  now,
  toBool,
} from './util';
