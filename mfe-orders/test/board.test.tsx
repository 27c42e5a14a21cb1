/**
 * The live board on the test kit: today's orders and calls from the stubbed API, new ones over a
 * stubbed stream (a `ReadableStream` body), the moves with their rollback, the sound, the tab's
 * title, and a reconnect that resumes from the last event's id.
 */

import { queryClient } from '@qrmenu/shared/query';
import {
  answers,
  axeViolations,
  type EventStream,
  fixtures,
  openPage,
  type StubReply,
} from '@qrmenu/shared/testing/kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import OrdersBoardPage from '../src/board/OrdersBoardPage';
import { setSound } from '../src/live/sound';
import { type BoardOptions, liveStream, openBoard } from './board-kit';
import { stubAudio } from './fake-audio';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function world() {
  const soup = fixtures.order({
    number: 14,
    table: 'Stol 5',
    createdAt: minutesAgo(7),
    updatedAt: minutesAgo(7),
    comment: 'Piyozsiz, iltimos',
    items: [
      {
        product_id: 'p1',
        name: 'Osh',
        quantity: 2,
        price: 45_000,
        rows: [
          { _id: 'row1', option: 'Hajmi', name: 'Katta', price: 5000, quantity: 1 },
          { _id: 'row2', option: "Qo'shimchalar", name: 'Qazi', price: 15000, quantity: 2 },
          { _id: 'row3', option: "Qo'shimchalar", name: 'Bedana tuxumi', price: 4000, quantity: 1 },
        ],
      },
      { product_id: 'p2', name: 'Choy', quantity: 1, price: 5000, rows: [] },
    ],
    total: 95_000,
  });
  const cooking = fixtures.order({
    number: 12,
    table: 'Stol 2',
    status: 'accepted',
    createdAt: minutesAgo(20),
  });
  const served = fixtures.order({ number: 3, table: 'Stol 1', status: 'served', createdAt: minutesAgo(90) });
  const call = fixtures.tableCall({ table: 'Stol 9', kind: 'bill', createdAt: minutesAgo(1) });
  return { soup, cooking, served, call };
}

/** The board over the world's orders and call, opened as the manager unless `options` say. */
const openWorld = (w = world(), options: BoardOptions = {}) =>
  openBoard([w.soup, w.cooking, w.served], { calls: [w.call], ...options });

/** An order's row in the POS's queue (docs/ORDERS.md, "Into the POS"). */
const posAt = (state: 'sending' | 'accepted') => ({
  state,
  reason: null,
  refused_lines: [],
  attempts: 0,
  next_try_at: null,
  pos_order_id: state === 'accepted' ? 'iiko-1' : null,
  pos_number: null,
  pos_total: null,
  price_differs: false,
});

const column = (status: string) => screen.getByTestId(`column-${status}`);
const card = (name: RegExp | string) => screen.getByRole('article', { name });

beforeEach(() => {
  document.title = 'QR menyu';
});

afterEach(async () => {
  await setSound(false);
});

