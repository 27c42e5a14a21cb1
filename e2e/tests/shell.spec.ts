import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  baseURL,
  createManager,
  loginThroughUi,
  startApiServer,
  startStaticServer,
  trackCspViolations,
  transitionDuration,
} from './support';

const storage = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('accessToken'), role: localStorage.getItem('role') }));

test.describe('login and guard', () => {
  test('a wrong password shows the Uzbek error and stores nothing', async ({ page }) => {
    await page.goto('/');
    await page.locator('input[name="login"]').fill(ADMIN.login);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Kirish' }).click();
    await expect(page.getByText('Login yoki parol xato')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storage(page)).toEqual({ token: null, role: null });
  });

  test('empty fields are required and no call is made', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls += 1;
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Kirish' }).click();
    await expect(page.getByText('Majburiy maydon')).toHaveCount(2);
    expect(calls).toBe(0);
  });

  test('the admin logs in and lands in the sidebar layout on the restaurant list', async ({ page }) => {
    await loginThroughUi(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(280);
    await expect(sidebar.getByRole('link', { name: 'Restoranlar' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Profil' })).toBeVisible();
    expect(await storage(page)).toEqual({ token: expect.any(String), role: 'admin' });
    // the browser asks for less motion (playwright.config.ts): a button's transition ends at once
    expect(await transitionDuration(page.getByRole('button', { name: "Restoran qo'shish" }))).toBe('1e-05s');
    // with a token, / goes through /home to /admin
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
    // on a phone the sidebar becomes a top bar and the page keeps the width
    await page.setViewportSize({ width: 375, height: 740 });
    // the page may lay itself out for the new size after setViewportSize returns (seen on a fast
    // machine: the sidebar read 280 px wide right after it)
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(375);
    const bar = await sidebar.boundingBox();
    expect(bar?.height ?? 0).toBeLessThan(100); // two rows of links at most
    // every link stays in view (they wrap to a second row rather than scroll away)
    for (const name of ['Restoranlar', 'Menedjerlar', 'Hisobot', 'Modullar', 'Profil'])
      await expect(sidebar.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('without a token /admin/* and manager routes go back to the login screen', async ({ page }) => {
    for (const path of ['/admin', '/admin/restaurants', '/admin/profile', '/categoryList']) {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL()}/`);
      await expect(page.locator('input[name="login"]')).toBeVisible();
    }
  });
});

test.describe('layouts and pages', () => {
  test('a manager lands in the manager layout with the bottom bar, usable at 375 px', async ({
    page,
    request,
  }) => {
    const manager = await createManager(request);
    await page.setViewportSize({ width: 375, height: 740 });
    await loginThroughUi(page, manager);
    await expect(page).toHaveURL(`${baseURL()}/admin`);
    const bar = page.getByRole('navigation', { name: 'Menyu' });
    await expect(bar).toBeVisible();
    for (const name of ['Asosiy', 'Buyurtmalar', 'Menyu', 'Hisobot', 'Kategoriyalar', 'Profil']) {
      const tab = bar.getByRole('link', { name });
      await expect(tab).toBeVisible();
      const target = await tab.boundingBox();
      expect(
        Math.min(target?.width ?? 0, target?.height ?? 0),
        `${name} touch target`,
      ).toBeGreaterThanOrEqual(44);
    }
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    expect(await storage(page)).toMatchObject({ role: 'manager' });
    const box = await bar.boundingBox();
    expect(box?.width).toBe(375);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Menyu: the stop-list screen inside the layout (this manager has no restaurant yet)
    await bar.getByRole('link', { name: 'Menyu' }).click();
    await expect(page).toHaveURL(/\/productStopList$/i);
    await expect(page.getByRole('heading', { level: 1, name: 'Menyu' })).toBeVisible();
    await expect(page.getByText('Sizga hali restoran biriktirilmagan')).toBeVisible();
    await expect(bar).toBeVisible();
    // Hisobot: the reports inside the layout, saying the same
    await bar.getByRole('link', { name: 'Hisobot' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hisobot' })).toBeVisible();
    await expect(page.getByText('Sizga hali restoran biriktirilmagan')).toBeVisible();
    await bar.getByRole('link', { name: 'Asosiy' }).click();
    await expect(page).toHaveURL(`${baseURL()}/admin`);
    // Profil: the profile page, where the manager signs out
    await bar.getByRole('link', { name: 'Profil' }).click();
    await expect(page).toHaveURL(`${baseURL()}/admin/profile`);
    await expect(page.getByTestId('profile')).toContainText(manager.login);
    await expect(page.getByRole('button', { name: 'Chiqish' })).toBeVisible();
  });

  test('unknown paths show the 404 page with a link back to /admin', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
    await loginThroughUi(page, ADMIN);
    await page.goto('/admin/whatever');
    await expect(page).toHaveURL(/\/not-found$/);
    await page.getByRole('link', { name: 'Bosh sahifaga qaytish' }).click();
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
  });

  test("logout asks Ha / Yo'q, then ends the session on the server, clears it and reloads to the login screen", async ({
    page,
  }) => {
    await loginThroughUi(page, ADMIN);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByTestId('profile')).toContainText('admin');
    await expect(page.getByTestId('profile')).toContainText('Faol');
    await page.getByRole('button', { name: 'Chiqish' }).click();
    await page.getByRole('button', { name: "Yo'q" }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await storage(page)).token).not.toBeNull();
    const { token } = await storage(page);
    await page.getByRole('button', { name: 'Chiqish' }).click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Ha' }).click();
    await reloaded;
    await expect(page).toHaveURL(`${baseURL()}/`);
    await expect(page.locator('input[name="login"]')).toBeVisible();
    expect(await storage(page)).toEqual({ token: null, role: null });
    // the session ended on the server too: the old token, kept by anyone, is refused
    const profile = await page.request.get(`${baseURL()}/api/auth/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
  });
});

test.describe('federation', () => {
  test('a remote taken down shows the fallback, the shell still navigates, and retry loads it', async ({
    page,
  }) => {
    await loginThroughUi(page, ADMIN);
    // mfe_auth goes down (manifest and entry answer 404), then the page is opened afresh
    await page.route('**/remotes/mfe-auth/**', (route) => route.fulfill({ status: 404, body: 'down' }));
    await page.goto('/admin/profile');
    await expect(page.getByText("Bo'limni yuklab bo'lmadi")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Qayta urinish' })).toBeVisible();
    // the shell and the other remote keep working
    await page.getByTestId('sidebar').getByRole('link', { name: 'Restoranlar' }).click();
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
    await expect(page.getByText('Jami')).toBeVisible();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByText("Bo'limni yuklab bo'lmadi")).toBeVisible();
    // back up: retry loads it without a page reload
    await page.unroute('**/remotes/mfe-auth/**');
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await page.getByRole('button', { name: 'Qayta urinish' }).click();
    await expect(page.getByTestId('profile')).toContainText('admin');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('the login page shows the fallback when mfe_auth is down', async ({ page }) => {
    await page.route('**/remotes/mfe-auth/**', (route) => route.fulfill({ status: 404, body: 'down' }));
    await page.goto('/');
    await expect(page.getByText("Bo'limni yuklab bo'lmadi")).toBeVisible();
    await page.unroute('**/remotes/mfe-auth/**');
    await page.getByRole('button', { name: 'Qayta urinish' }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('a remote deployed on another origin loads from there, without rebuilding', async ({ page }) => {
    const remote = await startStaticServer(new URL('../../mfe-auth/dist', import.meta.url).pathname);
    const server = await startApiServer({
      env: { REMOTE_MFE_AUTH_URL: `${remote.url}/mf-manifest.json` },
    }).catch(async (err) => {
      await remote.stop();
      throw err;
    });
    try {
      const config = await (
        await fetch(`${server.url}/config.json`, { signal: AbortSignal.timeout(5000) })
      ).json();
      expect(config.remotes.mfe_auth).toBe(`${remote.url}/mf-manifest.json`);
      const fromApiOrigin: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(`${server.url}/remotes/mfe-auth/`)) fromApiOrigin.push(r.url());
      });
      const scripts: { url: string; encoding?: string; cacheControl?: string }[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script' && r.ok()) {
          const h = r.headers();
          scripts.push({ url: r.url(), encoding: h['content-encoding'], cacheControl: h['cache-control'] });
        }
      });
      const cspViolations = await trackCspViolations(page);
      await page.goto(`${server.url}/`);
      await page.locator('input[name="login"]').fill(ADMIN.login);
      await page.locator('input[name="password"]').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Kirish' }).click();
      await expect(page).toHaveURL(`${server.url}/admin/restaurants`);
      await expect(page.getByText('Jami')).toBeVisible();
      await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
      await expect(page.getByTestId('profile')).toContainText('admin');
      expect(remote.served).toContain('/mf-manifest.json');
      expect(remote.served).toContain('/remoteEntry.js');
      expect(remote.served.some((p) => p.includes('__federation_expose_LoginPage'))).toBe(true);
      expect(remote.served.some((p) => p.includes('__federation_expose_ProfilePage'))).toBe(true);
      expect(fromApiOrigin).toEqual([]);
      // the CSP names the remote's origin: login, the restaurant list and the remote ran without a violation
      expect(await cspViolations()).toEqual([]);
      // every script came compressed (brotli) from both origins; the API's hashed ones cached for good
      expect(scripts.some((s) => s.url.startsWith(remote.url))).toBe(true);
      expect(scripts.filter((s) => s.encoding !== 'br')).toEqual([]);
      for (const s of scripts.filter((x) => x.url.startsWith(server.url))) {
        const hashed = /\.[0-9a-f]{8}\.js$/.test(new URL(s.url).pathname);
        expect(s.cacheControl, s.url).toBe(hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
    } finally {
      // the browser lets go of both servers first; each stop is bounded anyway
      await page.close();
      await Promise.all([server.stop(), remote.stop()]);
    }
  });

  test('React, react-dom and the shared facade are loaded once, from the host', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' && r.ok()) scripts.push(r.url());
    });
    await loginThroughUi(page, ADMIN);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByTestId('profile')).toBeVisible();
    // both remotes are in use
    expect(scripts.some((u) => u.includes('/remotes/mfe-auth/'))).toBe(true);
    expect(scripts.some((u) => u.includes('/remotes/mfe-restaurants/'))).toBe(true);

    // 1. the bytes: one loaded script holds react-dom, one holds Chakra's provider
    const bodies = await Promise.all(
      scripts.map(async (u) => ({ u, text: await (await page.request.get(u)).text() })),
    );
    const withReactDom = bodies.filter((b) => b.text.includes('__reactContainer$')).map((b) => b.u);
    expect(withReactDom).toHaveLength(1);
    expect(withReactDom[0]).not.toContain('/remotes/');

    // 2. the share scope: each singleton has one version, provided by the shell
    const share = await page.evaluate(() => {
      type Entry = { from: string; loaded?: boolean };
      const f = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
          };
        }
      ).__FEDERATION__;
      const out: Record<string, { versions: string[]; loadedFrom: string[] }> = {};
      for (const scopes of Object.values(f.__SHARE__)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          const o = out[pkg] ?? { versions: [], loadedFrom: [] };
          for (const [v, e] of Object.entries(versions)) {
            if (!o.versions.includes(v)) o.versions.push(v);
            if (e.loaded && !o.loadedFrom.includes(e.from)) o.loadedFrom.push(e.from);
          }
          out[pkg] = o;
        }
      }
      return out;
    });
    for (const lib of [
      'react',
      'react-dom',
      'react-dom/client',
      'react-router',
      'react-router-dom',
      'jotai',
    ]) {
      expect(share[lib]?.versions, lib).toHaveLength(1);
      expect(share[lib]?.loadedFrom, lib).toEqual(['shell']);
    }
    for (const lib of ['@qrmenu/shared/session', '@qrmenu/shared/ui', '@qrmenu/shared/query']) {
      expect(share[lib]?.loadedFrom, lib).toHaveLength(1);
    }
  });
});
