/** Each module's current releases (`module_channels`): the stable one, the canary and its share. */
import type { ModuleChannelRow } from '../db';
import type { Dialect, Q } from './query';

export function moduleChannelsRepository(q: Q, dialect: Dialect) {
  return {
    all: () => q.selectFrom('module_channels').selectAll().orderBy('module').execute(),

    /** The module's row, held until the transaction ends on PostgreSQL (a change reads, decides, writes). */
    lock: (module: string) =>
      q
        .selectFrom('module_channels')
        .selectAll()
        .where('module', '=', module)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst(),

    /** Adds the row unless the module has one (servers starting together seed it once). */
    async insertIfMissing(row: ModuleChannelRow): Promise<boolean> {
      const res = await q
        .insertInto('module_channels')
        .values(row)
        .onConflict((oc) => oc.column('module').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async save(module: string, patch: Partial<Omit<ModuleChannelRow, 'module'>>): Promise<void> {
      await q.updateTable('module_channels').set(patch).where('module', '=', module).execute();
    },
  };
}
