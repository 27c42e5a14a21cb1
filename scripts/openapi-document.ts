/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to the file named by the
 * first argument (stdout without one): built in-process by buildApp() on a throw-away SQLite
 * database, no network. Run with tsx (`pnpm lint:openapi` does).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../api/src/app';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-openapi-'));
try {
  const app = await buildApp({ dataDir, jwtSecret: 'openapi-document', adminPassword: 'openapi-document' });
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  if (answer.statusCode !== 200) throw new Error(`/api/openapi.json answered ${answer.statusCode}`);
  const text = `${JSON.stringify(answer.json(), null, 2)}\n`;
  const out = process.argv[2];
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
