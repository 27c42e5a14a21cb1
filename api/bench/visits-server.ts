/**
 * The server of the visits bench (visits.ts), a child process: a fresh SQLite database with the
 * big menu (40 categories, 1,000 products), visit counting on or off (`VISITS=on|off`), the
 * answer cache on (as deployed), the loopback trusted as a proxy. Sends `{ url }` when listening; stops on `stop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { insertBigMenu } from './big-menu';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-visits-bench-'));
const app = await buildApp({
  dataDir,
  jwtSecret: 'bench-secret-bench-secret-bench-secret',
  adminPassword: 'bench-admin-pass',
  logger: false,
  validateResponses: false,
  // the bench's guests come as X-Forwarded-For from the loopback (visits.ts)
  trustProxy: ['loopback'],
  visits: { enabled: process.env.VISITS !== 'off' },
});
const restaurant = await app.restaurants.create({
  name: 'Bench',
  slug: 'bench-menu',
  address: 'Toshkent',
  phone_number: '+998901234567',
  work_time: '09:00-23:00',
  type: 'manual',
  is_active: true,
});
await insertBigMenu(app, restaurant._id);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url: `${address}/m/bench-menu` });
process.on('message', async (m: { kind: string }) => {
  if (m.kind === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
    return;
  }
  if (m.kind !== 'stop') return;
  const pending = app.visits.pending();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.send?.({ pending });
  process.exit(0);
});
