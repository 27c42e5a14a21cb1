/**
 * DATA_DIR holds password hashes, sealed POS keys, the day's salt and the pictures: the folder is
 * this user's only (0700, an existing one tightened), and so are the database and every file in
 * it (0600: SQLite's -wal and -shm too, the uploads, the generated secret).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestCtx, uploadAs } from './helpers';

const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('DATA_DIR is private', () => {
  const root = mkdtempSync(join(tmpdir(), 'qrmenu-perm-'));
  let ctx: TestCtx | undefined;
  afterAll(async () => {
    await ctx?.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('an open folder left by an earlier version: 0700, its database and files 0600', async () => {
    const dataDir = join(root, 'data');
    // left open by an earlier version: the folder 0755, the database 0644
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    if (!pgUrl) {
      writeFileSync(join(dataDir, 'qrmenu.sqlite'), '');
      chmodSync(join(dataDir, 'qrmenu.sqlite'), 0o644);
    }
    ctx = await createTestApp({ dataDir, jwtSecret: undefined });
    const w = await createWorld(ctx);
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const res = await uploadAs(ctx, w.manager1.token, { product_id: w.own.product.id }, [
      { data: png, filename: 'p.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);

    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(join(dataDir, 'uploads')).toString(8)).toBe('700');
    const files = readdirSync(dataDir).filter((f) => statSync(join(dataDir, f)).isFile());
    if (!pgUrl)
      expect(files).toEqual(
        expect.arrayContaining(['qrmenu.sqlite', 'qrmenu.sqlite-wal', 'qrmenu.sqlite-shm']),
      );
    expect(files).toContain('jwt-secret');
    for (const f of files) expect(`${f} ${modeOf(join(dataDir, f)).toString(8)}`).toBe(`${f} 600`);
    const uploads = readdirSync(join(dataDir, 'uploads'));
    expect(uploads.length).toBeGreaterThan(0);
    for (const f of uploads)
      expect(`${f} ${modeOf(join(dataDir, 'uploads', f)).toString(8)}`).toBe(`${f} 600`);
  });
});
