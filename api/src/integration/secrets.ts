/**
 * Credentials at rest: AES-256-GCM under INTEGRATION_SECRET_KEY, 32 random bytes given in base64
 * or hex (`openssl rand -base64 32`); anything else is refused at start, so a guessable
 * passphrase can never be the key. Each value is sealed for its row (the restaurant's id, a
 * token's key) as associated data: a sealed value copied into another restaurant's row does not
 * open. A sealed value is `v2.<iv>.<tag>.<ciphertext>` (base64url); a wrong key, another row or
 * a changed byte fails to open.
 *
 * `v1.` values, sealed before this (the key was the SHA-256 of any string, no associated data),
 * are opened only by `pnpm rotate-secrets` (rotate-secrets.ts), which re-seals them under the
 * new key; the server itself refuses them. README, "Rotating INTEGRATION_SECRET_KEY".
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SecretBox {
  /** Seals `plain` for `row` (the restaurant's id, or a token's key). */
  seal(plain: string, row: string): string;
  /** Opens a value sealed for `row`; throws for another row, another key or a changed byte. */
  open(sealed: string, row: string): string;
}

export class SecretKeyMissingError extends Error {
  constructor() {
    super('INTEGRATION_SECRET_KEY is not set: POS credentials cannot be stored');
    this.name = 'SecretKeyMissingError';
  }
}

export class SecretKeyFormatError extends Error {
  constructor() {
    super(
      'INTEGRATION_SECRET_KEY: give 32 random bytes in base64 or hex (e.g. `openssl rand -base64 32`); a key of the earlier form (any text) is re-sealed by `pnpm rotate-secrets` with it as INTEGRATION_SECRET_KEY_OLD',
    );
    this.name = 'SecretKeyFormatError';
  }
}

const KEY_BYTES = 32;

/** The key's 32 bytes from hex or base64(url) text; undefined when unset; a SecretKeyFormatError otherwise. */
export function parseSecretKey(text: string | undefined): Buffer | undefined {
  const s = text?.trim();
  if (!s) return undefined;
  const bytes = /^[0-9a-f]{64}$/i.test(s)
    ? Buffer.from(s, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(s)
      ? Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  if (!bytes || bytes.length !== KEY_BYTES) throw new SecretKeyFormatError();
  return bytes;
}

const b64 = (b: Buffer) => b.toString('base64url');

function sealWith(key: Buffer, plain: string, row: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(row, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
}

function openWith(key: Buffer, sealed: string, row: string | null): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== (row === null ? 'v1' : 'v2') || !iv || !tag || data === undefined)
    throw new Error('not a sealed secret of this form');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (row !== null) decipher.setAAD(Buffer.from(row, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export function secretBox(keyText: string | undefined): SecretBox {
  const key = parseSecretKey(keyText);
  const need = (): Buffer => {
    if (!key) throw new SecretKeyMissingError();
    return key;
  };
  return {
    seal: (plain, row) => sealWith(need(), plain, row),
    open: (sealed, row) => openWith(need(), sealed, row),
  };
}

/**
 * What opens values under a key being replaced (`pnpm rotate-secrets` only): `v2` values when
 * `oldKey` is 32 bytes, `v1` values sealed under the SHA-256 of `oldKey` (the earlier form).
 */
export function oldSecretOpener(oldKey: string): (sealed: string, row: string) => string {
  let v2: Buffer | undefined;
  try {
    v2 = parseSecretKey(oldKey);
  } catch {
    v2 = undefined; // a passphrase of the earlier form: only v1 values were sealed with it
  }
  const v1 = createHash('sha256').update(oldKey.trim()).digest();
  return (sealed, row) => {
    if (sealed.startsWith('v1.')) return openWith(v1, sealed, null);
    if (!v2) throw new Error('a v2 value, and the old key is not 32 bytes');
    return openWith(v2, sealed, row);
  };
}

/** A new webhook token: 32 random bytes (base64url), shown once to be given to the POS. */
export const newWebhookToken = (): string => randomBytes(32).toString('base64url');

/**
 * Whether a presented secret is the expected one, in time that does not depend on where they
 * differ (both hashed to the same length first, so their lengths do not show either).
 */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && expected.length > 0;
}

/** What the API shows of a secret: its last 4 characters at most, never the whole. */
export function mask(secret: string): string {
  if (secret.length <= 8) return '••••';
  return `••••${secret.slice(-4)}`;
}
