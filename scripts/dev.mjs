#!/usr/bin/env node
// `pnpm dev`: the API in watch mode on :8080 and every front-end dev server (shell :3000 and
// each remote that has a `dev` script). Open http://localhost:3000: the shell's dev server
// proxies /api and /uploads to the API and serves its own /config.json naming the remotes' dev
// servers (localhost:3001/mf-manifest.json, ...). Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, root } from './production-server.mjs';

const API_PORT = process.env.PORT ?? '8080';

/** Front-end packages in start order; those without a `dev` script (later issues) are skipped. */
const frontends = [...REMOTES, 'shell']; // ports 3001-3006, 3000

const COLORS = [36, 33, 35, 32, 34, 31];
const children = [];
let stopping = false;

function prefixLines(label, color, stream, out) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += String(chunk);
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) out.write(`\x1b[${color}m[${label}]\x1b[0m ${line}\n`);
  });
}

function run(label, args, env = {}) {
  const color = COLORS[children.length % COLORS.length];
  const child = spawn('pnpm', args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stopping reaches rspack and tsx too
  });
  prefixLines(label, color, child.stdout, process.stdout);
  prefixLines(label, color, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${label} exited (${signal ?? code}); stopping the rest`);
      stopAll(code ?? 1);
    }
  });
  children.push({ label, child });
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

run('api', ['--filter', '@qrmenu/api', 'dev'], { PORT: API_PORT });
const apiUrl = `http://127.0.0.1:${API_PORT}`;
for (const dir of frontends) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.dev) {
    console.log(`[dev] ${pkg.name}: no dev server yet (later issue); the shell shows "not available"`);
    continue;
  }
  run(dir, ['--filter', pkg.name, 'dev'], { API_DEV_URL: apiUrl });
}
console.log(`[dev] shell: http://localhost:3000  (API ${apiUrl}, remotes on 3001-3005)`);
