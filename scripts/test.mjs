#!/usr/bin/env node
// `pnpm test`: lint, typecheck, OpenAPI lint, unit and API suites (SQLite, then PostgreSQL when
// TEST_DATABASE_URL is set), the production build, then the Playwright suite over it.
// With TEST_NODE22 set to a Node 22 `node` binary, the unit and API suites run once more on it.
// Closes with one line "N passed, N failed" summing every step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { missingChromium } from '../e2e/chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function step(label, command, args, env) {
  if (run(label, command, args, env)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/** Adds a JSON report's test counts; a runner that crashed before writing one counts as one failure. */
function count(label, ok, file, read) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const { pass, fail } = read(JSON.parse(readFileSync(file, 'utf8')));
  passed += pass;
  failed += fail;
  if (fail > 0 || !ok) failures.push(label);
  if (!ok && fail === 0) failed += 1;
}

const vitestCounts = (r) => ({ pass: r.numPassedTests, fail: r.numFailedTests });

// Without the browser every e2e test would fail on its own: said once, first, counted once.
const noChromium = missingChromium();
if (noChromium) console.log(`\n!!! ${noChromium}`);

step('lint', 'pnpm', ['exec', 'biome', 'check', '.']);
step('typecheck', 'pnpm', ['-r', 'typecheck']);
// the OpenAPI document the server serves, against Redocly's recommended rules (redocly.yaml)
step('OpenAPI lint', 'pnpm', ['lint:openapi']);

const { TEST_DATABASE_URL, ...sqliteEnv } = process.env;
const sqliteReport = join(reports, 'vitest-sqlite.json');
const sqliteOk =
  spawnSync(
    'pnpm',
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${sqliteReport}`],
    { cwd: root, stdio: 'inherit', env: sqliteEnv },
  ).status === 0;
count('unit + API (SQLite)', sqliteOk, sqliteReport, vitestCounts);

if (TEST_DATABASE_URL) {
  const pgReport = join(reports, 'vitest-pg.json');
  const pgOk = run('API on PostgreSQL', 'pnpm', [
    'exec',
    'vitest',
    'run',
    '--project',
    'api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgReport}`,
  ]);
  count('API (PostgreSQL)', pgOk, pgReport, vitestCounts);
} else {
  console.log('\n(TEST_DATABASE_URL not set: the API suite ran on SQLite only)');
}

// Node 22 is the other supported line: the unit and API suites on it (better-sqlite3 13 is a
// Node-API module, so the build made for Node 24 loads unchanged).
const { TEST_NODE22 } = process.env;
if (TEST_NODE22) {
  const node22Report = join(reports, 'vitest-node22.json');
  const node22Ok =
    spawnSync(
      TEST_NODE22,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${node22Report}`,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...sqliteEnv, PATH: `${dirname(TEST_NODE22)}:${process.env.PATH}` },
      },
    ).status === 0;
  count('unit + API (Node 22)', node22Ok, node22Report, vitestCounts);
}

if (!run('build', 'pnpm', ['build'])) {
  failed += 1;
  failures.push('build');
} else if (noChromium) {
  console.log(`\n=== e2e: not run (no Chromium, see the first lines)`);
  failed += 1;
  failures.push('e2e (no Chromium)');
} else {
  const e2eReport = join(reports, 'playwright.json');
  const e2eOk = run(
    'e2e',
    'pnpm',
    ['--filter', '@qrmenu/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
  count('e2e', e2eOk, e2eReport, (r) => ({
    pass: r.stats.expected + r.stats.flaky,
    fail: r.stats.unexpected,
  }));
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
