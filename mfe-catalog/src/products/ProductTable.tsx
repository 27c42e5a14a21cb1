import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateProduct } from '@qrmenu/shared/query';
import type { Product } from '@qrmenu/shared/schemas';
import { formatSom, previewWords, t } from '@qrmenu/shared/texts';
import { Button, HStack, StatusBadge, Table, Text } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { StatusSwitch } from '../common/StatusSwitch';
import { ROW_ACTION, RowActions } from '../common/touch';

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

// On a phone each row is a card (name and price; the description and the status; the actions two
// a line) instead of a table scrolled sideways; from `md` up it is the table of spec 2. One markup
// for both, so the table's semantics stay.
const CARD_ROW = {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"name price" "desc status" "actions actions"',
  columnGap: '3',
  alignItems: 'center',
  py: { base: '2', md: '0' },
  borderBottomWidth: { base: '1px', md: '0' },
} as const;
const cell = (area: string) =>
  ({
    gridArea: area,
    display: { base: 'block', md: 'table-cell' },
    borderBottomWidth: { base: '0', md: '1px' },
    py: { base: '1', md: '2' },
  }) as const;
const AS_TABLE = {
  // the scroll area keeps a table on one line; a card wraps its long names
  root: { display: { base: 'block', md: 'table' }, whiteSpace: { base: 'normal', md: 'nowrap' } },
  group: { display: { base: 'block', md: 'table-row-group' } },
} as const;

/** #, name, description (first 4 words), price in so'm, status with its toggle, actions. */
export function ProductTable({ rows, offset, restaurantId, paths, onEdit, onDelete }: ProductTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="100%">
      <Table.Root
        size="sm"
        striped={{ base: false, md: true }}
        data-testid="product-table"
        {...AS_TABLE.root}
      >
        <Table.Header display={{ base: 'none', md: 'table-header-group' }}>
          <Table.Row>
            <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.fields.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.fields.description}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.fields.price}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body {...AS_TABLE.group}>
          {rows.map((p, i) => (
            <Table.Row key={p._id} data-testid="product-row" data-product-id={p._id} {...CARD_ROW}>
              <Table.Cell {...cell('num')} display={{ base: 'none', md: 'table-cell' }}>
                {offset + i + 1}
              </Table.Cell>
              <Table.Cell {...cell('name')} minW={{ md: '32' }}>
                <Text
                  as="span"
                  fontWeight="semibold"
                  color={p.is_active ? 'green.700' : 'red.600'}
                  overflowWrap="anywhere"
                  data-testid="product-name"
                >
                  {p.name}
                </Text>
              </Table.Cell>
              <Table.Cell
                {...cell('desc')}
                minW={{ md: '40' }}
                color="fg.muted"
                data-testid="product-description"
              >
                {previewWords(p.description, 4)}
              </Table.Cell>
              <Table.Cell {...cell('price')} textAlign="end" whiteSpace="nowrap" data-testid="product-price">
                {formatSom(p.price)}
              </Table.Cell>
              <Table.Cell {...cell('status')}>
                <HStack gap="1">
                  <StatusBadge active={p.is_active} />
                  <ProductStatus product={p} />
                </HStack>
              </Table.Cell>
              <Table.Cell {...cell('actions')}>
                <RowActions columns={2}>
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
                </RowActions>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
