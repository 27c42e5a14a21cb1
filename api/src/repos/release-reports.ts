/**
 * What reporters told of each release (`module_release_reports`, docs/OPERATIONS.md "Failures"):
 * facts are only ever added, and one already there adds nothing, so a release's users are
 * counted once each whichever server heard them and however often.
 */
import type { ModuleReleaseReportsTable } from '../db';
import { chunks, type Q } from './query';

export function releaseReportsRepository(q: Q) {
  return {
    /** Adds the facts not there yet; answers those it added (the others were known). */
    async addNew(rows: readonly ModuleReleaseReportsTable[]): Promise<{ reporter: string; what: string }[]> {
      const added: { reporter: string; what: string }[] = [];
      for (const part of chunks(rows)) {
        added.push(
          ...(await q
            .insertInto('module_release_reports')
            .values(part)
            .onConflict((oc) => oc.columns(['release_id', 'reporter', 'what']).doNothing())
            .returning(['reporter', 'what'])
            .execute()),
        );
      }
      return added;
    },
  };
}
