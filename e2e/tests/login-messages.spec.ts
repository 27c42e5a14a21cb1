/**
 * The login page tells the truth: past the failed-login limit it says "too many attempts" with
 * the minutes of Retry-After, not "wrong password". Its own server: the limit counts per address
 * for the server's whole life, and every test here comes from 127.0.0.1.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, type RunningServer, startApiServer } from './support';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startApiServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('past the failed-login limit the page says to wait, in minutes, even with the right password', async ({
  page,
}) => {
  // the limit (10 failures in 15 minutes from one address) is reached through the API
  let limited: Response | undefined;
  for (let i = 0; i < 20 && !limited; i++) {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: ADMIN.login, password: `wrong-${i}` }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 429) limited = res;
    else expect(res.status).toBe(401);
  }
  expect(limited, 'the server answers 429 past its limit').toBeDefined();
  const retryAfter = Number(limited?.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));

  await page.goto(`${server.url}/`);
  await page.locator('input[name="login"]').fill(ADMIN.login);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  const message = page.getByTestId('login-error');
  await expect(message).toHaveText(
    new RegExp(`^Juda ko'p urinish\\. (${minutes}|${minutes - 1}) daqiqadan keyin qayta urinib ko'ring\\.$`),
  );
  await expect(page.getByText('Login yoki parol xato')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
