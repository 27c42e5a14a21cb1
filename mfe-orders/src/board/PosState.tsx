/**
 * An order's way into the POS on its card (docs/ORDERS.md, "Into the POS"): waiting, sent, taken
 * by the POS (its number), or «Kassaga yuborilmadi» / refused with the reason, the refused dishes
 * by name and «Qayta yuborish». When the POS's total differs from ours the card says so: the
 * POS's price is the price.
 */
import { orders } from '@qrmenu/shared/resources';
import type { Order } from '@qrmenu/shared/schemas';
import { formatSom, t } from '@qrmenu/shared/texts';
import { Button, notify, PlainList, Stack, Text } from '@qrmenu/shared/ui';
import { CardNote } from './CardNote';

const TEXT = t.orders.pos;

const TONE: Record<string, string> = {
  accepted: 'green.800',
  refused: 'red.700',
  failed: 'red.700',
};

export function PosState({ order }: { order: Order }) {
  const retry = orders.useRetryPos();
  const pos = order.pos;
  if (!pos) return null;
  const stuck = pos.state === 'failed' || pos.state === 'refused';
  return (
    <CardNote bg={stuck ? 'red.50' : 'bg.subtle'} data-testid="order-pos" data-pos-state={pos.state}>
      <Stack gap="1">
        <Text fontWeight="semibold" color={TONE[pos.state] ?? 'fg'}>
          {TEXT.states[pos.state]}
        </Text>
        {pos.refused_lines.length > 0 ? (
          <PlainList>
            {pos.refused_lines.map((line) => (
              <Text as="li" key={line.index} fontSize="sm" overflowWrap="anywhere">
                {TEXT.refusedLine(line.name, line.reason)}
              </Text>
            ))}
          </PlainList>
        ) : pos.reason && stuck ? (
          <Text fontSize="sm" overflowWrap="anywhere">
            {TEXT.reason(pos.reason)}
          </Text>
        ) : null}
        {pos.pos_number ? <Text fontSize="sm">{TEXT.posNumber(pos.pos_number)}</Text> : null}
        {pos.price_differs && pos.pos_total !== null ? (
          <Text fontSize="sm" fontWeight="semibold" color="orange.800" data-testid="pos-price-differs">
            {TEXT.priceDiffers(formatSom(pos.pos_total), formatSom(order.total))}
          </Text>
        ) : null}
        {stuck ? (
          <Button
            minH="11"
            size="sm"
            variant="outline"
            colorPalette="blue"
            alignSelf="start"
            loading={retry.isPending}
            aria-label={TEXT.retryOf(order.number)}
            onClick={() =>
              retry.mutate(order, {
                onSuccess: () => notify.success(TEXT.retried),
                onError: (error) => {
                  console.error('[orders] POS retry', error);
                  notify.error(TEXT.retryError);
                },
              })
            }
          >
            {TEXT.retry}
          </Button>
        ) : null}
      </Stack>
    </CardNote>
  );
}
