import type { RolePaths } from '@qrmenu/shared/paths';
import type { RESTAURANT_TYPE_MANUAL, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, HStack, StatusBadge, Table, Text } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { SyncButton } from '../integration/SyncButton';

/** The schemas' constant, checked by its type: a value import would load zod with the list. */
const MANUAL: typeof RESTAURANT_TYPE_MANUAL = 'manual';

export function isIntegration(r: Pick<Restaurant, 'type'>): boolean {
  return r.type !== MANUAL;
}

export type VisitSort = 'none' | 'desc' | 'asc';

export interface RestaurantsTableProps {
  rows: Restaurant[];
  /** Index of the first row in the whole list (the "#" column keeps counting across pages). */
  offset: number;
  isAdmin: boolean;
  paths: RolePaths;
  onEdit: (r: Restaurant) => void;
  onDelete: (r: Restaurant) => void;
  /** Admins: visits of the last 30 days by restaurant id (the "30 kun" column). */
  visits?: Record<string, number> | undefined;
  visitSort?: VisitSort;
  onSortVisits?: () => void;
}

const ARIA_SORT = { none: 'none', desc: 'descending', asc: 'ascending' } as const;
const SORT_MARK = { none: '↕', desc: '↓', asc: '↑' } as const;

export function RestaurantsTable({
  rows,
  offset,
  isAdmin,
  paths,
  onEdit,
  onDelete,
  visits,
  visitSort = 'none',
  onSortVisits,
}: RestaurantsTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      maxW="100%"
      whiteSpace={{ base: 'normal', md: 'nowrap' }}
    >
      {/* on a phone each row is a card (name, phone, state, type, then the actions wrapping),
          so that no action hides past the right edge; the roles keep it a table for readers */}
      <Table.Root
        size="sm"
        striped
        data-testid="restaurants-table"
        role="table"
        display={{ base: 'block', md: 'table' }}
      >
        <Table.Header display={{ base: 'none', md: 'table-header-group' }}>
          <Table.Row role="row">
            <Table.ColumnHeader role="columnheader" w="10">
              {t.number}
            </Table.ColumnHeader>
            <Table.ColumnHeader role="columnheader">{t.fields.name}</Table.ColumnHeader>
            <Table.ColumnHeader role="columnheader">{t.fields.phone_number}</Table.ColumnHeader>
            <Table.ColumnHeader role="columnheader">{t.status}</Table.ColumnHeader>
            <Table.ColumnHeader role="columnheader">{t.type}</Table.ColumnHeader>
            {visits ? (
              <Table.ColumnHeader role="columnheader" aria-sort={ARIA_SORT[visitSort]} textAlign="end">
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={onSortVisits}
                  aria-label={t.visits.sortBy(t.visits.month)}
                  data-testid="sort-visits"
                >
                  {t.visits.month} <span aria-hidden="true">{SORT_MARK[visitSort]}</span>
                </Button>
              </Table.ColumnHeader>
            ) : null}
            <Table.ColumnHeader role="columnheader">{t.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
          {rows.map((r, i) => (
            <Table.Row
              key={r._id}
              data-testid="restaurant-row"
              data-restaurant-id={r._id}
              role="row"
              display={{ base: 'flex', md: 'table-row' }}
              flexWrap="wrap"
              alignItems="center"
              columnGap="3"
              rowGap="1"
              py={{ base: '2', md: '0' }}
              css={{
                '& > td': {
                  base: { display: 'block', borderBottomWidth: '0', py: '1' },
                  md: { display: 'table-cell' },
                },
              }}
            >
              <Table.Cell role="cell">{offset + i + 1}</Table.Cell>
              <Table.Cell
                role="cell"
                flex={{ base: '1 1 0', md: 'initial' }}
                minW="0"
                overflowWrap="anywhere"
              >
                <Text
                  as="span"
                  fontWeight="semibold"
                  color={r.is_active ? 'green.700' : 'red.700'}
                  whiteSpace="normal"
                  overflowWrap="anywhere"
                  data-testid="restaurant-name"
                  data-active={r.is_active ? 'true' : 'false'}
                >
                  {r.name}
                </Text>
              </Table.Cell>
              <Table.Cell
                role="cell"
                whiteSpace="normal"
                overflowWrap="anywhere"
                minW={{ md: '32' }}
                flexBasis={{ base: '100%', md: 'auto' }}
              >
                {r.phone_number}
              </Table.Cell>
              <Table.Cell role="cell">
                <StatusBadge active={r.is_active} />
              </Table.Cell>
              <Table.Cell role="cell" data-testid="restaurant-type">
                {isIntegration(r) ? t.integration : t.manual}
              </Table.Cell>
              {visits ? (
                <Table.Cell role="cell" textAlign={{ md: 'end' }}>
                  {/* on a phone's card the number needs its name */}
                  <Text as="span" display={{ base: 'inline', md: 'none' }} color="fg.muted">
                    {t.visits.month}:{' '}
                  </Text>
                  <span data-testid="restaurant-visits">{visits[r._id] ?? 0}</span>
                </Table.Cell>
              ) : null}
              <Table.Cell role="cell" flexBasis={{ base: '100%', md: 'auto' }}>
                <HStack gap="1" flexWrap={{ base: 'wrap', md: 'nowrap' }} data-testid="restaurant-actions">
                  {isAdmin && isIntegration(r) ? <SyncButton restaurant={r} /> : null}
                  <Button size="xs" variant="outline" onClick={() => navigate(paths.restaurant(r))}>
                    {t.view}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => navigate(paths.categories({ restaurantId: r._id }))}
                  >
                    {t.categories}
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="blue" onClick={() => onEdit(r)}>
                    {t.edit}
                  </Button>
                  {isAdmin ? (
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(r)}>
                      {t.delete}
                    </Button>
                  ) : null}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
