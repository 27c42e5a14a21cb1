/**
 * Loaded into a benched server with `--import` (NODE_OPTIONS; `pnpm bench:orders`): on SIGUSR2
 * it collects the garbage and writes the process's memory (`process.memoryUsage()`) as JSON to
 * `<tmpdir>/qrmenu-bench-memory-<pid>.json`, so the bench reads a server's heap from outside
 * without an endpoint in the product. Plain JavaScript: it runs before tsx is loaded, and with the
 * build alike.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

process.on('SIGUSR2', () => {
  // twice: what the first frees may hold what only the second can
  gc();
  gc();
  writeFileSync(
    join(tmpdir(), `qrmenu-bench-memory-${process.pid}.json`),
    JSON.stringify(process.memoryUsage()),
  );
});
