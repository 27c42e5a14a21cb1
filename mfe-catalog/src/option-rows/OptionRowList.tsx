import type { OptionRow } from '@qrmenu/shared/schemas';
import { formatSom, t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Text } from '@qrmenu/shared/ui';
import { ROW_ACTION, RowActions } from '../common/touch';

/** The rows of an option: name, price in so'm rounded down, Tahrirlash / O'chirish. */
export function OptionRowList({
  rows,
  onEdit,
  onDelete,
}: {
  rows: OptionRow[];
  onEdit: (r: OptionRow) => void;
  onDelete: (r: OptionRow) => void;
}) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="flex"
      flexDirection="column"
      gap="2"
      data-testid="option-row-list"
    >
      {rows.map((r, i) => (
        <Flex
          as="li"
          key={r._id}
          data-testid="option-row-item"
          align="center"
          gap="3"
          wrap="wrap"
          borderWidth="1px"
          borderRadius="md"
          px={{ base: '3', md: '4' }}
          py="2"
        >
          <Text as="span" color="fg.muted" minW="6">
            {i + 1}
          </Text>
          <Text as="span" flex="1" minW="30%" fontWeight="semibold" overflowWrap="anywhere">
            {r.name}
          </Text>
          <Text as="span" whiteSpace="nowrap" data-testid="option-row-price">
            {formatSom(r.price)}
          </Text>
          <RowActions columns={2}>
            <Button {...ROW_ACTION} variant="outline" onClick={() => onEdit(r)}>
              {t.edit}
            </Button>
            <Button {...ROW_ACTION} variant="outline" colorPalette="red" onClick={() => onDelete(r)}>
              {t.delete}
            </Button>
          </RowActions>
        </Flex>
      ))}
    </Box>
  );
}
