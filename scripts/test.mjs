#!/usr/bin/env node
// `pnpm test`: lint, typecheck, OpenAPI lint, the unit and API suites (vitest, SQLite), the
// production build, then the Playwright suite over it. Closes with one line "N passed, N failed"
// summing every step that ran (lint, typecheck and OpenAPI lint count one each; the suites count
// their tests).
//
// Two lanes run side by side: the production build, the e2e suite over it, then typecheck and
// OpenAPI lint (neither of which the others need); and lint, then the vitest suites. The vitest
// run is cut into parts, which the second lane takes one after the other and the first joins in
// on once its own steps are done: one vitest run uses one core (one worker beside its main
// process), so a run left alone after the e2e suite would keep the other idle.
// Each step's output goes to .reports/<step>.log and is printed whole when the step ends; while
// steps run, a line every 30 s says which and for how long.
//
// The slower extras, asked for by CI (.ci/run) and by anyone who wants them:
//   --postgres  the API suite once more on PostgreSQL (TEST_DATABASE_URL=postgres://...)
//   --node22    the unit and API suites once more on Node 22 (TEST_NODE22=<a Node 22 `node`)
//   --clocks    the unit and API suites once more at each of two hours where Tashkent's day (the
//               restaurant's, UTC+5) is not UTC's: 00:30 and 04:30 in Tashkent (19:30 and 23:30
//               UTC of the day before), the clock moved with libfaketime (Debian's faketime), so a
//               test or a rule that takes the UTC date for the restaurant's day fails here, not
//               for a user
// They run one after the other once the second lane has no SQLite part left to take.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { missingChromium } from '../e2e/chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const args = new Set(process.argv.slice(2));
const known = new Set(['--postgres', '--node22', '--clocks']);
const unknown = [...args].filter((a) => !known.has(a));
if (unknown.length) {
  console.error(`unknown option ${unknown.join(' ')} (known: ${[...known].join(', ')})`);
  process.exit(2);
}

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let passed = 0;
let failed = 0;
const failures = [];
/** "suite: file > test — first line of the error", printed last so a log's tail names them */
const failedNames = [];
/** label -> { ms, counts } for the closing table */
const summary = [];
const running = new Map();

function fail(label) {
  failed += 1;
  failures.push(label);
}

/**
 * Runs a command with its output in .reports/<slug>.log; prints the log when it ends.
 * Resolves with whether it exited 0.
 */
function run(label, command, commandArgs, env = process.env) {
  const slug = label
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const logFile = join(reports, `${slug}.log`);
  const log = createWriteStream(logFile);
  const t0 = Date.now();
  console.log(`=== ${label}: started (${command} ${commandArgs.join(' ')})`);
  running.set(label, { t0, logFile });
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => {
      log.end(() => {
        running.delete(label);
        const ms = Date.now() - t0;
        console.log(`\n=== ${label} ${'='.repeat(Math.max(3, 90 - label.length))}`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        console.log(`=== ${label}: exit ${code ?? signal} in ${seconds(ms)}`);
        summary.push({ label, ms, ok: code === 0 });
        resolve(code === 0);
      });
    });
    child.on('error', (err) => {
      log.write(`${err.stack}\n`);
    });
  });
}

/** A step counted as one test: passed when it exits 0. */
async function step(label, command, commandArgs) {
  if (await run(label, command, commandArgs)) passed += 1;
  else fail(label);
}

/**
 * A suite whose JSON report gives its counts; a runner that crashed before writing one counts as
 * one failure, and so does a failed exit with no failed test.
 */
function count(label, ok, file, read) {
  const entry = summary.find((s) => s.label === label);
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { pass, fail: failing, skipped, failedTests = [] } = read(report);
  for (const name of failedTests) failedNames.push(`${label}: ${name}`);
  if (entry) entry.counts = `${pass} passed, ${failing} failed${skipped ? `, ${skipped} skipped` : ''}`;
  passed += pass;
  failed += failing;
  if (failing > 0 || !ok) failures.push(label);
  if (!ok && failing === 0) failed += 1;
}

const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';
/**
 * Where a failure happened, for the summary (often all a CI log keeps): the stack's frames in the
 * project's own files (a helper's line, then its caller's) and, for a locator's assertion, which
 * locator: enough to tell which of a long test's waits gave up.
 */
