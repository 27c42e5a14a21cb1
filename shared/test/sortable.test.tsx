/**
 * The sortable kit (`@qrmenu/shared/sortable`): SortableList by button, keyboard and touch (with
 * a laid-out list: jsdom lays nothing out, so each row gets a 50 px box by its place), its Uzbek
 * names and announcements, axe; useMoveMutation's optimistic order, answer and rollback.
 */
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountedList } from '../src/api';
import { QueryClientProvider, queryClient } from '../src/query';
import {
  countedList,
  moveItem,
  plainList,
  SORTABLE_CSS,
  SortableList,
  subList,
  TOUCH_HOLD_MS,
  useMoveMutation,
} from '../src/sortable';
import { axeViolations, renderAtRoute } from '../src/testing/kit';
import { t } from '../src/texts';
import { Box, UiProvider } from '../src/ui';

interface Dish {
  _id: string;
  title: string;
  group?: string;
}

const dishes = (...titles: string[]): Dish[] => titles.map((title, i) => ({ _id: `d${i + 1}`, title }));

const ROW_HEIGHT = 50;

/** Gives every sortable row a box by its place among its siblings (what a browser would). */
function layOutRows() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-sortable-id]');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = row ? index * ROW_HEIGHT : 0;
    const height = row ? ROW_HEIGHT : 2000;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 375,
      height,
      right: 375,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

/** A page with one sortable list, keeping its own order as a parent with a cache would. */
function DishList({ initial, onMove }: { initial: Dish[]; onMove?: (item: Dish, to: number) => void }) {
  const [items, setItems] = useState(initial);
  return (
    <main>
      <h1>Taomlar</h1>
      <Box as="ul" css={SORTABLE_CSS} data-testid="dish-list">
        <SortableList
          items={items}
          label={(d) => d.title}
          onMove={(item, to) => {
            onMove?.(item, to);
            setItems((list) => moveItem(list, list.indexOf(item), to));
          }}
        >
          {(d, i, row) => (
            <li {...row.rootProps} data-testid="dish-row">
              {row.handle}
              <span>
                {i + 1}. {d.title}
              </span>
              {row.moveButtons}
            </li>
          )}
        </SortableList>
      </Box>
    </main>
  );
}

/** A bare list of `items`: each row its handle, its title and its buttons; the rest as SortableList takes it. */
function BareList(props: {
  items: Dish[];
  onMove: (item: Dish, to: number) => void;
  disabled?: boolean;
  offset?: number;
  total?: number;
}) {
  return (
    <Box as="ul">
      <SortableList {...props} label={(d) => d.title}>
        {(d, _i, row) => (
          <li {...row.rootProps}>
            {row.handle}
            {d.title}
            {row.moveButtons}
          </li>
        )}
      </SortableList>
    </Box>
  );
}

const shownTitles = () =>
  screen
    .getAllByTestId('dish-row')
    .map((row) => row.querySelector('span')?.textContent?.replace(/^\d+\. /, ''));

