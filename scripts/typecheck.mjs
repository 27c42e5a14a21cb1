#!/usr/bin/env node
// `pnpm typecheck`: three TypeScript programs side by side: the seven front-end packages as one
// (tsconfig.web.json: they share their options), the API and the e2e suite (each its own options).
// Incremental: a second run reads node_modules/.cache/tsc and checks only what changed. Every
// program's errors are printed; exits 1 when any program has one.
//
// TypeScript 7 (the compiler in Go): from a fresh clone the three programs take about 21 s of CPU
// here, against 59 s with TypeScript 6. Each runs single-threaded: three at once already fill the
// two cores, and its own threads would only add their overhead (about 35 s of CPU in all).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const PROGRAMS = [
  ['front ends', 'tsconfig.web.json', 'web'],
  ['api', 'api/tsconfig.json', 'api'],
  ['e2e', 'e2e/tsconfig.json', 'e2e'],
];

const results = await Promise.all(
  PROGRAMS.map(
    ([label, project, cache]) =>
      new Promise((resolve) => {
        const started = Date.now();
        let out = '';
        const child = spawn(
          process.execPath,
          [
            tsc,
            '-p',
            project,
            '--singleThreaded',
            '--incremental',
            '--tsBuildInfoFile',
            `node_modules/.cache/tsc/${cache}.tsbuildinfo`,
          ],
          { cwd: root },
        );
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          out += d;
        });
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${project}) in ${seconds} s`);
          if (out.trim()) console.log(out.trimEnd());
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
