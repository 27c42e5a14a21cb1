/**
 * The QR dialog's POS tables (docs/ORDERS.md, "Into the POS"): for a restaurant from a POS, each
 * placement is mapped to the POS's table, so a guest's order lands on that table there. iiko lists
 * tables per terminal group: a restaurant connected before the group was chosen picks it here
 * first (one group only is chosen by itself). A placement left unmapped sends its name in the
 * order's comment.
 */
import { orders } from '@qrmenu/shared/resources';
import type { PosTables as Tables } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Field, NativeSelect, notify, Section, Stack, Text } from '@qrmenu/shared/ui';

const TEXT = t.orders.pos;

function TerminalGroup({ tables, restaurantId }: { tables: Tables; restaurantId: string }) {
  const choose = orders.useChooseTerminalGroup();
  return (
    <Field.Root>
      <Field.Label>{TEXT.terminalGroup}</Field.Label>
      <NativeSelect.Root disabled={choose.isPending}>
        <NativeSelect.Field
          name="terminal-group"
          value={tables.terminal_group_id ?? ''}
          onChange={(e) =>
            choose.mutate(
              { terminalGroupId: e.currentTarget.value, restaurantId },
              { onError: () => notify.error(TEXT.tableSaveError) },
            )
          }
        >
          {tables.terminal_group_id ? null : <option value="">{TEXT.chooseTerminalGroup}</option>}
          {tables.terminal_groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function PlacementTable({
  placement,
  tables,
}: {
  placement: Tables['placements'][number];
  tables: Tables['tables'];
}) {
  const map = orders.useMapPlacementTable();
  return (
    <Box as="li" py="1" borderBottomWidth="1px" data-testid="pos-table-row">
      <Field.Root>
        <Field.Label fontWeight="normal">{TEXT.tableOf(placement.name)}</Field.Label>
        <NativeSelect.Root size="sm" disabled={map.isPending}>
          <NativeSelect.Field
            value={placement.pos_table_id ?? ''}
            onChange={(e) =>
              map.mutate(
                { placementId: placement._id, posTableId: e.currentTarget.value || null },
                {
                  onSuccess: () => notify.success(TEXT.tableSaved(placement.name)),
                  onError: () => notify.error(TEXT.tableSaveError),
                },
              )
            }
          >
            <option value="">{TEXT.noTable}</option>
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.section ? `${table.section}: ${table.name}` : table.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Box>
  );
}

export function PosTables({ restaurantId }: { restaurantId: string }) {
  const query = orders.usePosTables(restaurantId);
  const data = query.data;
  return (
    <Section level={3} title={TEXT.tablesTitle} hint={TEXT.tablesHint} w="100%" data-testid="pos-tables">
      {query.isError ? (
        <Text role="alert" color="red.700">
          {TEXT.tablesLoadError}
        </Text>
      ) : data ? (
        <Stack gap="2">
          {data.terminal_groups.length > 1 || (!data.terminal_group_id && data.terminal_groups.length > 0) ? (
            <TerminalGroup tables={data} restaurantId={restaurantId} />
          ) : null}
          {data.tables.length > 0 ? (
            <Stack as="ul" listStyleType="none" gap="0" m="0" p="0" maxH="60" overflowY="auto">
              {data.placements.map((p) => (
                <PlacementTable key={p._id} placement={p} tables={data.tables} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Section>
  );
}
