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
import { Box, ChoiceField, notify, Section, Stack, Text } from '@qrmenu/shared/ui';

const TEXT = t.orders.pos;

function TerminalGroup({ tables, restaurantId }: { tables: Tables; restaurantId: string }) {
  const choose = orders.useChooseTerminalGroup();
  return (
    <ChoiceField
      label={TEXT.terminalGroup}
      name="terminal-group"
      value={tables.terminal_group_id ?? ''}
      disabled={choose.isPending}
      onPick={(terminalGroupId) =>
        choose.mutate({ terminalGroupId, restaurantId }, { onError: () => notify.error(TEXT.tableSaveError) })
      }
      first={tables.terminal_group_id ? null : { value: '', label: TEXT.chooseTerminalGroup }}
      choices={tables.terminal_groups.map((g) => ({ value: g.id, label: g.name }))}
    />
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
      <ChoiceField
        plainLabel
        label={TEXT.tableOf(placement.name)}
        size="sm"
        value={placement.pos_table_id ?? ''}
        disabled={map.isPending}
        onPick={(posTableId) =>
          map.mutate(
            { placementId: placement._id, posTableId: posTableId || null },
            {
              onSuccess: () => notify.success(TEXT.tableSaved(placement.name)),
              onError: () => notify.error(TEXT.tableSaveError),
            },
          )
        }
        first={{ value: '', label: TEXT.noTable }}
        choices={tables.map((table) => ({
          value: table.id,
          label: table.section ? `${table.section}: ${table.name}` : table.name,
        }))}
      />
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
