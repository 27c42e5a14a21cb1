import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateProduct } from '@qrmenu/shared/query';
import type { Product } from '@qrmenu/shared/schemas';
import { formatSom, previewWords, t } from '@qrmenu/shared/texts';
import { Button, HStack, StatusBadge, Table, Text } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { StatusSwitch } from '../common/StatusSwitch';
import { ROW_ACTION } from '../common/touch';

function ProductStatus({ product }: { product: Product }) {
  const update = useUpdateProduct();
  return (
    <StatusSwitch
      active={product.is_active}
      name={product.name}
      pending={update.isPending}
      change={(is_active) => update.mutateAsync({ id: product._id, changed: { is_active } })}
      successText={t.productUpdated}
      errorText={t.productUpdateError}
      testId="product-status"
    />
  );
}

export interface ProductTableProps {
  rows: Product[];
  /** Index of the first row in the whole list (the "#" keeps counting across pages). */
  offset: number;
  restaurantId: string;
  paths: RolePaths;
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
}

/** #, name, description (first 4 words), price in so'm, status with its toggle, actions. */
export function ProductTable({ rows, offset, restaurantId, paths, onEdit, onDelete }: ProductTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="100%">
      <Table.Root size="sm" striped data-testid="product-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.fields.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.fields.description}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.fields.price}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((p, i) => (
            <Table.Row key={p._id} data-testid="product-row" data-product-id={p._id}>
              <Table.Cell>{offset + i + 1}</Table.Cell>
              <Table.Cell minW="32">
                <Text
                  as="span"
                  fontWeight="semibold"
                  color={p.is_active ? 'green.700' : 'red.600'}
                  data-testid="product-name"
                >
                  {p.name}
                </Text>
              </Table.Cell>
              <Table.Cell minW="40" color="fg.muted" data-testid="product-description">
                {previewWords(p.description, 4)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="product-price">
                {formatSom(p.price)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1">
                  <StatusBadge active={p.is_active} />
                  <ProductStatus product={p} />
                </HStack>
              </Table.Cell>
              <Table.Cell>
                {/* one line: on a phone the table scrolls sideways instead of growing tall rows */}
                <HStack gap="1" flexWrap="nowrap">
                  <Button
                    {...ROW_ACTION}
                    variant="outline"
                    onClick={() => navigate(paths.product({ productId: p._id, restaurantId }))}
                  >
                    {t.view}
                  </Button>
                  <Button
                    {...ROW_ACTION}
                    variant="outline"
                    onClick={() => navigate(paths.productOptions({ productId: p._id }))}
                  >
                    {t.options}
                  </Button>
                  <Button {...ROW_ACTION} variant="outline" colorPalette="blue" onClick={() => onEdit(p)}>
                    {t.edit}
                  </Button>
                  <Button {...ROW_ACTION} variant="outline" colorPalette="red" onClick={() => onDelete(p)}>
                    {t.delete}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
