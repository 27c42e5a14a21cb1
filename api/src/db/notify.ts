/**
 * PostgreSQL LISTEN/NOTIFY for messages between the API processes on one database (the answer
 * cache's "these answers are stale"). A channel is named after the schema the server uses, so
 * isolated test schemas (or two deployments in one database) do not hear each other.
 */
import pg from 'pg';

export interface PubSub {
  /** Sends `payload` to every listener of `topic` on this database (this process included). */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Listens to `topic`. `onGap` is called when the listening connection was lost and made again:
   * messages sent in between were missed.
   */
  subscribe(
    topic: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ): Promise<() => Promise<void>>;
}

const RECONNECT_MS = 1000;

export function pgPubSub(url: string, pool: pg.Pool, schema: string | undefined): PubSub {
  let prefix: Promise<string> | undefined;
  // `qrmenu_<schema>_<topic>`, quoted as an identifier (at most 63 bytes, as PostgreSQL keeps)
  const channel = async (topic: string) => {
    prefix ??= pool
      .query<{ s: string }>('select current_schema() as s')
      .then((r) => `qrmenu_${r.rows[0]?.s ?? ''}`);
    return `${await prefix}_${topic}`.slice(0, 63);
  };
  return {
    async publish(topic, payload) {
      await pool.query('select pg_notify($1, $2)', [await channel(topic), payload]);
    },
    async subscribe(topic, onMessage, onGap) {
      const name = await channel(topic);
      let client: pg.Client | undefined;
      let closed = false;
      let timer: NodeJS.Timeout | undefined;
      const open = async (): Promise<void> => {
        const c = new pg.Client({
          connectionString: url,
          ...(schema ? { options: `-c search_path=${schema}` } : {}),
        });
        c.on('notification', (m) => {
          if (m.channel === name && m.payload !== undefined) onMessage(m.payload);
        });
        const lost = () => {
          if (closed || client !== c) return;
          client = undefined;
          c.end().catch(() => undefined);
          timer = setTimeout(reopen, RECONNECT_MS);
        };
        c.on('error', lost);
        c.on('end', lost);
        await c.connect();
        await c.query(`listen "${name.replaceAll('"', '""')}"`);
        client = c;
      };
      const reopen = () => {
        if (closed) return;
        open().then(onGap, () => {
          timer = setTimeout(reopen, RECONNECT_MS);
        });
      };
      await open();
      return async () => {
        closed = true;
        clearTimeout(timer);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
