/** Several servers (docs/CONFIGURATION.md, "Several servers"). */
import { flag, setting, whole } from './rules';

/** One of several servers, and how it stops. */
export const CLUSTER_SETTINGS = {
  CLUSTER: setting({
    group: 'cluster',
    values: 'on or off',
    meaning:
      'this server is one of several: it refuses to start, in one line, without PostgreSQL, `JWT_SECRET` and `STORAGE_DRIVER=s3`',
    schema: flag,
  }),
  SHUTDOWN_DRAIN_MS: setting({
    group: 'cluster',
    values: 'whole milliseconds',
    meaning:
      "after SIGTERM, how long readiness answers 503 before the port closes: the balancer's check interval × its fall count, e.g. `2000`",
    schema: whole(0, 0),
  }),
  SHUTDOWN_TIMEOUT_MS: setting({
    group: 'cluster',
    values: 'whole milliseconds, at least 1000',
    meaning: 'running requests may finish until then; past it the process exits anyway',
    schema: whole(1000, 30_000),
  }),
};
