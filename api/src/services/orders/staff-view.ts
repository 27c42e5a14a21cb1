/**
 * The board as each staff member sees it (docs/ORDERS.md, "Who sees what"): every order and call
 * carries who moved it (`actions`), the waiter its table is given to now (`table_waiter_id`) and
 * who took it over (`taken_by`); a waiter's board holds their tables (and the tables given to
 * nobody, and what they took over) unless they ask for all; the kitchen's holds the orders past
 * «Yangi» and no calls. An admin's and a manager's hold everything.
 */
import { type Order, ROLES, type TableCall, type TableScope } from '@qrmenu/shared/schemas';
import type { OrderRow, TableCallRow } from '../../db';
import type { Repositories } from '../../repos';
import { toStaffAction } from '../../repos/staff-actions';
import { toTableCall } from '../../repos/table-calls';
import { ownsTable } from '../staff/actor';

/** Whose board a read or a stream is for. */
export interface Viewer {
  role: string;
  userId: string;
  /** A waiter's: their tables (default) or all. */
  scope?: TableScope | undefined;
}

/** Adds who moved each, its table's waiter and who took it over to the staff's answers of `rows`. */
export async function withStaffView(
  repos: Pick<Repositories, 'staffActions' | 'placements'>,
  rows: readonly (OrderRow | TableCallRow)[],
): Promise<Map<string, Pick<Order, 'actions' | 'table_waiter_id' | 'taken_by'>>> {
  const [actions, waiters] = await Promise.all([
    repos.staffActions.of(rows.map((r) => r.id)),
    repos.placements.waitersOf(rows.flatMap((r) => (r.placement_id ? [r.placement_id] : []))),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        actions: (actions.get(r.id) ?? []).map(toStaffAction),
        table_waiter_id: r.placement_id ? (waiters.get(r.placement_id) ?? null) : null,
        taken_by: r.taken_by ?? null,
      },
    ]),
  );
}

/** The staff's answers of calls, with their view. */
export async function callsForStaff(
  repos: Pick<Repositories, 'staffActions' | 'placements'>,
  rows: readonly TableCallRow[],
): Promise<TableCall[]> {
  const view = await withStaffView(repos, rows);
  return rows.map((r) => ({ ...toTableCall(r), ...view.get(r.id) }));
}

/** Whether an order (its status) or a call belongs on the viewer's board. */
export function shows(
  viewer: Viewer | undefined,
  item: { table_waiter_id?: string | null | undefined; taken_by?: string | null | undefined },
  order?: { status: string },
): boolean {
  if (!viewer) return true;
  if (viewer.role === ROLES.kitchen) return order !== undefined && order.status !== 'sent';
  if (viewer.role !== ROLES.waiter || viewer.scope === 'all') return true;
  return ownsTable(
    { role: ROLES.waiter, userId: viewer.userId },
    item.table_waiter_id ?? null,
    item.taken_by,
  );
}
