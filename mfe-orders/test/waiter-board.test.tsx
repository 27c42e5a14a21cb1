/**
 * A waiter's board on the test kit: their tables' orders with no «Tayyor» (the kitchen's), no
 * history or switches; «Barcha stollar» lists the other waiters' open orders and calls, one tap
 * takes one over; a move the server refuses on a table not theirs says why in Uzbek and the
 * order goes back.
 */
import {
  answers,
  axeViolations,
  fixtures,
  openPage,
  type StubCall,
  type StubRoutes,
} from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OrdersBoardPage from '../src/board/OrdersBoardPage';
import { liveStream } from './board-kit';

const ME = 'u-aziz';

function world() {
  const mine = fixtures.order({ number: 31, table: 'Stol 3', status: 'accepted', table_waiter_id: ME });
  const fresh = fixtures.order({ number: 32, table: 'Stol 4', table_waiter_id: ME });
  const theirs = fixtures.order({ number: 33, table: 'Stol 8', table_waiter_id: 'u-bobur' });
  const theirCall = fixtures.tableCall({ table: 'Stol 9', kind: 'waiter', table_waiter_id: 'u-bobur' });
  return { mine, fresh, theirs, theirCall };
}

/** The board of aziz, a waiter, over the world (their tables; the others' with `?tables=all`); `extra`: more answers. */
function openWaiterBoard(extra: StubRoutes = {}) {
  const w = world();
  const all = (call: StubCall) => call.search.get('tables') === 'all';
  const { api } = openPage(<OrdersBoardPage />, '/orders', {
    as: 'waiter',
    answers: {
      'GET /auth/profile': answers.data(fixtures.profile({ _id: ME, login: 'aziz', role: 'waiter' })),
      'GET /manager/orders': (call) =>
        answers.counted(all(call) ? [w.mine, w.fresh, w.theirs] : [w.mine, w.fresh]),
      'GET /manager/calls': (call) => answers.data(all(call) ? [w.theirCall] : []),
      ...liveStream(),
      [`POST /manager/orders/${w.theirs._id}/take`]: answers.data({ ...w.theirs, taken_by: ME }),
      ...extra,
    },
  });
  return { api, w };
}

describe("a waiter's board", () => {
  it('holds their tables: accepted orders have no «Tayyor», no history or switches; axe clean', async () => {
    openWaiterBoard();
    const mine = await screen.findByRole('article', { name: '#31, Stol 3' });
    expect(within(mine).queryByRole('button', { name: 'Tayyor' })).toBeNull();
    expect(screen.getByRole('article', { name: '#32, Stol 4' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '#33, Stol 8' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Tarix' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sozlamalar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mening stollarim' })).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations()).toEqual([]);
  });

  it("«Barcha stollar» lists the other waiters' order and call; one tap takes the order over", async () => {
    const { api, w } = openWaiterBoard();
    await screen.findByRole('article', { name: '#31, Stol 3' });
    await userEvent.click(screen.getByRole('button', { name: 'Barcha stollar' }));
    const others = await screen.findByTestId('other-tables');
    expect(await within(others).findByRole('article', { name: '#33, Stol 8' })).toBeInTheDocument();
    expect(within(others).getByTestId('other-call')).toHaveTextContent('Stol 9');
    // their own tables stay on their board, not in the others' list
    expect(within(others).queryByRole('article', { name: '#31, Stol 3' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(others).getByRole('button', { name: "#33, Stol 8: o'zimga olish" }));
    await waitFor(() => expect(api.callsTo(`POST /manager/orders/${w.theirs._id}/take`)).toHaveLength(1));
    expect(await screen.findByText("O'zingizga olindi")).toBeInTheDocument();
  });

  it('a move refused on a table not theirs says so, and the order goes back', async () => {
    const w = world();
    openWaiterBoard({
      [`PUT /manager/orders/${w.fresh._id}/status`]: {
        status: 403,
        body: {
          error: {
            code: 'forbidden',
            message: 'Not your table',
            details: [{ path: 'table', message: 'not yours' }],
          },
        },
      },
      'GET /manager/orders': (call) =>
        answers.counted(
          call.search.get('tables') === 'all' ? [w.mine, w.fresh, w.theirs] : [w.mine, w.fresh],
        ),
    });
    const fresh = await screen.findByRole('article', { name: '#32, Stol 4' });
    await userEvent.click(within(fresh).getByRole('button', { name: 'Qabul qilish' }));
    expect(await screen.findByText(/Bu stol sizga biriktirilmagan/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('column-sent')).getByRole('article', { name: '#32, Stol 4' }),
      ).toBeVisible(),
    );
  });
});
