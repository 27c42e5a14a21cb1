/**
 * Deploying one module alone while the shell keeps running: mfe_auth is built three times from a
 * copy of its sources (as its team would), each served in turn from the same address of its own
 * origin. A reload shows the second build with no shell rebuild or restart; the third, built
 * against a newer `@qrmenu/shared` than the running shell provides, is refused before any of its
 * code runs: its pages show the fallback, the console says why, the other modules keep working.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  buildRemoteCopy,
  deployInto,
  ROOT,
  type RunningServer,
  startApiServer,
  startStaticServer,
} from '../servers';
import { ADMIN } from './support';

test.describe.configure({ mode: 'serial' });

interface Build {
  dist: string;
  remove: () => void;
}

const builds: Record<'first' | 'second' | 'newer', Build | undefined> = {
  first: undefined,
  second: undefined,
  newer: undefined,
};
let deployDir: string;
let remote: (RunningServer & { served: string[] }) | undefined;
let server: RunningServer | undefined;
let sharedVersion: string;

/** The next minor of a version: what a later commit that added a shared export would carry. */
function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${(minor ?? 0) + 1}.0`;
}

test.beforeAll(async () => {
  // three production builds on a busy machine
  test.setTimeout(600_000);
  // the version of the workspace's shared package the shell provides
  const shellProvides = JSON.parse(readFileSync(join(ROOT, 'shared', 'package.json'), 'utf8')) as {
    version: string;
  };
  sharedVersion = shellProvides.version;
  builds.first = await buildRemoteCopy({ app: 'mfe-auth', label: 'Versiya 1' });
  builds.second = await buildRemoteCopy({ app: 'mfe-auth', label: 'Versiya 2' });
  builds.newer = await buildRemoteCopy({
    app: 'mfe-auth',
    label: 'Versiya 3',
    sharedVersion: nextMinor(sharedVersion),
  });
  deployDir = mkdtempSync(join(tmpdir(), 'qrmenu-deployed-'));
  deployInto(deployDir, builds.first.dist);
  remote = await startStaticServer(deployDir);
  server = await startApiServer({ env: { REMOTE_MFE_AUTH_URL: `${remote.url}/mf-manifest.json` } });
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), remote?.stop()]);
  for (const build of Object.values(builds)) build?.remove();
  if (deployDir) rmSync(deployDir, { recursive: true, force: true });
});

/** The shell's own entry script, as the running server hands it out. */
async function shellEntry(page: Page): Promise<string | null> {
  return page.locator('script[src^="/main."]').getAttribute('src');
}

test('a redeployed remote shows on the next reload; the shell is neither rebuilt nor restarted', async ({
  page,
}) => {
  const url = server?.url as string;
  await page.goto(`${url}/`);
  await expect(page.getByTestId('build-label')).toHaveText('Versiya 1');
  const entry = await shellEntry(page);
  expect(entry).toMatch(/^\/main\.[0-9a-f]{8}\.js$/);

  deployInto(deployDir, builds.second?.dist as string);
  const servedBefore = remote?.served.length ?? 0;
  await page.reload();
  await expect(page.getByTestId('build-label')).toHaveText('Versiya 2');
  expect(await shellEntry(page)).toBe(entry);
  // the new build came from the remote's own origin
  const served = remote?.served.slice(servedBefore) ?? [];
  expect(served).toContain('/mf-manifest.json');
  expect(served).toContain('/remoteEntry.js');
  expect(served.some((p) => p.includes('__federation_expose_LoginPage'))).toBe(true);

  // and it works: the admin signs in through it
  await page.locator('input[name="login"]').fill(ADMIN.login);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page).toHaveURL(`${url}/admin/restaurants`);
  await expect(page.getByText('Jami')).toBeVisible();
});

test('a remote that needs a newer shell shows its fallback with the reason; the other modules keep working', async ({
  page,
}) => {
  const url = server?.url as string;
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  deployInto(deployDir, builds.newer?.dist as string);
  const servedBefore = remote?.served.length ?? 0;
  await page.goto(`${url}/`);
  await expect(page.getByRole('heading', { name: "Bo'limni yuklab bo'lmadi" })).toBeVisible();
  await expect(page.getByTestId('build-label')).toHaveCount(0);
  const required = `^${nextMinor(sharedVersion)}`;
  expect(
    consoleErrors.find((e) => e.includes('Remote mfe_auth needs a newer shell')),
    consoleErrors.join('\n'),
  ).toMatch(new RegExp(`@qrmenu/shared/\\S+ requires \\${required}, provided: ${sharedVersion}`));
  // refused from its manifest: none of its code was fetched
  expect(remote?.served.slice(servedBefore)).toEqual(['/mf-manifest.json']);

  // the restaurants module still works; the profile (mfe_auth) shows the fallback
  const login = await page.request.post(`${url}/api/auth/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t);
    localStorage.setItem('role', 'admin');
  }, token);
  await page.goto(`${url}/admin/restaurants`);
  await expect(page.getByText('Jami')).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { name: "Bo'limni yuklab bo'lmadi" })).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Restoranlar' }).click();
  await expect(page.getByText('Jami')).toBeVisible();

  // the team deploys a build the shell can run again: the next reload has the profile back
  deployInto(deployDir, builds.second?.dist as string);
  await page.goto(`${url}/admin/profile`);
  await expect(page.getByTestId('profile')).toContainText('admin');
});
