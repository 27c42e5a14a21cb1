/**
 * The POS's order against the manager's: the last one to reorder a list wins.
 *
 * - The POS reordered a list (an item already there has a new order value in the POS): the
 *   POS's items take the POS's order within the places they hold; items made here keep theirs.
 * - Otherwise the list keeps its order (the manager's moves stand), and an item the POS added
 *   goes right after the item that precedes it in the POS's order (first of the POS's items when
 *   none precedes it).
 */

/**
 * The list's new order. `current`: its ids in their order now (new items included, anywhere);
 * `rank`: the POS's order of its POS items (0 = first); `added`: the items new to this list.
 */
export function arrangeByPos(
  current: readonly string[],
  rank: ReadonlyMap<string, number>,
  reordered: boolean,
  added: ReadonlySet<string>,
): string[] {
  const byRank = (a: string, b: string) => (rank.get(a) as number) - (rank.get(b) as number);
  if (reordered) {
    const inPosOrder = current.filter((id) => rank.has(id)).sort(byRank);
    let next = 0;
    return current.map((id) => (rank.has(id) ? (inPosOrder[next++] as string) : id));
  }
  const result = current.filter((id) => !added.has(id));
  for (const id of [...added].filter((a) => rank.has(a)).sort(byRank)) {
    const own = rank.get(id) as number;
    // its predecessor: the POS item ranked nearest before it
    let after = -1;
    let best = -1;
    result.forEach((other, index) => {
      const r = rank.get(other);
      if (r !== undefined && r < own && r > best) {
        best = r;
        after = index;
      }
    });
    const firstPos = result.findIndex((other) => rank.has(other));
    const at = after >= 0 ? after + 1 : firstPos >= 0 ? firstPos : result.length;
    result.splice(at, 0, id);
  }
  // items added that the POS does not rank (none today) stay last
  for (const id of added) if (!rank.has(id)) result.push(id);
  return result;
}
