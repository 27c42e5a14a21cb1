/**
 * Remote references. The route table (routes.tsx) names which remote/expose serves each page.
 */
export interface RemoteRef {
  remote: string;
  expose: string;
}

/** Remotes not built yet: their routes show "not available" whatever /config.json says. */
export const PLANNED_REMOTES: ReadonlySet<string> = new Set(['mfe_catalog', 'mfe_stoplist']);

export function isPlanned(remote: string): boolean {
  return PLANNED_REMOTES.has(remote);
}
