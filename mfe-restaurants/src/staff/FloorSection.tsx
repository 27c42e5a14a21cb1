/**
 * «Stollar va zonalar» (docs/SCREENS.md, "Xodimlar"): the restaurant's tables by zone, each with
 * its waiter («Hammaga»: everyone's). Tick tables, or a zone's box for all its tables, then give
 * them to a waiter («Biriktirish») or put them in a zone («Zonaga qo'shish»): one request for all,
 * all or nothing.
 */
import { useAssignTables, useFloor } from '@qrmenu/shared/query';
import { type FloorTable, STAFF_LIMITS, type StaffMember } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ChoiceField,
  Field,
  Flex,
  Input,
  LoadingSkeleton,
  notify,
  PageState,
  PlainList,
  Section,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { useMemo, useState } from 'react';

const EVERYONE = '';
/** Big enough to hit on a phone (the native box, as the stop-list's). */
const BOXES = {
  '& input[type=checkbox]': { width: '22px', height: '22px', accentColor: 'blue.600', cursor: 'pointer' },
};

function byZone(tables: readonly FloorTable[]): [string | null, FloorTable[]][] {
  const zones = new Map<string | null, FloorTable[]>();
  for (const table of tables) zones.set(table.zone, [...(zones.get(table.zone) ?? []), table]);
  // the zones by name, the tables without one last
  return [...zones.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
}

export function FloorSection({
  restaurantId,
  staff,
}: {
  restaurantId: string | undefined;
  staff: readonly StaffMember[];
}) {
  const floor = useFloor(restaurantId);
  const assign = useAssignTables();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [waiter, setWaiter] = useState(EVERYONE);
  const [zone, setZone] = useState('');
  const waiters = useMemo(() => staff.filter((m) => m.role === 'waiter' && m.is_active), [staff]);
  const nameOf = useMemo(() => new Map(staff.map((m) => [m._id, m.name ?? m.login])), [staff]);

  const toggle = (ids: string[], on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const send = (change: { waiter_id?: string | null; zone?: string | null }) => {
    if (picked.size === 0) {
      notify.error(t.staff.selectTablesFirst);
      return;
    }
    const ids = [...picked];
    assign.mutate(
      { restaurantId, body: { placement_ids: ids, ...change } },
      {
        onSuccess: () => {
          notify.success(t.staff.assigned(ids.length));
          setPicked(new Set());
        },
        onError: (error) => {
          console.error('[staff] tables', error);
          notify.error(t.staff.assignError);
        },
      },
    );
  };

  return (
    <Section title={t.staff.floorTitle} hint={t.staff.floorHint} data-testid="floor">
      <PageState
        query={floor}
        errorText={t.staff.floorLoadError}
        emptyText={t.staff.noTables}
        loading={<LoadingSkeleton rows={3} />}
      >
        {(tables) => (
          <Stack gap="4" css={BOXES}>
            {byZone(tables).map(([name, rows]) => {
              const ids = rows.map((r) => r._id);
              const all = ids.every((id) => picked.has(id));
              const zoneName = name ?? t.staff.noZone;
              return (
                <Box key={name ?? ''} borderWidth="1px" borderRadius="md" p="3" data-testid="floor-zone">
                  <Flex as="label" align="center" gap="3" minH="11" fontWeight="semibold" cursor="pointer">
                    <input
                      type="checkbox"
                      checked={all}
                      aria-label={t.staff.selectZone(zoneName)}
                      onChange={(e) => toggle(ids, e.target.checked)}
                    />
                    <span>
                      {zoneName} ({rows.length})
                    </span>
                  </Flex>
                  <PlainList>
                    {rows.map((table) => (
                      <Flex
                        as="li"
                        key={table._id}
                        align="center"
                        gap="3"
                        minH="11"
                        borderTopWidth="1px"
                        data-testid="floor-table"
                      >
                        <Flex as="label" align="center" gap="3" flex="1" minW="0" cursor="pointer">
                          <input
                            type="checkbox"
                            checked={picked.has(table._id)}
                            onChange={(e) => toggle([table._id], e.target.checked)}
                          />
                          <Text as="span" overflowWrap="anywhere">
                            {table.name}
                          </Text>
                        </Flex>
                        <Text as="span" fontSize="sm" color="fg.muted" textAlign="end">
                          {table.waiter_id ? (nameOf.get(table.waiter_id) ?? '—') : t.staff.everyone}
                        </Text>
                      </Flex>
                    ))}
                  </PlainList>
                </Box>
              );
            })}
            <Stack
              gap="3"
              position="sticky"
              bottom={{ base: '16', md: '0' }}
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              data-testid="floor-bar"
            >
              <Text fontWeight="semibold" role="status">
                {t.staff.selectedTables(picked.size)}
              </Text>
              <Flex gap="2" wrap="wrap" align="end">
                <ChoiceField
                  flex="1"
                  minW="40"
                  label={t.staff.waiter}
                  name="waiter_id"
                  value={waiter}
                  onPick={setWaiter}
                  first={{ value: EVERYONE, label: t.staff.everyone }}
                  choices={waiters.map((w) => ({ value: w._id, label: w.name ?? w.login }))}
                />
                <Button
                  minH="11"
                  colorPalette="blue"
                  loading={assign.isPending}
                  onClick={() => send({ waiter_id: waiter === EVERYONE ? null : waiter })}
                >
                  {t.staff.assign}
                </Button>
              </Flex>
              <Flex gap="2" wrap="wrap" align="end">
                <Field.Root flex="1" minW="40">
                  <Field.Label>{t.staff.zone}</Field.Label>
                  <Input
                    name="zone"
                    value={zone}
                    maxLength={STAFF_LIMITS.zone}
                    onChange={(e) => setZone(e.target.value)}
                  />
                  <Field.HelperText>{t.staff.zoneHint}</Field.HelperText>
                </Field.Root>
                <Button
                  minH="11"
                  variant="outline"
                  colorPalette="blue"
                  loading={assign.isPending}
                  onClick={() => send({ zone: zone.trim() || null })}
                >
                  {t.staff.setZone}
                </Button>
              </Flex>
            </Stack>
          </Stack>
        )}
      </PageState>
    </Section>
  );
}
