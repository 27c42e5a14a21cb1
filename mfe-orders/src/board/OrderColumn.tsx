import type { Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Heading, Stack } from '@qrmenu/shared/ui';
import { useId } from 'react';
import type { Move } from './model';
import { OrderCard } from './OrderCard';

/**
 * A column of order cards under its heading with the count («Yangi (3)»), or «Bo'sh» when none: the
 * board's Yangi / Qabul qilingan / Tayyor and the kitchen's two.
 */
export function OrderColumn({
  title,
  rows,
  now,
  onMove,
  moverRole,
  testId,
}: {
  title: string;
  rows: Order[];
  now: number;
  onMove: (order: Order, move: Move) => void;
  /** Whose moves the cards offer (the signed-in role; the kitchen's for its tablet). */
  moverRole: string | null;
  testId: string;
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={testId} minW="0">
      <Heading as="h2" size="md" mb="2" id={headingId}>
        {title} ({rows.length})
      </Heading>
      {rows.length === 0 ? (
        <Box color="fg.muted" fontSize="sm" py="2">
          {t.orders.columnEmpty}
        </Box>
      ) : (
        <Stack gap="3">
          {rows.map((order) => (
            <OrderCard key={order._id} order={order} now={now} onMove={onMove} moverRole={moverRole} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
