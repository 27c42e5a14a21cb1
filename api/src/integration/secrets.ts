/**
 * Credentials at rest: AES-256-GCM with a key from INTEGRATION_SECRET_KEY (any string; its
 * SHA-256 is the key, so a passphrase or 32 random bytes in base64 both work). A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); a wrong key or a changed byte fails to open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export class SecretKeyMissingError extends Error {
  constructor() {
    super('INTEGRATION_SECRET_KEY is not set: POS credentials cannot be stored');
    this.name = 'SecretKeyMissingError';
  }
}

export function secretBox(keyText: string | undefined): SecretBox {
  const key = keyText?.trim() ? createHash('sha256').update(keyText.trim()).digest() : undefined;
  const need = (): Buffer => {
    if (!key) throw new SecretKeyMissingError();
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', need(), iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', need(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** What the API shows of a secret: its last 4 characters at most, never the whole. */
export function mask(secret: string): string {
  if (secret.length <= 8) return '••••';
  return `••••${secret.slice(-4)}`;
}
