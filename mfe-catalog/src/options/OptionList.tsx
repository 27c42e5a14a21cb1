import type { RolePaths } from '@qrmenu/shared/paths';
import type { ProductOption } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Text } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { ROW_ACTION, RowActions } from '../common/touch';

/** What the rows page shows of the option it came from (its address carries only the id). */
export interface OptionRowsState {
  optionName?: string;
}

/** The options of a product: name, then Variantlar / Tahrirlash / O'chirish (wrapping on a phone). */
export function OptionList({
  options,
  paths,
  onEdit,
  onDelete,
}: {
  options: ProductOption[];
  paths: RolePaths;
  onEdit: (o: ProductOption) => void;
  onDelete: (o: ProductOption) => void;
}) {
  const navigate = useNavigate();
  return (
    <Box as="ul" listStyleType="none" display="flex" flexDirection="column" gap="2" data-testid="option-list">
      {options.map((o, i) => (
        <Flex
          as="li"
          key={o._id}
          data-testid="option-row"
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
          <Text as="span" flex="1" minW="40%" fontWeight="semibold" overflowWrap="anywhere">
            {o.name}
          </Text>
          <RowActions columns={3}>
            <Button
              {...ROW_ACTION}
              colorPalette="blue"
              onClick={() =>
                navigate(paths.optionRows({ optionId: o._id }), {
                  state: { optionName: o.name } satisfies OptionRowsState,
                })
              }
            >
              {t.optionRows}
            </Button>
            <Button {...ROW_ACTION} variant="outline" onClick={() => onEdit(o)}>
              {t.edit}
            </Button>
            <Button {...ROW_ACTION} variant="outline" colorPalette="red" onClick={() => onDelete(o)}>
              {t.delete}
            </Button>
          </RowActions>
        </Flex>
      ))}
    </Box>
  );
}
