/**
 * The bench's yardstick: a bare Fastify route (`GET /bare`, a small JSON answer) and, when given
 * the menu page's bytes, `GET /bare-menu` sending them as they are (brotli). A figure "x bare" is
 * a route's req/s over this one's in the same run, which holds while the machine's speed swings.
 * bench.ts runs it inside its server process; compare.ts forks this file alone (it sends
 * `{ url }`, and stops on `stop`) to measure two built servers against the same yardstick.
 */
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';

export async function startBare(menuPage?: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world' }));
  if (menuPage)
    bare.get('/bare-menu', async (_request, reply) =>
      reply.header('content-encoding', 'br').type('text/html; charset=utf-8').send(menuPage),
    );
  const url = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => bare.close() };
}

if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url, close } = await startBare();
  process.send({ url });
  process.on('message', async (msg: { kind?: string }) => {
    if (msg?.kind !== 'stop') return;
    await close();
    process.exit(0);
  });
}
