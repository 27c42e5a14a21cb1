/**
 * Who did each move of an order or a call (docs/ORDERS.md, "Who did it"), oldest first: «Qabul
 * qildi: Aziz, 14:05», with «(qurilma)» for a shared device's PIN and «(Telegram)» for a press
 * in the chat. On the board's cards and in the history.
 */
import type { StaffAction } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Text, VisuallyHidden } from '@qrmenu/shared/ui';
import { clockTime } from '../board/model';

export function actionText(action: StaffAction): string {
  const what = t.staff.actions[action.action] ?? action.action;
  const who = `${action.by}${t.staff.via[action.via] ?? ''}`;
  return t.staff.actionLine(what, who, clockTime(action.at));
}

export function ActionsLine({ actions }: { actions: readonly StaffAction[] | undefined }) {
  if (!actions?.length) return null;
  return (
    <Box fontSize="sm" color="fg.muted" data-testid="order-actions">
      <VisuallyHidden>{t.staff.whoDid}: </VisuallyHidden>
      {actions.map((a, i) => (
        // the record never changes order: its place is its key
        // biome-ignore lint/suspicious/noArrayIndexKey: a move's place in the list
        <Text as="span" key={i} display="block">
          {actionText(a)}
        </Text>
      ))}
    </Box>
  );
}
