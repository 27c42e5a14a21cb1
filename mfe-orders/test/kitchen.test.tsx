/**
 * The kitchen's view (`/kitchen`) on the test kit: today's accepted orders oldest first with
 * «Tayyor», the ready ones apart; on a device session (a kitchen tablet) «Tayyor» asks the cook's
 * PIN, a wrong one is said in the dialog and changes nothing, the right one goes in the
 * `x-staff-pin` header.
 */
import { STAFF_PIN_HEADER } from '@qrmenu/shared/schemas';
import { answers, axeViolations, fixtures, openPage, type StubCall } from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import KitchenPage from '../src/kitchen/KitchenPage';
import { liveStream } from './board-kit';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function world() {
  const younger = fixtures.order({
    number: 21,
    table: 'Stol 3',
    status: 'accepted',
    createdAt: minutesAgo(4),
  });
  const older = fixtures.order({
    number: 18,
    table: 'Stol 7',
    status: 'accepted',
    createdAt: minutesAgo(15),
  });
  const ready = fixtures.order({ number: 16, table: 'Stol 1', status: 'ready', createdAt: minutesAgo(25) });
  return { younger, older, ready };
}

/** The kitchen's view over the world, signed in as the kitchen (on a device or not); `setStatus` answers «Tayyor». */
function openKitchen(device: boolean, setStatus: (call: StubCall) => ReturnType<typeof answers.data>) {
  const w = world();
  const { api } = openPage(<KitchenPage />, '/kitchen', {
    as: 'kitchen',
    answers: {
      'GET /auth/profile': answers.data(
        fixtures.profile({ role: 'kitchen', ...(device ? { device: true } : {}) }),
      ),
      'GET /manager/orders': answers.counted([w.younger, w.older, w.ready]),
      ...liveStream(),
      [`PUT /manager/orders/${w.older._id}/status`]: setStatus,
    },
  });
  return { api, w };
}

describe("the kitchen's view", () => {
  it('lists what to cook oldest first, each with «Tayyor», the ready ones apart; axe clean', async () => {
    const { api, w } = openKitchen(false, () => answers.data({ ...w.older, status: 'ready' }));
    const cooking = await screen.findByTestId('kitchen-cooking');
    const rows = await within(cooking).findAllByRole('article');
    expect(rows).toEqual([
      within(cooking).getByRole('article', { name: '#18, Stol 7' }),
      within(cooking).getByRole('article', { name: '#21, Stol 3' }),
    ]);
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: 'Tayyor' })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Qabul qilish' })).toBeNull();
    }
    expect(
      within(screen.getByTestId('kitchen-ready')).getByRole('article', { name: '#16, Stol 1' }),
    ).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // not a device: «Tayyor» goes at once, with no PIN
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Tayyor' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ status: 'ready' });
    expect(api.writes()[0]?.headers.get(STAFF_PIN_HEADER)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("on a device asks the cook's PIN: a wrong one is said and changes nothing, the right one is sent", async () => {
    const { api, w } = openKitchen(true, (call) =>
      call.headers.get(STAFF_PIN_HEADER) === '4321'
        ? answers.data({ ...w.older, status: 'ready' })
        : {
            status: 403,
            body: {
              error: {
                code: 'forbidden',
                message: 'Wrong PIN',
                details: [{ path: 'pin', message: 'wrong' }],
              },
            },
          },
    );
    const older = await screen.findByRole('article', { name: '#18, Stol 7' });
    await waitFor(() => expect(api.callsTo('GET /auth/profile')).not.toHaveLength(0));
    await userEvent.click(within(older).getByRole('button', { name: 'Tayyor' }));
    const dialog = await screen.findByRole('dialog', { name: 'PIN kodingiz' });
    expect(api.writes()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    const field = within(dialog).getByLabelText('PIN');
    await userEvent.type(field, '1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tasdiqlash' }));
    expect(await within(dialog).findByText("PIN noto'g'ri")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'PIN kodingiz' })).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]?.headers.get(STAFF_PIN_HEADER)).toBe('1111');

    await userEvent.clear(field);
    await userEvent.type(field, '4321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tasdiqlash' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PIN kodingiz' })).toBeNull());
    expect(api.writes()).toHaveLength(2);
    expect(api.writes()[1]?.headers.get(STAFF_PIN_HEADER)).toBe('4321');
    expect(
      await within(screen.getByTestId('kitchen-ready')).findByRole('article', { name: '#18, Stol 7' }),
    ).toBeInTheDocument();
  });
});
