/**
 * The bar that stays at the bottom of the screen, above the manager's bottom bar: how many
 * products are selected (always shown) and the tab's one action.
 */
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Note, Text } from '@qrmenu/shared/ui';

/** Height of the shell's manager bottom bar (shell.css `.qm-bottom-bar`), overridable by a variable. */
const BOTTOM_BAR = 'var(--qm-bottom-bar-height, 60px)';
/** Room kept under the list so that its last rows can scroll out from under this bar. */
export const ACTION_BAR_SPACE = '80px';

export interface ActionBarProps {
  count: number;
  hiddenCount: number;
  label: string;
  /** Red for stopping, blue for taking out (both white text at >= 4.5:1). */
  tone: 'red' | 'blue';
  pending: boolean;
  onAction: () => void;
}

export function ActionBar({ count, hiddenCount, label, tone, pending, onAction }: ActionBarProps) {
  return (
    <Box
      position="fixed"
      insetInline="0"
      bottom={BOTTOM_BAR}
      zIndex="5"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      boxShadow="0 -2px 8px rgba(0, 0, 0, 0.06)"
      px="3"
      py="2"
      data-testid="stop-list-action-bar"
    >
      <Flex align="center" gap="3" maxW="4xl" mx="auto">
        <Box flex="1" minW="0" role="status" aria-live="polite">
          <Text fontWeight="semibold" data-testid="stop-list-selected-count">
            {t.selectedCount(count)}
          </Text>
          {hiddenCount > 0 ? <Note>{t.selectedHiddenBySearch(hiddenCount)}</Note> : null}
        </Box>
        <Button size="lg" colorPalette={tone} disabled={count === 0} loading={pending} onClick={onAction}>
          {label}
        </Button>
      </Flex>
    </Box>
  );
}
