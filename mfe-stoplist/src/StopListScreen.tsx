/**
 * The stop-list screen once its data is there: the search, the tabs Mavjud and Stop-list, the
 * products of the open tab grouped under their categories, and the action bar.
 */
import type { Category, Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Badge, Box, EmptyState, Input, Stack, Tabs } from '@qrmenu/shared/ui';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ACTION_BAR_SPACE, ActionBar } from './ActionBar';
import { filterGroups, idsOf, splitTabs, type TabId } from './model';
import { ProductGroups } from './ProductGroups';
import { useSelection } from './selection';
import { useStopListAction } from './useStopListAction';

const TABS: { id: TabId; label: string; empty: string; action: string; tone: 'red' | 'blue' }[] = [
  {
    id: 'available',
    label: t.available,
    empty: t.noAvailableProducts,
    action: t.moveToStopList,
    tone: 'red',
  },
  { id: 'stopped', label: t.stopList, empty: t.stopListEmpty, action: t.removeFromStopList, tone: 'blue' },
];

export interface StopListScreenProps {
  categories: Category[];
  products: Product[];
}

export function StopListScreen({ categories, products }: StopListScreenProps) {
  const [tab, setTab] = useState<TabId>('available');
  const [search, setSearch] = useState('');
  // typing stays responsive with 1,000 rows: the list follows the box a moment later
  const query = useDeferredValue(search);
  const tabs = useMemo(() => splitTabs(categories, products), [categories, products]);
  const groups = tabs[tab];
  const visibleGroups = useMemo(() => filterGroups(groups, query), [groups, query]);
  const onTab = useMemo(() => idsOf(groups), [groups]);
  const visible = useMemo(() => idsOf(visibleGroups), [visibleGroups]);
  const selection = useSelection(onTab, visible);
  const { clear } = selection;
  const action = useStopListAction(clear);
  const current = TABS.find((x) => x.id === tab) ?? TABS[0]!;

  const changeTab = useCallback(
    (next: string) => {
      setTab(next as TabId);
      clear();
    },
    [clear],
  );

  return (
    <Stack gap="3">
      <Input
        type="search"
        size="lg"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t.search}
        aria-label={t.searchProducts}
        autoComplete="off"
      />
      <Tabs.Root
        value={tab}
        onValueChange={(e) => changeTab(e.value)}
        size="lg"
        fitted
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Trigger key={x.id} value={x.id} minH="11">
              {x.label}
              <Badge variant="subtle" colorPalette={x.id === 'stopped' ? 'red' : 'gray'}>
                {idsOf(tabs[x.id]).length}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((x) => (
          <Tabs.Content key={x.id} value={x.id} pt="3">
            {groups.length === 0 ? (
              <EmptyState message={x.empty} />
            ) : visibleGroups.length === 0 ? (
              <EmptyState message={t.noSearchResults} />
            ) : (
              <ProductGroups
                groups={visibleGroups}
                selected={selection.selected}
                onToggle={selection.toggle}
                onToggleGroup={selection.toggleGroup}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <Box h={ACTION_BAR_SPACE} aria-hidden="true" />
      <ActionBar
        count={selection.count}
        hiddenCount={selection.hiddenCount}
        label={current.action}
        tone={current.tone}
        pending={action.pending}
        onAction={() => void action.run(tab, [...selection.selected])}
      />
    </Stack>
  );
}
