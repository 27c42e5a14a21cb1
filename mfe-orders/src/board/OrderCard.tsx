/**
 * One order on the board: its number and table, its age, every line with its options, the
 * guest's comment, the total, its way into the POS, whether the Telegram chat missed it, and the
 * buttons of the moves it allows (44 px high, full width on a phone). Memoised: the stream changes one order at a time.
 */
import type { Order } from '@qrmenu/shared/schemas';
import { formatOrderRows, formatSom, formatTiyin, t } from '@qrmenu/shared/texts';
import { Badge, Box, Button, Flex, Heading, Note, PlainList, Stack, Text } from '@qrmenu/shared/ui';
import { memo, type ReactNode, useId } from 'react';
import { ActionsLine } from '../common/ActionsLine';
import { ageText, clockTime, type Move, movesOf } from './model';
import { PosState } from './PosState';
import { TelegramState } from './TelegramState';

/**
 * The table's bill paid from the phone (docs/PAYMENTS.md): amount, method, time; a payment
 * cancelled after it was made says the bill is unpaid again (it arrives live, as the order's event).
 */
function PaymentLine({ order }: { order: Order }) {
  const p = order.payment;
  if (!p) return null;
  const args = [formatTiyin(p.amount), t.payments.methods[p.method] ?? p.method, clockTime(p.at)] as const;
  const paid = p.status === 'paid';
  return (
    <Stack gap="1">
      <Badge
        alignSelf="start"
        colorPalette={paid ? 'green' : 'orange'}
        data-testid="order-payment"
        whiteSpace="normal"
      >
        {paid ? t.payments.paidLine(...args) : t.payments.refundedLine(...args)}
      </Badge>
      {paid ? <PaymentPosLine order={order} /> : null}
    </Stack>
  );
}

/**
 * The paid bill on its way into the POS as an external payment (docs/PAYMENTS.md, "Into the
 * POS"): paid in the POS, on its way, or «Kassaga yuborilmadi» with the reason (the staff then
 * close it in the POS by hand; the chat was told too).
 */
function PaymentPosLine({ order }: { order: Order }) {
  const p = order.payment_pos;
  if (!p) return null;
  const words = t.payments.pos;
  const stuck = p.state === 'failed' || p.state === 'refused' || p.state === 'cancelled';
  return (
    <Text
      fontSize="sm"
      fontWeight="semibold"
      color={p.state === 'recorded' ? 'green.800' : stuck ? 'red.700' : 'fg'}
      overflowWrap="anywhere"
      data-testid="order-payment-pos"
      data-payment-pos-state={p.state}
    >
      {words.states[p.state]}
      {stuck && p.reason ? `. ${words.reason(p.reason)}` : null}
    </Text>
  );
}

export interface OrderCardProps {
  order: Order;
  now: number;
  /** A move's button pressed; absent on a card only read (finished, another waiter's). */
  onMove?: (order: Order, move: Move) => void;
  /** Finished orders show their state instead of buttons. */
  finished?: boolean;
  /** Shown last in the card (a served order's «Hisob yopildi»). */
  footer?: ReactNode;
  /** Whose board it is: a waiter's and the kitchen's cards offer their role's moves only. */
  moverRole?: string | null;
  /** Instead of the moves (another waiter's table: «O'zimga olish»). */
  instead?: ReactNode;
}

function Lines({ order }: { order: Order }) {
  return (
    <PlainList>
      {order.items.map((line, i) => (
        // a line's product may appear twice (other options): its place is its key
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an order never move
        <Box as="li" key={i} py="1" borderBottomWidth={i < order.items.length - 1 ? '1px' : 0}>
          <Flex justify="space-between" gap="2">
            <Text fontWeight="semibold">
              {t.orders.quantity(line.quantity)} {line.name}
            </Text>
            <Text whiteSpace="nowrap">{formatSom(line.price * line.quantity)}</Text>
          </Flex>
          {line.rows.length > 0 ? <Note>{formatOrderRows(line.rows)}</Note> : null}
        </Box>
      ))}
    </PlainList>
  );
}

export const OrderCard = memo(function OrderCard({
  order,
  now,
  onMove,
  finished,
  footer,
  moverRole,
  instead,
}: OrderCardProps) {
  const headingId = useId();
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      p="3"
      borderLeftWidth="4px"
      borderLeftColor={
        order.status === 'sent' ? 'orange.500' : order.status === 'ready' ? 'green.600' : 'blue.600'
      }
      data-testid="order-card"
      data-status={order.status}
    >
      <Stack gap="2">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {t.orders.cardName(order.number, order.table)}
          </Heading>
          <Note data-testid="order-age">{ageText(order.createdAt, now)}</Note>
        </Flex>
        <Lines order={order} />
        {order.comment ? (
          <Text bg="yellow.50" borderRadius="md" px="2" py="1" overflowWrap="anywhere">
            <Text as="span" fontWeight="semibold">
              {t.orders.comment}:
            </Text>{' '}
            {order.comment}
          </Text>
        ) : null}
        <Flex justify="space-between" fontWeight="bold">
          <span>{t.total}</span>
          <span>{formatSom(order.total)}</span>
        </Flex>
        <PaymentLine order={order} />
        <PosState order={order} />
        <TelegramState order={order} />
        <ActionsLine actions={order.actions} />
        {instead ? (
          instead
        ) : finished ? (
          <Stack gap="1">
            <Badge alignSelf="start" colorPalette={order.status === 'served' ? 'green' : 'red'}>
              {t.orders.status[order.status]}
            </Badge>
            {order.reject_reason ? (
              <Text fontSize="sm">{t.orders.rejectedBecause(order.reject_reason)}</Text>
            ) : null}
          </Stack>
        ) : (
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            {movesOf(order.status, moverRole).map((move) => (
              <Button
                key={move.status}
                minH="11"
                flex="1"
                // blue, not green: white on Chakra's green.600 falls short of AA contrast
                colorPalette={move.primary ? 'blue' : 'red'}
                variant={move.primary ? 'solid' : 'outline'}
                onClick={() => onMove?.(order, move)}
              >
                {move.label}
              </Button>
            ))}
          </Flex>
        )}
        {footer}
      </Stack>
    </Box>
  );
});
