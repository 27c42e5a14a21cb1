/**
 * A POS restaurant's status on its page: the last sync, and the POS's pictures taken after it
 * in the background with a progress bar, asked again until they are done; no serious axe finding.
 */
import { answers, axeViolations, renderAtRoute, signInAs, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PICTURES_POLL_MS, PosSyncStatus } from '../src/integration/PosSyncStatus';

const account = (pictures: { total: number; done: number; failed: number }) =>
  answers.data({
    provider: 'iiko',
    location_id: 'org-1',
    credentials: { apiLogin: '••••ogin' },
    webhook_path: '/api/integrations/iiko/webhook/r-1',
    last_sync: {
      at: '2026-11-25T10:00:00.000Z',
      result: 'ok',
      added: 312,
      changed: 0,
      removed: 0,
      error: null,
    },
    pictures,
  });

describe('POS sync status', () => {
  it("shows the pictures' progress while they come, then what came, asking again meanwhile", async () => {
    // the page asks again every PICTURES_POLL_MS: the clock is moved on instead of waited for (the
    // jsdom set-up puts the real clock back after each test)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'GET /admin/integration/pos/r-1': account({ total: 40, done: 12, failed: 0 }) });
    signInAs('admin');
    // on the restaurant's page, under its heading
    const { container } = renderAtRoute(
      <main>
        <h1>Rayhon</h1>
        <PosSyncStatus restaurantId="r-1" />
      </main>,
      '/',
    );
    const bar = await screen.findByRole('progressbar', {
      name: t.posPicturesProgress({ done: 12, total: 40 }),
    });
    expect(bar).toHaveAttribute('value', '12');
    expect(bar).toHaveAttribute('max', '40');
    expect(await axeViolations(container)).toEqual([]);
    api.answer({ 'GET /admin/integration/pos/r-1': account({ total: 40, done: 40, failed: 2 }) });
    await act(() => vi.advanceTimersByTimeAsync(PICTURES_POLL_MS));
    await waitFor(() => expect(screen.getByText(t.posPicturesDone({ total: 40, failed: 2 }))).toBeVisible());
    expect(screen.queryByRole('progressbar')).toBeNull();
    const asked = api.callsTo('GET /admin/integration/pos/r-1').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * PICTURES_POLL_MS));
    // done: no more questions
    expect(api.callsTo('GET /admin/integration/pos/r-1').length).toBe(asked);
  });
});
