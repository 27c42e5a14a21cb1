/**
 * Sealed POS credentials: AES-GCM under a key of 32 random bytes (base64 or hex; anything else
 * refused), the restaurant as associated data (a value moved to another restaurant's row does
 * not open), a wrong key or a changed byte fails, no key refuses; values sealed before (the
 * SHA-256 of any string, no associated data) open only to be re-sealed (`pnpm rotate-secrets`);
 * masks; webhook tokens of 32 random bytes compared in constant time.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../src/config/settings';
import { resealSecrets } from '../src/integration/rotate-secrets';
import {
  mask,
  newWebhookToken,
  SecretKeyFormatError,
  SecretKeyMissingError,
  sameSecret,
  secretBox,
} from '../src/integration/secrets';
import { ConfigError } from '../src/startup-checks';
import { createRestaurant, createTestApp, type TestCtx } from './helpers';

const KEY = randomBytes(32).toString('base64');

describe('secretBox', () => {
  const box = secretBox(KEY);

  it('opens what it sealed for the same restaurant; the sealed text shows nothing and differs each time', () => {
    const a = box.seal('{"apiLogin":"abc-123"}', 'r1');
    const b = box.seal('{"apiLogin":"abc-123"}', 'r1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('abc');
    expect(box.open(a, 'r1')).toBe('{"apiLogin":"abc-123"}');
  });

  it("refuses another restaurant's value, a wrong key and a changed byte", () => {
    const sealed = box.seal('secret', 'r1');
    expect(() => box.open(sealed, 'r2')).toThrow();
    expect(() => secretBox(randomBytes(32).toString('hex')).open(sealed, 'r1')).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.open(parts.join('.'), 'r1')).toThrow();
  });

  it('takes 32 random bytes in base64 or hex, nothing else', () => {
    const bytes = randomBytes(32);
    for (const key of [bytes.toString('base64'), bytes.toString('hex'), bytes.toString('base64url')]) {
      expect(() => secretBox(key), key).not.toThrow();
    }
    for (const key of ['a passphrase of the server', randomBytes(31).toString('base64'), 'x'.repeat(64)]) {
      expect(() => secretBox(key), key).toThrow(SecretKeyFormatError);
    }
    expect(() => readSettings({ INTEGRATION_SECRET_KEY: 'e2e-pos-key' })).toThrow(ConfigError);
    expect(() => readSettings({ INTEGRATION_SECRET_KEY: 'e2e-pos-key' })).toThrow(
      /INTEGRATION_SECRET_KEY.*32 random bytes/,
    );
    expect(readSettings({ INTEGRATION_SECRET_KEY: KEY }).INTEGRATION_SECRET_KEY).toBe(KEY);
  });

  it('without INTEGRATION_SECRET_KEY nothing is sealed', () => {
    expect(() => secretBox(undefined).seal('x', 'r1')).toThrow(SecretKeyMissingError);
    expect(() => secretBox('  ').seal('x', 'r1')).toThrow(SecretKeyMissingError);
  });

  it('masks to the last 4 characters at most', () => {
    expect(mask('fake-api-login-0123456789')).toBe('••••6789');
    expect(mask('short')).toBe('••••');
  });
});

describe('webhook tokens', () => {
  it('are 32 random bytes, compared whole and in constant time', () => {
    const token = newWebhookToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newWebhookToken()).not.toBe(token);
    expect(sameSecret(token, token)).toBe(true);
    expect(sameSecret(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token)).toBe(false);
    expect(sameSecret(token.slice(0, 10), token)).toBe(false);
    expect(sameSecret('', token)).toBe(false);
  });
});

/** A value as the server sealed it before: `v1`, the key the SHA-256 of any string, no associated data. */
function sealedBefore(plain: string, passphrase: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(passphrase).digest(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('rotating the key (pnpm rotate-secrets)', () => {
  let ctx: TestCtx;
  beforeAll(async () => {
    ctx = await createTestApp({ integrationSecretKey: KEY });
  });
  afterAll(async () => ctx?.close());

  it('re-seals values of the old derivation (and of an old 32-byte key) under the new key, each with its restaurant', async () => {
    const oldPassphrase = 'the old passphrase of the server';
    const at = new Date().toISOString();
    const account = async (credentials: string, token: string) => {
      const r = await createRestaurant(ctx, { type: 'iiko' });
      await ctx.db
        .insertInto('integration_accounts')
        .values({
          restaurant_id: r.id,
          provider: 'iiko',
          location_id: `org-${r.id}`,
          credentials_enc: credentials,
          webhook_token_enc: token,
          revision: null,
          sync_started_at: null,
          last_sync_at: null,
          last_sync_result: null,
          last_sync_added: 0,
          last_sync_changed: 0,
          last_sync_removed: 0,
          last_sync_error: null,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      return r.id;
    };
    const legacy = await account(
      sealedBefore('{"apiLogin":"old-1"}', oldPassphrase),
      sealedBefore('tok-1', oldPassphrase),
    );
    // the server refuses the old derivation: only the command opens it
    const row = await ctx.app.repos.integrationAccounts.find(legacy);
    expect(() => ctx.app.pos.box.open(row!.credentials_enc, legacy)).toThrow();

    const report = await resealSecrets(ctx.app.repos, { box: ctx.app.pos.box, oldKey: oldPassphrase });
    expect(report).toMatchObject({ resealed: 1, failed: [] });
    const after = await ctx.app.repos.integrationAccounts.find(legacy);
    expect(ctx.app.pos.box.open(after!.credentials_enc, legacy)).toBe('{"apiLogin":"old-1"}');
    expect(ctx.app.pos.box.open(after!.webhook_token_enc, legacy)).toBe('tok-1');
    // run again: nothing left to do
    expect(await resealSecrets(ctx.app.repos, { box: ctx.app.pos.box, oldKey: oldPassphrase })).toMatchObject(
      {
        resealed: 0,
        failed: [],
      },
    );

    // a later rotation: 32 bytes to 32 bytes
    const next = secretBox(randomBytes(32).toString('hex'));
    const rotated = await resealSecrets(ctx.app.repos, { box: next, oldKey: KEY });
    expect(rotated.resealed).toBe(1);
    const last = await ctx.app.repos.integrationAccounts.find(legacy);
    expect(next.open(last!.credentials_enc, legacy)).toBe('{"apiLogin":"old-1"}');
  });
});
