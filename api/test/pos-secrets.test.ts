/** Sealed POS credentials: AES-GCM round trip, a wrong key or a changed byte fails, no key refuses; masks. */
import { describe, expect, it } from 'vitest';
import { mask, SecretKeyMissingError, secretBox } from '../src/integration/secrets';

describe('secretBox', () => {
  const box = secretBox('a passphrase of the server');

  it('opens what it sealed; the sealed text shows nothing of the secret and differs each time', () => {
    const a = box.seal('{"apiLogin":"abc-123"}');
    const b = box.seal('{"apiLogin":"abc-123"}');
    expect(a).not.toBe(b);
    expect(a).not.toContain('abc');
    expect(box.open(a)).toBe('{"apiLogin":"abc-123"}');
  });

  it('refuses a wrong key and a changed byte', () => {
    const sealed = box.seal('secret');
    expect(() => secretBox('another key').open(sealed)).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('without INTEGRATION_SECRET_KEY nothing is sealed', () => {
    expect(() => secretBox(undefined).seal('x')).toThrow(SecretKeyMissingError);
    expect(() => secretBox('  ').seal('x')).toThrow(SecretKeyMissingError);
  });

  it('masks to the last 4 characters at most', () => {
    expect(mask('fake-api-login-0123456789')).toBe('••••6789');
    expect(mask('short')).toBe('••••');
  });
});
