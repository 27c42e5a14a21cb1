/**
 * Helpers for every e2e spec: the server's base URL, the admin credentials, API shortcuts
 * (token, manager creation) and logging in through the UI.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN } from '../servers';

export { type RunningServer, startApiServer, startStaticServer } from '../servers';
export { ADMIN };

/** A 1x1 PNG (the server checks the magic bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface Credentials {
  login: string;
  password: string;
}

/** Base URL of the server started by the global setup. */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
  return url.replace(/\/+$/, '');
}

/** A unique suffix for logins, slugs and names created by a test. */
export function unique(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Logs in through the API and returns the access token. */
export async function apiToken(request: APIRequestContext, creds: Credentials = ADMIN): Promise<string> {
  const res = await request.post(`${baseURL()}/api/auth/login`, { data: creds });
  expect(res.status(), `login ${creds.login}`).toBe(200);
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** Creates a manager through the API (as the admin) and returns its credentials and id. */
export async function createManager(
  request: APIRequestContext,
  creds: Partial<Credentials> = {},
): Promise<Credentials & { _id: string }> {
  const login = creds.login ?? unique('manager');
  const password = creds.password ?? 'manager12345';
  const token = await apiToken(request, ADMIN);
  const res = await request.post(`${baseURL()}/api/admin/managers`, {
    data: { login, password },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `create manager ${login}`).toBe(201);
  const body = (await res.json()) as { data: { _id: string; login: string } };
  return { _id: body.data._id, login, password };
}

/**
 * Opens `/` (of `base`, a spec's own server, else the suite's), fills the login form and submits;
 * waits until the app leaves the login screen.
 */
export async function loginThroughUi(page: Page, creds: Credentials = ADMIN, base = ''): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('input[name="login"]').fill(creds.login);
  await page.locator('input[name="password"]').fill(creds.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/** Puts a token (and role) straight into storage, for tests that do not test the login itself. */
export async function loginWithStorage(page: Page, token: string, role: string): Promise<void> {
  await page.goto('/not-found');
  await page.evaluate(
    ([t, r]) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('role', r);
    },
    [token, role] as const,
  );
}

/**
 * Records the Content-Security-Policy violations of every document the page loads (call before
 * the first navigation); the returned function reads them.
 */
export async function trackCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
