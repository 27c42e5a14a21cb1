/**
 * The API's reference page (`/api/docs`, docs/API.md) renders its operations under the documents'
 * Content-Security-Policy (no 'unsafe-inline', docs/DELIVERY.md) without a single violation, and
 * an operation opens.
 */
import { expect, test } from '@playwright/test';
import { trackCspViolations } from './support';

test('the API docs render every tag and open an operation, with no CSP violation', async ({ page }) => {
  const cspViolations = await trackCspViolations(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.opblock-tag').first()).toBeVisible();
  const login = page.locator('.opblock-summary', { hasText: '/api/auth/login' });
  await login.click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(await cspViolations()).toEqual([]);
});