function whereFailed(text) {
  const plain = stripVTControlCharacters(String(text ?? ''));
  const frames = [...plain.matchAll(/\(?(\/[^\s():]+):(\d+):\d+\)?$/gmu)]
    .filter(([, file]) => file.startsWith(root) && !file.includes('/node_modules/'))
    .map(([, file, line]) => `${relative(root, file)}:${line}`);
  const locator = plain.match(/^Locator:\s+(.+)$/mu)?.[1];
  const parts = [];
  if (frames.length) parts.push(`at ${[...new Set(frames)].slice(0, 3).join(' ← ')}`);
  if (locator) parts.push(`locator ${locator.slice(0, 200)}`);
  return parts.length ? `\n      ${parts.join('; ')}` : '';
}
const vitestCounts = (r) => ({
  pass: r.numPassedTests,
  fail: r.numFailedTests,
  skipped: r.numPendingTests,
  failedTests: r.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'failed')
      .map(
        (t) =>
          `${relative(root, file.name)} > ${t.fullName} — ${firstLine(t.failureMessages?.[0])}${whereFailed(t.failureMessages?.[0])}`,
      ),
  ),
});
/** Playwright's JSON report: suites nest; a spec's tests carry their runs' results. */
function playwrightFailures(suites, file = '') {
  return (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => {
          const last = t.results.at(-1);
          const error = last?.error ?? last?.errors?.[0];
          return `${suite.file ?? file} > ${spec.title} — ${firstLine(error?.message)}${whereFailed(`${error?.message ?? ''}\n${error?.stack ?? ''}`)}`;
        }),
    ),
    ...playwrightFailures(suite.suites, suite.file ?? file),
  ]);
}
const vitestArgs = (report) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const { TEST_DATABASE_URL, TEST_NODE22, ...sqliteEnv } = process.env;

/**
 * The SQLite run in parts, taken in this order by whichever lane is free: the API's projects
 * (their files share one module graph a worker, which a part of its own keeps whole), then the
 * front ends' tests in three shards (vitest's --shard: files by a hash of their path; each file
 * has a fresh module graph anyway, so a shard costs little more than its files). The e2e lane,
 * about 150 s shorter here, ends by taking the last shard or two. Eight shards of everything were
 * tried: each part loading the API's graph again cost about 90 s of CPU more in all, and the
 * run took longer.
 */
const FRONT_END_SHARDS = 3;
const sqliteParts = [
  { name: 'API', args: ['--project', 'api*', '--project', 'e2e-unit'] },
  ...Array.from({ length: FRONT_END_SHARDS }, (_, i) => ({
    name: `web ${i + 1}/${FRONT_END_SHARDS}`,
    args: ['--project', 'web*', `--shard=${i + 1}/${FRONT_END_SHARDS}`],
  })),
];

async function takeSqliteParts() {
  for (let part = sqliteParts.shift(); part; part = sqliteParts.shift()) {
    const slug = part.name.replace(/\W+/g, '-').toLowerCase();
    const report = join(reports, `vitest-sqlite-${slug}.json`);
    const label = `unit + API (SQLite) ${part.name}`;
    // no --passWithNoTests: a part whose projects stopped matching any file fails, not passes
    const partArgs = [...vitestArgs(report), ...part.args];
    const ok = await run(label, 'pnpm', ['exec', 'vitest', ...partArgs], sqliteEnv);
    count(label, ok, report, vitestCounts);
  }
}

/** The SQLite parts, then the extras asked for (each after the other: they share the CPU). */
async function unitSuites() {
  await takeSqliteParts();

  if (args.has('--postgres')) {
    const pgLabel = 'API (PostgreSQL)';
    if (!TEST_DATABASE_URL) {
      console.log(`\n!!! ${pgLabel}: --postgres needs TEST_DATABASE_URL=postgres://... (not run)`);
      fail(pgLabel);
    } else {
      const pgReport = join(reports, 'vitest-pg.json');
      const pgOk = await run(
        pgLabel,
        'pnpm',
        ['exec', 'vitest', ...vitestArgs(pgReport), '--project', 'api*'],
        {
          ...sqliteEnv,
          TEST_DATABASE_URL,
        },
      );
      count(pgLabel, pgOk, pgReport, vitestCounts);
    }
  }

  // Node 22 is the other supported line (better-sqlite3 13 is a Node-API module: the build made
  // for Node 24 loads unchanged).
  if (args.has('--node22')) {
    const n22Label = 'unit + API (Node 22)';
    if (!TEST_NODE22) {
      console.log(`\n!!! ${n22Label}: --node22 needs TEST_NODE22=<path of a Node 22 node> (not run)`);
      fail(n22Label);
    } else {
      const n22Report = join(reports, 'vitest-node22.json');
      const n22Ok = await run(
        n22Label,
        TEST_NODE22,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          ...vitestArgs(n22Report).map((a) => a.replace('=default', '=dot')),
        ],
        { ...sqliteEnv, PATH: `${dirname(TEST_NODE22)}:${process.env.PATH}` },
      );
      count(n22Label, n22Ok, n22Report, vitestCounts);
    }
  }

  if (args.has('--clocks')) await movedClockSuites();
}

/**
 * The hours `--clocks` runs at: the latest past instant at each UTC hour:minute (so that files the
 * suites write never look older than the moved clock says; a cleaner would take them for stale).
 */
