/**
 * The API half of `pnpm bench:compare <ref>` (scripts/bench-compare.mjs runs it): the bench's
 * scenarios (bench/scenarios.ts, this tree's code) against the built servers of two checkouts,
 * taking turns figure by figure so that a swing of the shared machine hits both: each round
 * starts both servers on fresh copies of their seeded data (built-server.ts) with the answer
 * cache on, measures every cached figure on one then the other, restarts both with the cache off
 * for the uncached reads and the writes, and the side that goes first swaps every round. Both are
 * measured against the same bare route (bare.ts, its own process).
 *
 *   tsx bench/compare.ts --a <root> --a-label cb3cbc6 --b <root> --b-label main \
 *     [--rounds 3] [--only list,insert,...] --json <file>
 *
 * The JSON holds every figure of every round: `{ sides, rounds, scenarios, figures: { key:
 * { label: Figure[] } } }`.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Prepared, prepareBuilt, startBuilt } from './built-server';
import { type Figure, flag, isMeasure, selectScenarios, type Target, warmUp } from './scenarios';

interface Side {
  label: string;
  root: string;
}

function startBareProcess(): Promise<{ url: string; stop(): void }> {
  const child = fork(fileURLToPath(new URL('./bare.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ url: (m as { url: string }).url, stop: () => child.send({ kind: 'stop' }) }),
    );
    child.once('exit', (code) => reject(new Error(`bare route exited with ${code}`)));
  });
}

const show = (f: Figure) =>
  isMeasure(f)
    ? `${f.rps.toFixed(0).padStart(6)} req/s p99 ${f.p99.toFixed(0).padStart(4)} ms${f.errors + f.non2xx ? ` (${f.errors + f.non2xx} failed)` : ''}`
    : `median ${f.median.toFixed(1)} ms`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const need = (name: string) => {
    const v = flag(argv, name);
    if (!v) throw new Error(`--${name} is needed`);
    return v;
  };
  const sides: Side[] = [
    { label: need('a-label'), root: resolve(need('a')) },
    { label: need('b-label'), root: resolve(need('b')) },
  ];
  const rounds = Number(flag(argv, 'rounds') ?? 3);
  const json = resolve(process.env.INIT_CWD ?? '.', need('json'));
  const scenarios = selectScenarios(flag(argv, 'only'));
  const workDir = mkdtempSync(join(tmpdir(), 'qrmenu-compare-'));
  const bare = await startBareProcess();
  const figures: Record<string, Record<string, Figure[]>> = {};
  try {
    const prepared = new Map<string, Prepared>();
    for (const side of sides) {
      console.log(`Seeding ${side.label} (${side.root})…`);
      const dir = join(workDir, side.label.replace(/[^\w.-]/g, '_'));
      mkdirSync(dir);
      prepared.set(side.label, await prepareBuilt(side.root, dir, side.label));
    }
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? sides : [...sides].reverse();
      for (const cache of ['on', 'off'] as const) {
        const phase = scenarios.filter((s) => s.cache === cache);
        if (phase.length === 0) continue;
        console.log(
          `\nRound ${round}/${rounds}, answer cache ${cache} (${order.map((s) => s.label).join(', then ')})`,
        );
        const running: { side: Side; target: Target; stop(): Promise<void> }[] = [];
        try {
          for (const side of order) {
            const started = await startBuilt(prepared.get(side.label)!, {
              cache,
              bareUrl: bare.url,
              workDir,
            });
            running.push({ side, ...started });
          }
          for (const r of running) await warmUp(r.target);
          for (const s of phase) {
            const line: string[] = [];
            for (const r of running) {
              const figure = await s.run(r.target);
              figures[s.key] ??= {};
              const bySide = figures[s.key]!;
              bySide[r.side.label] ??= [];
              bySide[r.side.label]!.push(figure);
              line.push(`${r.side.label} ${show(figure)}`);
            }
            console.log(`  ${s.key.padEnd(15)} ${line.join('   ')}`);
          }
        } finally {
          for (const r of running) await r.stop();
        }
      }
    }
  } finally {
    bare.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  writeFileSync(
    json,
    `${JSON.stringify(
      {
        sides: sides.map((s) => s.label),
        rounds,
        scenarios: scenarios.map(({ key, name, cache }) => ({ key, name, cache })),
        figures,
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
