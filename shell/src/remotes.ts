/**
 * Remote references. The route table (routes.tsx) names which remote/expose serves each page.
 * Whether a remote is deployed comes only from /config.json at run time (`remoteUrl`), so a
 * remote built later (mfe_catalog, mfe_stoplist) is picked up without rebuilding the shell.
 */
export interface RemoteRef {
  remote: string;
  expose: string;
}