describe('list lenses', () => {
  it('moves an item the way the server does: a place past the end is the last', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('reorders a category inside the restaurant list and leaves the others in place', () => {
    const all: Dish[] = [
      { _id: 'a1', title: 'A1', group: 'a' },
      { _id: 'a2', title: 'A2', group: 'a' },
      { _id: 'b1', title: 'B1', group: 'b' },
      { _id: 'b2', title: 'B2', group: 'b' },
      { _id: 'b3', title: 'B3', group: 'b' },
    ];
    const lens = subList(countedList<Dish>(), (d) => d.group === 'b');
    const data: CountedList<Dish> = { items: all, count: 5 };
    const b = lens.read(data) ?? [];
    expect(b.map((d) => d._id)).toEqual(['b1', 'b2', 'b3']);
    const next = lens.write(data, moveItem(b, 2, 0));
    expect(next.items.map((d) => d._id)).toEqual(['a1', 'a2', 'b3', 'b1', 'b2']);
    expect(next.items[0]).toBe(all[0]);
    // an answer holding a product that came from category a: b's run replaced where it began
    const moved = { ...all[0], group: 'b' } as Dish;
    const after = lens.write(data, [all[2] as Dish, moved, all[3] as Dish, all[4] as Dish]);
    expect(after.items.map((d) => d._id)).toEqual(['a2', 'b1', 'a1', 'b2', 'b3']);
    expect(after.count).toBe(5);
  });

  it('reads and writes a plain list', () => {
    const lens = plainList<Dish>();
    const list = dishes('Osh', "Sho'rva");
    expect(lens.write(list, [...list].reverse()).map((d) => d.title)).toEqual(["Sho'rva", 'Osh']);
  });
});

describe('SortableList', () => {
  let layout: ReturnType<typeof layOutRows>;
  beforeEach(() => {
    layout = layOutRows();
  });
  afterEach(() => {
    layout.mockRestore();
  });

  it('names its handle and buttons in Uzbek, after the item, and passes axe', async () => {
    renderAtRoute(<DishList initial={dishes('Osh', "Sho'rva", 'Manti')} />, '/');
    const handles = screen.getAllByRole('button', { name: t.sortable.handle('Osh') });
    expect(handles).toHaveLength(1);
    expect(handles[0]).toHaveAttribute('aria-roledescription', t.sortable.roleDescription);
    // the instructions the handle points at are the Uzbek ones
    const describedBy = handles[0]?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)).toHaveTextContent(t.sortable.instructions);
    expect(screen.getByRole('button', { name: t.sortable.moveUpOf('Osh') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: t.sortable.moveDownOf('Manti') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: t.sortable.moveDownOf('Osh') })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('Pastga moves the row one down at once, keeps the focus on it and says where it went', async () => {
    const onMove = vi.fn();
    renderAtRoute(<DishList initial={dishes('Osh', "Sho'rva", 'Manti')} onMove={onMove} />, '/');
    const down = screen.getByRole('button', { name: t.sortable.moveDownOf('Osh') });
    await userEvent.click(down);
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove.mock.calls[0]?.[0]).toMatchObject({ _id: 'd1' });
    expect(onMove.mock.calls[0]?.[1]).toBe(1);
    expect(shownTitles()).toEqual(["Sho'rva", 'Osh', 'Manti']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t.sortable.moveDownOf('Osh') }));
    expect(screen.getByText(t.sortable.moved('Osh', 2, 3))).toBeInTheDocument();
    // Yuqoriga on the first row does nothing
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf("Sho'rva") }));
    expect(onMove).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf('Manti') }));
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ _id: 'd3' }), 1);
    expect(shownTitles()).toEqual(["Sho'rva", 'Manti', 'Osh']);
  });

  it('sorts by keyboard: Space lifts, ArrowUp moves, Space drops, with Uzbek announcements', async () => {
    const onMove = vi.fn();
    renderAtRoute(<DishList initial={dishes('Osh', "Sho'rva", 'Manti')} onMove={onMove} />, '/');
    const handle = screen.getByRole('button', { name: t.sortable.handle('Manti') });
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    const live = () =>
      [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((n) => n.textContent).join(' ');
    await waitFor(() => expect(live()).toContain(t.sortable.picked('Manti', 3, 3)));
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await waitFor(() => expect(live()).toContain(t.sortable.over('Manti', 2, 3)));
    fireEvent.keyDown(document, { code: 'ArrowUp', key: 'ArrowUp' });
    await waitFor(() => expect(live()).toContain(t.sortable.over('Manti', 1, 3)));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'd3' }), 0));
    expect(shownTitles()).toEqual(['Manti', 'Osh', "Sho'rva"]);
    await waitFor(() => expect(live()).toContain(t.sortable.dropped('Manti', 1, 3)));
  });

  it('Escape cancels a keyboard drag: nothing moves', async () => {
    const onMove = vi.fn();
    renderAtRoute(<DishList initial={dishes('Osh', "Sho'rva")} onMove={onMove} />, '/');
    const handle = screen.getByRole('button', { name: t.sortable.handle('Osh') });
    const live = () =>
      [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((n) => n.textContent).join(' ');
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Enter', key: 'Enter' });
    await waitFor(() => expect(live()).toContain(t.sortable.picked('Osh', 1, 2)));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await waitFor(() => expect(live()).toContain(t.sortable.over('Osh', 2, 2)));
    fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
    await waitFor(() => expect(live()).toContain(t.sortable.cancelled('Osh', 1)));
    expect(onMove).not.toHaveBeenCalled();
    expect(shownTitles()).toEqual(['Osh', "Sho'rva"]);
  });

  it('a finger held still on the handle lifts the row; a swipe over it is left to scrolling', async () => {
    vi.useFakeTimers();
    const onMove = vi.fn();
    renderAtRoute(<DishList initial={dishes('Osh', "Sho'rva", 'Manti')} onMove={onMove} />, '/');
    const rows = () => screen.getAllByTestId('dish-row');
    const handle = within(rows()[0] as HTMLElement).getByTestId('sortable-handle');
    const at = (y: number) => ({
      touches: [{ clientX: 20, clientY: y }],
      changedTouches: [{ clientX: 20, clientY: y }],
    });

    // a swipe: the finger moves before the hold time, nothing lifts
    fireEvent.touchStart(handle, at(25));
    fireEvent.touchMove(handle, at(60));
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS + 50));
    expect(rows()[0]).not.toHaveAttribute('data-dragging');
    fireEvent.touchEnd(handle, at(60));
    expect(onMove).not.toHaveBeenCalled();

    // a hold, then a drag two rows down
    fireEvent.touchStart(handle, at(25));
    act(() => vi.advanceTimersByTime(TOUCH_HOLD_MS + 10));
    expect(rows()[0]).toHaveAttribute('data-dragging', 'true');
    fireEvent.touchMove(handle, at(75));
    fireEvent.touchMove(handle, at(125));
    act(() => vi.advanceTimersByTime(50));
    fireEvent.touchEnd(handle, at(125));
    act(() => vi.advanceTimersByTime(50));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'd1' }), 2);
    expect(shownTitles()).toEqual(["Sho'rva", 'Manti', 'Osh']);
  });

  it('shows no controls while disabled', () => {
    renderAtRoute(<BareList items={dishes('Osh')} onMove={vi.fn()} disabled />, '/');
    expect(screen.getByText('Osh')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('counts places over the whole list on a page of it', async () => {
    const onMove = vi.fn();
    renderAtRoute(<BareList items={dishes('Osh', 'Manti')} onMove={onMove} offset={10} total={12} />, '/');
    // the first of page 2 may go up (onto page 1); the last of the whole list may not go down
    expect(screen.getByRole('button', { name: t.sortable.moveUpOf('Osh') })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.getByRole('button', { name: t.sortable.moveDownOf('Manti') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf('Osh') }));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'd1' }), 9);
  });
});

