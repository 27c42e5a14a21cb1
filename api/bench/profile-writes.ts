/**
 * `pnpm --filter @qrmenu/api exec tsx bench/profile-writes.ts [--only insert,update] [--out <dir>]
 * [--root <checkout>] [--node-options '<more options of the server's node>']`:
 * this tree's built server (`pnpm build` first) seeded as `pnpm bench:compare` seeds it, each
 * scenario run under load while V8 profiles the server (`--cpu-prof`): one .cpuprofile a scenario
 * in `--out` (open it in Chrome DevTools or speedscope for the flame graph) and its top functions
 * by self time printed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareBuilt, startBuilt } from './built-server';
import { flag, selectScenarios, warmUp } from './scenarios';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time by function (file:line), the `top` largest, as lines. */
function topSelf(profilePath: string, top = 30): string[] {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
  };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const f = byNode.get(id)!.callFrame;
    const where = f.url
      ? `${f.url.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => `${((n * 100) / total).toFixed(1).padStart(5)} %  ${k}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const out = resolve(process.env.INIT_CWD ?? '.', flag(argv, 'out') ?? 'profiles');
  mkdirSync(out, { recursive: true });
  // --root: another built checkout (e.g. the ref's worktree of `pnpm bench:compare --keep`)
  const root = resolve(flag(argv, 'root') ?? resolve(import.meta.dirname, '../..'));
  const workDir = mkdtempSync(join(tmpdir(), 'qrmenu-profile-'));
  try {
    const prepared = await prepareBuilt(root, join(workDir, 'seed'), 'current');
    for (const scenario of selectScenarios(flag(argv, 'only') ?? 'insert,update')) {
      const dir = join(workDir, `prof-${scenario.key}`);
      const server = await startBuilt(prepared, {
        cache: scenario.cache,
        bareUrl: 'http://127.0.0.1:9/',
        workDir,
        env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir} ${flag(argv, 'node-options') ?? ''}` },
      });
      try {
        await warmUp(server.target);
        const figure = await scenario.run(server.target);
        console.log(scenario.key, JSON.stringify(figure));
      } finally {
        await server.stop();
      }
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile in ${dir}`);
      const target = join(out, `${scenario.key}.cpuprofile`);
      renameSync(join(dir, file), target);
      console.log(`\n${scenario.key}: ${target}\n${topSelf(target).join('\n')}\n`);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
