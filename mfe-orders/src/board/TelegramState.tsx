/**
 * An order whose message never reached the restaurant's Telegram chat (docs/TELEGRAM.md, "Limits
 * and faults"): «Telegramga yuborilmadi» with the reason (Telegram's own words, or ours: the chat
 * was changed or removed first), so the staff know the chat did not hear of it. Nothing is shown
 * while the message waits or once it is sent; it arrives live, as the order's event.
 */
import type { Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Text } from '@qrmenu/shared/ui';
import { CardNote } from './CardNote';

export function TelegramState({ order }: { order: Order }) {
  const telegram = order.telegram;
  if (telegram?.state !== 'failed') return null;
  return (
    <CardNote bg="red.50" data-testid="order-telegram" data-telegram-state={telegram.state}>
      <Text fontWeight="semibold" color="red.700">
        {t.orders.telegram.unsent}
      </Text>
      {telegram.reason ? (
        <Text fontSize="sm" overflowWrap="anywhere">
          {t.orders.telegram.reason(telegram.reason)}
        </Text>
      ) : null}
    </CardNote>
  );
}
