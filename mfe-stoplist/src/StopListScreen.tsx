/**
 * The stop-list screen once its data is there: the search, the tabs Mavjud and Stop-list, the
 * products of the open tab grouped under their categories, and the action bar.
 */
import type { Category, Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Badge, Box, EmptyState, Input, Stack, Tabs } from '@qrmenu/shared/ui';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ACTION_BAR_SPACE, ActionBar } from './ActionBar';
import { filterGroups, idsOf, type StopListTabs, splitTabs, type TabId } from './model';
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

const PANEL_ID = 'stop-list-panel';
const triggerId = (value: string) => `stop-list-tab-${value}`;

const TAB_IDS = { trigger: triggerId };

/**
 * The tab list only: the panel is the screen's own. Chakra's Tabs.Content would make its state
 * machine scan the panel for focusable elements after each change (a forced style and layout of
 * every row, even of the sections the browser would skip), so the triggers point at our panel
 * through their own aria-controls and no content element of theirs exists. Memoised with stable
 * props: a tap on a row does not re-render the tabs' state machine.
 */
const TabList = memo(function TabList({
  tab,
  counts,
  onChange,
}: {
  tab: TabId;
  counts: Record<TabId, number>;
  onChange: (tab: string) => void;
}) {
  return (
    <Tabs.Root value={tab} onValueChange={(e) => onChange(e.value)} size="lg" fitted ids={TAB_IDS}>
      <Tabs.List>
        {TABS.map((x) => (
          <Tabs.Trigger key={x.id} value={x.id} minH="11" aria-controls={PANEL_ID}>
            {x.label}
            <Badge variant="subtle" colorPalette={x.id === 'stopped' ? 'red' : 'gray'}>
              {counts[x.id]}
            </Badge>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
});

export interface StopListScreenProps {
  categories: Category[];
  products: Product[];
}

/**
 * The open tab, also kept in the address (`?tab=stop-list`, replacing the entry): a reload keeps
 * it, and a link to the address opens it. Local state first, so that the tab answers the tap at
 * once (the router applies its navigations as transitions).
 */
const TAB_PARAM = 'tab';
const STOPPED_PARAM_VALUE = 'stop-list';

function useTabInAddress(): [TabId, (tab: TabId) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress: TabId =
    new URLSearchParams(location.search).get(TAB_PARAM) === STOPPED_PARAM_VALUE ? 'stopped' : 'available';
  const [tab, setTab] = useState(inAddress);
  // the address changed from outside (a link to it): follow it
  useEffect(() => setTab(inAddress), [inAddress]);
  const change = useCallback(
    (next: TabId) => {
      setTab(next);
      const params = new URLSearchParams(location.search);
      if (next === 'stopped') params.set(TAB_PARAM, STOPPED_PARAM_VALUE);
      else params.delete(TAB_PARAM);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );
  return [tab, change];
}

export function StopListScreen({ categories, products }: StopListScreenProps) {
  const [tab, setTab] = useTabInAddress();
  const [search, setSearch] = useState('');
  // typing stays responsive with 1,000 rows: the list follows the box a moment later
  const query = useDeferredValue(search);
  const previous = useRef<StopListTabs | undefined>(undefined);
  const tabs = useMemo(() => {
    previous.current = splitTabs(categories, products, previous.current);
    return previous.current;
  }, [categories, products]);
  const counts = useMemo(
    () => ({ available: idsOf(tabs.available).length, stopped: idsOf(tabs.stopped).length }),
    [tabs],
  );
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
    [clear, setTab],
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
      <TabList tab={tab} counts={counts} onChange={changeTab} />
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={triggerId(tab)}>
        {groups.length === 0 ? (
          <EmptyState message={current.empty} />
        ) : visibleGroups.length === 0 ? (
          <EmptyState message={t.noSearchResults} />
        ) : (
          <ProductGroups
            key={tab}
            groups={visibleGroups}
            selected={selection.selected}
            onToggle={selection.toggle}
            onToggleGroup={selection.toggleGroup}
          />
        )}
      </Box>
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