const CLOCKS = [
  { label: 'Tashkent 00:30', utc: [19, 30] },
  { label: 'Tashkent 04:30', utc: [23, 30] },
];
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';

/** libfaketime's settings that move every process of a run (and its children) by the same offset. */
function movedClock([hour, minute]) {
  const now = Date.now();
  const at = new Date(now);
  at.setUTCHours(hour, minute, 0, 0);
  if (at.getTime() > now) at.setUTCDate(at.getUTCDate() - 1);
  const offset = Math.round((at.getTime() - now) / 1000);
  return {
    at,
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`,
      // timers and durations keep the real monotonic clock
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
  };
}

async function movedClockSuites() {
  for (const clock of CLOCKS) {
    const label = `unit + API (${clock.label})`;
    if (!existsSync(LIBFAKETIME)) {
      console.log(`\n!!! ${label}: --clocks needs libfaketime (apt-get install faketime) (not run)`);
      fail(label);
      continue;
    }
    const { at, env } = movedClock(clock.utc);
    const report = join(reports, `vitest-${clock.utc.join('')}.json`);
    console.log(`\n=== ${label}: the clock at ${at.toISOString()}`);
    const ok = await run(
      label,
      'pnpm',
      ['exec', 'vitest', ...vitestArgs(report).map((a) => a.replace('=default', '=dot'))],
      { ...sqliteEnv, ...env },
    );
    count(label, ok, report, vitestCounts);
  }
}

async function e2e(noChromium) {
  if (noChromium) {
    console.log(`\n=== e2e: not run (no Chromium, see the first lines)`);
    fail('e2e (no Chromium)');
    return;
  }
  const e2eReport = join(reports, 'playwright.json');
  const ok = await run(
    'e2e',
    'pnpm',
    // no traces: recording one for every test, to keep the failures', took a third more CPU; a
    // failure keeps its screenshot, and the spec run alone (`pnpm test:e2e tests/<spec>`) keeps
    // its trace
    ['--filter', '@qrmenu/e2e', 'exec', 'playwright', 'test', '--reporter=list,json', '--trace=off'],
    { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  );
  count('e2e', ok, e2eReport, (r) => ({
    pass: r.stats.expected + r.stats.flaky,
    fail: r.stats.unexpected,
    skipped: r.stats.skipped,
    failedTests: playwrightFailures(r.suites),
  }));
}

/**
 * The first lane: the production build, the e2e suite over it, typecheck and OpenAPI lint, then
 * the SQLite parts still left.
 */
async function buildThenE2e() {
  if (await run('build', 'pnpm', ['build'])) {
    await e2e(noChromium);
  } else {
    fail('build');
    console.log('\n=== e2e: not run (the build failed)');
  }
  await step('typecheck', 'pnpm', ['typecheck']);
  // the OpenAPI document the server serves, against Redocly's recommended rules (redocly.yaml)
  await step('OpenAPI lint', 'pnpm', ['lint:openapi']);
  await takeSqliteParts();
}

/** The second lane: lint, then the vitest suites. */
async function checksThenUnitSuites() {
  await step('lint', 'pnpm', ['exec', 'biome', 'check', '.']);
  await unitSuites();
}

/** Every 30 s: what is still running, and how far the e2e suite is. */
const heartbeat = setInterval(() => {
  if (running.size === 0) return;
  const parts = [...running].map(([label, { t0, logFile }]) => {
    let extra = '';
    if (label === 'e2e' && existsSync(logFile)) {
      const done = (readFileSync(logFile, 'utf8').match(/^\s+[✓✘-]\s+\d+ /gmu) ?? []).length;
      extra = `, ${done} tests done`;
    }
    return `${label} (${seconds(Date.now() - t0)}${extra})`;
  });
  console.log(`... ${seconds(Date.now() - started)}: running ${parts.join(', ')}`);
}, 30_000);

// Without the browser every e2e test would fail on its own: said once, first, counted once.
const noChromium = missingChromium();
if (noChromium) console.log(`\n!!! ${noChromium}`);
if (!args.has('--postgres') && TEST_DATABASE_URL)
  console.log('(TEST_DATABASE_URL is set: add --postgres to run the API suite on PostgreSQL too)');
if (!args.has('--node22') && TEST_NODE22)
  console.log('(TEST_NODE22 is set: add --node22 to run the suites on it too)');

await Promise.all([buildThenE2e(), checksThenUnitSuites()]);
clearInterval(heartbeat);

console.log(`\nSteps (wall time; they overlap), ${seconds(Date.now() - started)} in all:`);
for (const s of summary)
  console.log(
    `  ${s.ok ? 'ok  ' : 'FAIL'} ${s.label.padEnd(28)} ${seconds(s.ms).padStart(8)}  ${s.counts ?? ''}`,
  );
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedNames) console.log(`  ✘ ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
