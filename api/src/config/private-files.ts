/**
 * DATA_DIR holds password hashes, sealed POS keys, the day's visit salt and the pictures: its
 * folders are this user's only (0700) and so are its files (0600). Folders and files left open
 * by an earlier version are tightened at start. SQLite makes its -wal and -shm files with the
 * database file's permissions, so a 0600 database keeps them 0600 too.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** The folder, made (with its parents) or tightened to 0700. */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/** The file, made empty when missing (never readable by others, even for a moment) or tightened to 0600. */
export function privateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/** The SQLite database and the files beside it that exist: 0600. */
export function privateDatabase(file: string): void {
  privateFile(file);
  for (const extra of ['-wal', '-shm', '-journal']) {
    if (existsSync(file + extra)) chmodSync(file + extra, 0o600);
  }
}
