#!/usr/bin/env node
// `pnpm lint:openapi` (and a step of `pnpm test`): writes the OpenAPI document the server serves
// (/api/openapi.json, from buildApp() in-process: scripts/openapi-document.ts) to
// .reports/openapi.json and lints it with Redocly's recommended ruleset (redocly.yaml).
// Exits non-zero on any error or warning.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const document = join(root, '.reports/openapi.json');
mkdirSync(join(root, '.reports'), { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(join(root, 'api/node_modules/.bin/tsx'), [join(root, 'scripts/openapi-document.ts'), document]);
// no network: telemetry and the update check off
run(
  join(root, 'node_modules/.bin/redocly'),
  ['lint', document, '--config', join(root, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '1000'],
  { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
);
