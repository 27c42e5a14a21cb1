/**
 * What both fake POS servers share: a node:http server on 127.0.0.1, a call counter per path,
 * and injectable faults (the next N calls of a path answer 401 / 429 with Retry-After / 500,
 * hang past the client's timeout, answer malformed JSON or a wrong shape), and outages (every
 * call answers 503, or the port refuses connections, for a while).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `lost`: the call is handled, then its answer is lost (the connection drops before it). */
export type Fault = '401' | '429' | '500' | 'timeout' | 'malformed' | 'badshape' | 'lost';

export interface FakeBase {
  url: string;
  /** Calls per path (`/api/1/nomenclature`, `/api/menu.getProducts`, ...). */
  calls: Map<string, number>;
  count(path: string): number;
  /** The next `times` calls of `path` fail with `fault`. */
  fail(path: string, fault: Fault, times?: number): void;
  /**
   * Down for `ms` (until `up()` when absent): every call answers 503 (`'503'`), or the port
   * refuses connections (`'refused'`: the server stops listening and listens again after).
   */
  down(mode: Outage, ms?: number): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export type Outage = '503' | 'refused';

export type Handler = (
  req: IncomingMessage,
  path: string,
  body: unknown,
  query: URLSearchParams,
) => { status?: number; json: unknown; headers?: Record<string, string> };

export async function startFake(handler: Handler, badShape: (path: string) => unknown): Promise<FakeBase> {
  const calls = new Map<string, number>();
  const faults = new Map<string, Fault[]>();
  const hanging = new Set<ServerResponse>();
  let outage: Outage | null = null;
  let outageTimer: NodeJS.Timeout | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      calls.set(path, (calls.get(path) ?? 0) + 1);
      const send = (status: number, text: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(text);
      };
      if (outage === '503')
        return send(
          503,
          JSON.stringify({ errorDescription: 'Service unavailable', correlationId: 'fake-503' }),
        );
      const fault = faults.get(path)?.shift();
      if (fault === 'timeout') {
        hanging.add(res);
        return;
      }
      if (fault === '401')
        return send(
          401,
          JSON.stringify({
            errorDescription: 'Token expired',
            error: 'UNAUTHORIZED',
            correlationId: 'fake-401',
          }),
        );
      if (fault === '429')
        return send(
          429,
          JSON.stringify({ errorDescription: 'Too many requests', correlationId: 'fake-429' }),
          { 'retry-after': '0' },
        );
      if (fault === '500')
        return send(500, JSON.stringify({ errorDescription: 'Internal error', correlationId: 'fake-500' }));
      if (fault === 'malformed')
        return send(200, '{"correlationId":"fake-malformed","products":[{"id":', {
          'x-correlation-id': 'fake-malformed',
        });
      if (fault === 'badshape') return send(200, JSON.stringify(badShape(path)));
      let body: unknown;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        return send(400, JSON.stringify({ errorDescription: 'bad json' }));
      }
      const answer = handler(req, path, body, url.searchParams);
      if (fault === 'lost') {
        res.socket?.destroy();
        return;
      }
      send(answer.status ?? 200, JSON.stringify(answer.json), answer.headers);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const stopListening = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  async function up() {
    clearTimeout(outageTimer);
    const was = outage;
    outage = null;
    if (was === 'refused') await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (path) => calls.get(path) ?? 0,
    fail(path, fault, times = 1) {
      faults.set(path, [...(faults.get(path) ?? []), ...Array(times).fill(fault)]);
    },
    async down(mode, ms) {
      await up();
      outage = mode;
      if (mode === 'refused') await stopListening();
      if (ms !== undefined) outageTimer = setTimeout(() => void up(), ms);
    },
    up,
    async close() {
      clearTimeout(outageTimer);
      if (outage === 'refused') return;
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A small deterministic PRNG (mulberry32): the same data on every run (written once, in photos.ts). */
export { random as rng } from '../photos';

export const DISHES = [
  'Osh',
  "Lag'mon",
  'Manti',
  'Shashlik',
  'Somsa',
  'Chuchvara',
  'Norin',
  'Dimlama',
  'Qozon kabob',
  'Mastava',
  "Sho'rva",
  'Beshbarmoq',
  'Achichuk',
  'Non',
  "Ko'k choy",
  'Kompot',
  "Tandir go'sht",
  'Hasip',
  "Moshxo'rda",
  'Xonim',
];
export const GROUPS = [
  'Milliy taomlar',
  'Salatlar',
  "Sho'rvalar",
  'Kaboblar',
  'Ichimliklar',
  'Shirinliklar',
  'Nonlar',
  'Garnirlar',
];
