/**
 * What the cluster suites need to run here, found once for each: the PostgreSQL database their
 * servers share and, for those behind a balancer, HAProxy; without it a suite is skipped and says
 * why in the log.
 */
import { findHaproxy } from './harness';

/**
 * The PostgreSQL database a suite of several servers shares (TEST_DATABASE_URL), or undefined:
 * then the suite is skipped, said once in the log as `<title>: skipped (...)`.
 */
export function sharedPostgres(title: string): string | undefined {
  const pg = process.env.TEST_DATABASE_URL?.trim();
  if (!pg) console.log(`${title}: skipped (TEST_DATABASE_URL not set; it needs PostgreSQL)`);
  return pg;
}

/**
 * What a suite of servers behind HAProxy needs: HAProxy (`haproxy`) and the PostgreSQL database
 * the servers share (`pg`, TEST_DATABASE_URL); `why` the suite cannot run here (null: it can),
 * said once in the log as `<title>: skipped (<why>)`.
 */
export function behindHaproxy(title: string): {
  haproxy: string | null;
  pg: string | undefined;
  why: string | null;
} {
  const pg = process.env.TEST_DATABASE_URL?.trim();
  const haproxy = findHaproxy();
  const why = !haproxy
    ? 'HAProxy not installed (apt-get install haproxy)'
    : !pg
      ? 'TEST_DATABASE_URL not set (the servers share a PostgreSQL database)'
      : null;
  if (why) console.log(`${title}: skipped (${why})`);
  return { haproxy, pg, why };
}
