#!/usr/bin/env node
// `pnpm release`: a module's team ships, canaries, promotes and rolls back its build from its
// pipeline (docs/RELEASES.md), with the module's deploy key (made on the admin's Modullar page):
//
//   pnpm release <module> <manifest-url> [--canary <percent>] [--version <name>]
//   pnpm release canary <module> <percent>
//   pnpm release promote <module>
//   pnpm release rollback <module>
//
// QRMENU_API_URL (default http://127.0.0.1:8080) is the server, QRMENU_DEPLOY_KEY the key.
// A module is named as its folder (`mfe-catalog`) or its federation name (`mfe_catalog`). Prints
// what the module runs afterwards; exits 1 with the server's reason when it refuses.

const USAGE = `usage:
  pnpm release <module> <manifest-url> [--canary <percent>] [--version <name>]
  pnpm release canary <module> <percent>
  pnpm release promote <module>
  pnpm release rollback <module>
environment: QRMENU_API_URL (default http://127.0.0.1:8080), QRMENU_DEPLOY_KEY (the module's key)`;

/** `mfe-catalog` or `mfe_catalog` -> `mfe_catalog`. */
const moduleName = (name) => String(name ?? '').replaceAll('-', '_');

/** The call an argument list asks for: method, path under /api and body; throws the usage. */
export function requestOf(args) {
  const [first, ...rest] = args;
  const percent = (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      throw new Error(`a percent from 1 to 100, not "${v}"\n${USAGE}`);
    return n;
  };
  if (first === 'promote' || first === 'rollback') {
    if (rest.length !== 1) throw new Error(USAGE);
    return { method: 'POST', path: `/releases/modules/${moduleName(rest[0])}/${first}` };
  }
  if (first === 'canary') {
    if (rest.length !== 2) throw new Error(USAGE);
    return {
      method: 'PUT',
      path: `/releases/modules/${moduleName(rest[0])}/canary`,
      body: { share: percent(rest[1]) },
    };
  }
  const [url, ...options] = rest;
  if (!first || !url || url.startsWith('--')) throw new Error(USAGE);
  const body = { manifest_url: url };
  for (let i = 0; i < options.length; i += 2) {
    const [flag, value] = [options[i], options[i + 1]];
    if (value === undefined) throw new Error(USAGE);
    if (flag === '--canary') body.canary_share = percent(value);
    else if (flag === '--version') body.version = value;
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return { method: 'POST', path: `/releases/modules/${moduleName(first)}`, body };
}

/** One line per release the module runs now. */
export function describe(m) {
  const line = (label, r) =>
    `  ${label}: ${r.version} (${r.manifest_url}), ${r.loads} loads, ${r.failures} failures`;
  return [
    `${m.module}:`,
    m.stable ? line('stable', m.stable) : '  stable: none',
    m.canary ? `${line('canary', m.canary)}, ${m.canary_share}% of users` : '  canary: none',
  ].join('\n');
}

export async function main(args, env = process.env, fetchImpl = fetch) {
  const request = requestOf(args);
  const key = env.QRMENU_DEPLOY_KEY?.trim();
  if (!key) throw new Error("QRMENU_DEPLOY_KEY is not set (the module's deploy key)");
  const base = (env.QRMENU_API_URL?.trim() || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const res = await fetchImpl(`${base}/api${request.path}`, {
    method: request.method,
    headers: {
      Authorization: `Bearer ${key}`,
      Accept: 'application/json',
      ...(request.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = answer.error ?? {};
    const details = (error.details ?? []).map((d) => `\n  ${d.path}: ${d.message}`).join('');
    throw new Error(`${res.status} ${error.code ?? ''}: ${error.message ?? res.statusText}${details}`);
  }
  return describe(answer.data);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (text) => console.log(text),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