describe('the live board', () => {
  it('shows each order with its table, number, items, options, comment, total and age; calls above; axe clean', async () => {
    const w = world();
    openWorld(w);
    const soup = await screen.findByRole('article', { name: '#14, Stol 5' });
    expect(within(column('sent')).getByRole('article')).toBe(soup);
    expect(soup).toHaveTextContent('2 × Osh');
    expect(soup).toHaveTextContent("Hajmi: Katta; Qo'shimchalar: Qazi ×2, Bedana tuxumi");
    expect(soup).toHaveTextContent('1 × Choy');
    expect(soup).toHaveTextContent('Izoh: Piyozsiz, iltimos');
    expect(soup).toHaveTextContent("95 000 so'm");
    expect(soup).toHaveTextContent('7 daqiqa oldin');
    expect(within(soup).getByRole('button', { name: 'Qabul qilish' })).toBeInTheDocument();
    expect(within(soup).getByRole('button', { name: 'Rad etish' })).toBeInTheDocument();
    expect(within(column('accepted')).getByRole('article', { name: '#12, Stol 2' })).toBeInTheDocument();
    expect(within(card('#12, Stol 2')).getByRole('button', { name: 'Tayyor' })).toBeInTheDocument();
    // the served one is folded under the board, with its state instead of buttons
    expect(screen.getByText('Bugun yakunlangan: 1 ta')).toBeInTheDocument();
    const calls = screen.getByTestId('calls');
    expect(calls).toHaveTextContent("Stol 9: Hisobni so'rash");
    expect(screen.getByTestId('today-summary')).toHaveTextContent('3 ta buyurtma');
    expect(screen.getByRole('link', { name: 'Jonli' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('switch', { name: 'Ovozni yoqish' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-state', 'open'));
    expect(await axeViolations()).toEqual([]);
  });

  it('hears a new order over the stream: it appears, rings once the sound is on, and the title counts it', async () => {
    const audio = stubAudio();
    const { streams } = openWorld();
    await screen.findByRole('article', { name: '#14, Stol 5' });
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(document.title).toBe('(1) Buyurtmalar'));
    // the browser's rule: sound only after a tap, which also plays it once
    await userEvent.click(screen.getByRole('switch', { name: 'Ovozni yoqish' }));
    await waitFor(() => expect(audio.tones).toHaveLength(2));
    const fresh = fixtures.order({ number: 15, table: 'Stol 7' });
    act(() => streams[0]?.send('order', fresh, 41));
    expect(await within(column('sent')).findByRole('article', { name: '#15, Stol 7' })).toBeInTheDocument();
    expect(audio.tones).toHaveLength(4);
    expect(document.title).toBe('(2) Buyurtmalar');
    // the same order again (a replay) changes nothing and does not ring
    act(() => streams[0]?.send('order', fresh, 41));
    await waitFor(() => expect(within(column('sent')).getAllByRole('article')).toHaveLength(2));
    expect(audio.tones).toHaveLength(4);
    // another phone accepted it: it moves column, the title follows
    act(() =>
      streams[0]?.send('order', { ...fresh, status: 'accepted', updatedAt: new Date().toISOString() }, 42),
    );
    expect(
      await within(column('accepted')).findByRole('article', { name: '#15, Stol 7' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('(1) Buyurtmalar');
  });

  it('accepts at once and keeps it when the server agrees', async () => {
    const w = world();
    const { api } = openWorld(w, {
      answers: {
        [`PUT /manager/orders/${w.soup._id}/status`]: answers.data({
          ...w.soup,
          status: 'accepted',
          updatedAt: new Date().toISOString(),
        }),
      },
    });
    const held = api.hold(`PUT /manager/orders/${w.soup._id}/status`);
    await userEvent.click(
      within(await screen.findByRole('article', { name: '#14, Stol 5' })).getByRole('button', {
        name: 'Qabul qilish',
      }),
    );
    // shown before the answer
    expect(
      await within(column('accepted')).findByRole('article', { name: '#14, Stol 5' }),
    ).toBeInTheDocument();
    held.release();
    await waitFor(() => expect(api.callsTo(`PUT /manager/orders/${w.soup._id}/status`)).toHaveLength(1));
    expect(api.callsTo(`PUT /manager/orders/${w.soup._id}/status`)[0]?.body).toEqual({ status: 'accepted' });
    expect(within(column('accepted')).getByRole('article', { name: '#14, Stol 5' })).toBeInTheDocument();
  });

  it('puts a refused move back with an Uzbek toast', async () => {
    const w = world();
    const { api } = openWorld(w, {
      answers: {
        [`PUT /manager/orders/${w.cooking._id}/status`]: answers.error(500, 'internal', 'boom'),
      },
    });
    await userEvent.click(
      within(await screen.findByRole('article', { name: '#12, Stol 2' })).getByRole('button', {
        name: 'Tayyor',
      }),
    );
    expect(
      await screen.findByText("Buyurtma holatini o'zgartirib bo'lmadi. Avvalgi holat qaytarildi."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(column('accepted')).getByRole('article', { name: '#12, Stol 2' })).toBeInTheDocument(),
    );
    expect(within(column('ready')).queryAllByRole('article')).toHaveLength(0);
    expect(api.callsTo(`PUT /manager/orders/${w.cooking._id}/status`)[0]?.body).toEqual({ status: 'ready' });
  });

  it('asks the reason of a rejection (required) and sends it', async () => {
    const w = world();
    const { api } = openWorld(w, {
      answers: {
        [`PUT /manager/orders/${w.soup._id}/status`]: (call) =>
          answers.data({
            ...w.soup,
            status: 'rejected',
            reject_reason: (call.body as { reason: string }).reason,
          }),
      },
    });
    await userEvent.click(
      within(await screen.findByRole('article', { name: '#14, Stol 5' })).getByRole('button', {
        name: 'Rad etish',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '#14 buyurtmani rad etish' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rad etish' }));
    expect(within(dialog).getByText('Sababni yozing')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mahsulot tugab qoldi' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rad etish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ status: 'rejected', reason: 'Mahsulot tugab qoldi' });
    expect(within(column('sent')).queryByRole('article', { name: '#14, Stol 5' })).not.toBeInTheDocument();
    expect(screen.getByText('Bugun yakunlangan: 2 ta')).toBeInTheDocument();
  });

  it('clears a call with one tap; a call from the stream joins the list', async () => {
    const w = world();
    const { api, streams } = openWorld(w, {
      answers: {
        [`PUT /manager/calls/${w.call._id}/done`]: answers.data({ ...w.call, status: 'done' }),
      },
    });
    const calls = await screen.findByTestId('calls');
    await userEvent.click(within(calls).getByRole('button', { name: "Bajarildi: Stol 9, Hisobni so'rash" }));
    await waitFor(() => expect(screen.queryByTestId('calls')).not.toBeInTheDocument());
    expect(api.callsTo(`PUT /manager/calls/${w.call._id}/done`)).toHaveLength(1);
    await waitFor(() => expect(streams).toHaveLength(1));
    const waiter = fixtures.tableCall({ table: 'Stol 3', kind: 'waiter' });
    act(() => streams[0]?.send('call', waiter, 50));
    expect(await screen.findByText('Stol 3: Ofitsiantni chaqirish')).toBeInTheDocument();
    // done elsewhere: it leaves
    act(() => streams[0]?.send('call', { ...waiter, status: 'done', doneAt: new Date().toISOString() }, 51));
    await waitFor(() => expect(screen.queryByTestId('calls')).not.toBeInTheDocument());
  });

  it('reconnects after a drop with Last-Event-ID, and reads the day again on reset', async () => {
    const w = world();
    let day = [w.soup, w.cooking, w.served];
    const { api, streams } = openWorld(w, {
      answers: { 'GET /manager/orders': () => answers.counted(day) },
    });
    await screen.findByRole('article', { name: '#14, Stol 5' });
    await waitFor(() => expect(streams).toHaveLength(1));
    const first = streams[0] as EventStream;
    act(() => {
      first.retry(10);
      first.send('order', fixtures.order({ number: 20, table: 'Stol 4' }), 77);
    });
    await screen.findByRole('article', { name: '#20, Stol 4' });
    const readsBefore = api.callsTo('GET /manager/orders').length;
    act(() => first.close());
    await waitFor(() => expect(streams).toHaveLength(2));
    const resumed = api.callsTo('GET /manager/orders/events')[1];
    expect(resumed?.headers.get('Last-Event-ID')).toBe('77');
    expect(resumed?.headers.get('Authorization')).toBe('Bearer token-manager');
    // a resumed stream replays what was missed: no second read of the day
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-state', 'open'));
    expect(api.callsTo('GET /manager/orders')).toHaveLength(readsBefore);
    // what was missed, read again: the POS took #12 (its `updatedAt` the same) while the stream
    // could not replay it
    day = [w.soup, { ...w.cooking, pos: posAt('accepted') }, w.served];
    act(() => streams[1]?.send('reset', {}, 78));
    await waitFor(() => expect(api.callsTo('GET /manager/orders').length).toBeGreaterThan(readsBefore));
    await waitFor(() =>
      expect(within(card('#12, Stol 2')).getByTestId('order-pos')).toHaveAttribute(
        'data-pos-state',
        'accepted',
      ),
    );
  });

  it('keeps what the stream said while the day is read again: an answer read before an event lands after it', async () => {
    const w = world();
    const cooking = { ...w.cooking, pos: posAt('sending') };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const streams: EventStream[] = [];
    let heldReads = 0;
    // the day as the server read it; once the stream is open (its first connection reads the day
    // again), the answers are held until the test has sent newer events
    const readBeforeEvents = (reply: () => StubReply) => async () => {
      const read = reply();
      if (streams.length > 0) {
        heldReads += 1;
        await held;
      }
      return read;
    };
    openWorld(w, {
      answers: {
        ...liveStream(streams),
        'GET /manager/orders': readBeforeEvents(() => answers.counted([w.soup, cooking, w.served])),
        'GET /manager/calls': readBeforeEvents(() => answers.data([w.call])),
      },
    });
    await waitFor(() => expect(heldReads).toBe(2));
    const fresh = fixtures.order({ number: 15, table: 'Stol 7' });
    const waiter = fixtures.tableCall({ table: 'Stol 3', kind: 'waiter' });
    act(() => {
      streams[0]?.send('order', { ...w.soup, status: 'accepted', updatedAt: new Date().toISOString() }, 50);
      streams[0]?.send('order', fresh, 51);
      // the POS took #12: its row changes, the order's `updatedAt` does not
      streams[0]?.send('order', { ...cooking, pos: posAt('accepted') }, 52);
      streams[0]?.send('call', waiter, 53);
    });
    act(() => release());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // the older answers put nothing back and lose nothing
    expect(
      await within(column('accepted')).findByRole('article', { name: '#14, Stol 5' }),
    ).toBeInTheDocument();
    expect(within(column('sent')).queryByRole('article', { name: '#14, Stol 5' })).toBeNull();
    expect(within(column('sent')).getByRole('article', { name: '#15, Stol 7' })).toBeInTheDocument();
    expect(within(card('#12, Stol 2')).getByTestId('order-pos')).toHaveAttribute(
      'data-pos-state',
      'accepted',
    );
    expect(screen.getByText(/Stol 3/)).toBeInTheDocument();
  });

  it("reads an admin's restaurant by its id, the stream too", async () => {
    const { api, streams } = openWorld(world(), { restaurant: 'r7' });
    await screen.findByRole('article', { name: '#14, Stol 5' });
    await waitFor(() => expect(streams).toHaveLength(1));
    for (const route of ['GET /manager/orders', 'GET /manager/calls', 'GET /manager/orders/events']) {
      expect(api.callsTo(route)[0]?.search.get('restaurant_id'), route).toBe('r7');
    }
    expect(screen.getByRole('link', { name: 'Tarix' })).toHaveAttribute('href', '/admin/orders/r7/history');
  });

  it('tells a manager without a restaurant so', async () => {
    openPage(<OrdersBoardPage />, '/orders', {
      as: 'manager',
      answers: {
        'GET /manager/orders': answers.error(404, 'not_found'),
        'GET /manager/calls': answers.error(404, 'not_found'),
        'GET /manager/orders/events': answers.error(404, 'not_found'),
      },
    });
    expect(await screen.findByText('Sizga hali restoran biriktirilmagan')).toBeInTheDocument();
  });
});
