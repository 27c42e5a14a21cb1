/**
 * The board says which orders the restaurant's Telegram chat never got (docs/TELEGRAM.md, "Limits
 * and faults"): «Telegramga yuborilmadi» with the reason, from the day's list and live from the
 * stream; nothing for one that waits or went.
 */
import { axeViolations, fixtures } from '@qrmenu/shared/testing/kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openBoard } from './board-kit';

describe("the board and the restaurant's Telegram chat", () => {
  it('shows «Telegramga yuborilmadi» with the reason on an order the chat never got; axe clean', async () => {
    const refused = fixtures.order({
      number: 21,
      table: 'Stol 4',
      telegram: {
        state: 'failed',
        reason: 'Telegram 403: Forbidden: bot was kicked from the supergroup chat',
      },
    });
    const sent = fixtures.order({ number: 22, table: 'Stol 6', telegram: { state: 'sent', reason: null } });
    const waiting = fixtures.order({
      number: 23,
      table: 'Stol 7',
      telegram: { state: 'waiting', reason: null },
    });
    const { streams } = openBoard([refused, sent, waiting]);
    const card = await screen.findByRole('article', { name: '#21, Stol 4' });
    expect(within(card).getByTestId('order-telegram')).toHaveTextContent(
      'Telegramga yuborilmadiSabab: Telegram 403: Forbidden: bot was kicked from the supergroup chat',
    );
    for (const name of ['#22, Stol 6', '#23, Stol 7']) {
      expect(within(screen.getByRole('article', { name })).queryByTestId('order-telegram')).toBeNull();
    }
    expect(await axeViolations()).toEqual([]);

    // a message that fails later arrives as the order's event (once the stream is open and the
    // day read again behind it)
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-state', 'open'));
    act(() =>
      streams[0]?.send(
        'order',
        { ...waiting, telegram: { state: 'failed', reason: 'Telegram chati almashtirildi' } },
        51,
      ),
    );
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('article', { name: '#23, Stol 7' })).getByTestId('order-telegram'),
        ).toHaveTextContent('Telegramga yuborilmadiSabab: Telegram chati almashtirildi'),
      { timeout: 5000 },
    );
  });
});
