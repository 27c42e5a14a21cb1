// `node --import ./register.mjs ...`: every import of better-sqlite3 (by name, or by the path a
// bundler or test runner resolved it to) gets the node:sqlite shim beside this file instead
// (bench:api with BENCH_NODE_SQLITE=1, the soak with SOAK_SQLITE=node).
import { registerHooks } from 'node:module';

const shim = new URL('./better-sqlite3-shim.mjs', import.meta.url).href;
const BETTER_SQLITE3_MAIN = /\/better-sqlite3\/lib\/index\.js$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'better-sqlite3') return { url: shim, format: 'module', shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    if (BETTER_SQLITE3_MAIN.test(resolved.url)) return { url: shim, format: 'module', shortCircuit: true };
    return resolved;
  },
});
