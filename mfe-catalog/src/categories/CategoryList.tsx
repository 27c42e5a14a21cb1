import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateCategory } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, HStack, StatusBadge, Text } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { StatusSwitch } from '../common/StatusSwitch';
import { ROW_ACTION, RowActions } from '../common/touch';

function CategoryStatus({ category }: { category: Category }) {
  const update = useUpdateCategory();
  return (
    <StatusSwitch
      active={category.is_active}
      name={category.title}
      pending={update.isPending}
      change={(is_active) => update.mutateAsync({ id: category._id, changed: { is_active } })}
      successText={t.categoryUpdated}
      errorText={t.editError}
      testId="category-status"
    />
  );
}

/**
 * The categories as a list of rows that wrap on a phone: number and title (opens the products),
 * Faol/Nofaol with its toggle, then Mahsulotlar / Tahrirlash / O'chirish.
 */
export function CategoryList({
  categories,
  paths,
  onEdit,
  onDelete,
}: {
  categories: Category[];
  paths: RolePaths;
  onEdit: (c: Category) => void;
  onDelete: (c: Category) => void;
}) {
  const navigate = useNavigate();
  const open = (c: Category) =>
    navigate(paths.products({ categoryId: c._id, restaurantId: c.restaurant_id }));
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="flex"
      flexDirection="column"
      gap="2"
      data-testid="category-list"
    >
      {categories.map((c, i) => (
        <Flex
          as="li"
          key={c._id}
          data-testid="category-row"
          data-category-id={c._id}
          align="center"
          gap={{ base: '2', md: '4' }}
          wrap="wrap"
          borderWidth="1px"
          borderRadius="md"
          px={{ base: '3', md: '4' }}
          py="2"
        >
          <Text as="span" color="fg.muted" minW="6">
            {i + 1}
          </Text>
          <Text
            as="span"
            flex="1"
            minW={{ base: '40%', md: '48' }}
            fontWeight="semibold"
            color={c.is_active ? 'green.700' : 'red.600'}
            overflowWrap="anywhere"
            data-testid="category-title"
          >
            {c.title}
          </Text>
          <HStack gap="1">
            <StatusBadge active={c.is_active} />
            <CategoryStatus category={c} />
          </HStack>
          <RowActions columns={3}>
            <Button {...ROW_ACTION} colorPalette="blue" onClick={() => open(c)}>
              {t.products}
            </Button>
            <Button {...ROW_ACTION} variant="outline" onClick={() => onEdit(c)}>
              {t.edit}
            </Button>
            <Button {...ROW_ACTION} variant="outline" colorPalette="red" onClick={() => onDelete(c)}>
              {t.delete}
            </Button>
          </RowActions>
        </Flex>
      ))}
    </Box>
  );
}