describe('useMoveMutation', () => {
  const key = ['dishes', 'r1'];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <UiProvider>{children}</UiProvider>
    </QueryClientProvider>
  );
  const order = () => queryClient.getQueryData<CountedList<Dish>>(key)?.items.map((d) => d.title);

  it('shows the new order at once, then the answer of the server', async () => {
    const list = dishes('Osh', "Sho'rva", 'Manti');
    queryClient.setQueryData<CountedList<Dish>>(key, { items: list, count: 3 });
    queryClient.setQueryData(['public', 'r1'], 'stale');
    let answer: (items: Dish[]) => void = () => {};
    const run = vi.fn(() => new Promise<Dish[]>((resolve) => (answer = resolve)));
    const { result } = renderHook(
      () =>
        useMoveMutation({
          queryKey: key,
          lens: countedList<Dish>(),
          run,
          invalidates: [['public']],
        }),
      { wrapper },
    );
    act(() => result.current.move(list[2] as Dish, 0));
    // in the same task as the call: no frame shows the old order
    expect(order()).toEqual(['Manti', 'Osh', "Sho'rva"]);
    await waitFor(() => expect(run).toHaveBeenCalledWith({ id: 'd3', position: 0 }));
    // the server's order is the truth (another tab moved Osh meanwhile)
    await act(async () => answer([list[2], list[1], list[0]] as Dish[]));
    await waitFor(() => expect(order()).toEqual(['Manti', "Sho'rva", 'Osh']));
    await waitFor(() => expect(queryClient.getQueryState(['public', 'r1'])?.isInvalidated).toBe(true));
  });

  it('puts the old order back and says so in an Uzbek toast when the move fails', async () => {
    const list = dishes('Osh', "Sho'rva");
    queryClient.setQueryData<CountedList<Dish>>(key, { items: list, count: 2 });
    const run = vi.fn(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useMoveMutation({ queryKey: key, lens: countedList<Dish>(), run }), {
      wrapper,
    });
    act(() => result.current.move(list[0] as Dish, 1));
    expect(order()).toEqual(["Sho'rva", 'Osh']);
    await waitFor(() => expect(order()).toEqual(['Osh', "Sho'rva"]));
    expect(await screen.findByText(t.sortable.moveError)).toBeInTheDocument();
  });

  it('does not re-render the page that holds it, from the drop to the answer', async () => {
    const list = dishes('Osh', "Sho'rva");
    queryClient.setQueryData<CountedList<Dish>>(key, { items: list, count: 2 });
    let answer: (items: Dish[]) => void = () => {};
    const run = vi.fn(() => new Promise<Dish[]>((resolve) => (answer = resolve)));
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useMoveMutation({ queryKey: key, lens: countedList<Dish>(), run });
      },
      { wrapper },
    );
    const before = renders;
    act(() => result.current.move(list[0] as Dish, 1));
    await waitFor(() => expect(run).toHaveBeenCalled());
    await act(async () => answer([list[1], list[0]] as Dish[]));
    await waitFor(() => expect(order()).toEqual(["Sho'rva", 'Osh']));
    // a page re-rendered for the move's pending/success states re-rendered every row (130 ms a
    // drop on a 40-category list); only the list's own data changes
    expect(renders).toBe(before);
  });

  it('with two moves on their way, only the last answer is written', async () => {
    const list = dishes('A', 'B', 'C');
    queryClient.setQueryData<CountedList<Dish>>(key, { items: list, count: 3 });
    const answers: ((items: Dish[]) => void)[] = [];
    const run = vi.fn(() => new Promise<Dish[]>((resolve) => answers.push(resolve)));
    const { result } = renderHook(() => useMoveMutation({ queryKey: key, lens: countedList<Dish>(), run }), {
      wrapper,
    });
    act(() => result.current.move(list[0] as Dish, 2)); // B C A
    act(() => result.current.move(list[1] as Dish, 2)); // C A B
    expect(order()).toEqual(['C', 'A', 'B']);
    // the first answer (the server after move 1 only) must not flash the older order
    await act(async () => answers[0]?.([list[1], list[2], list[0]] as Dish[]));
    expect(order()).toEqual(['C', 'A', 'B']);
    await act(async () => answers[1]?.([list[2], list[0], list[1]] as Dish[]));
    await waitFor(() => expect(order()).toEqual(['C', 'A', 'B']));
  });
});
