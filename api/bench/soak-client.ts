/**
 * The soak's checked calls: every answer's status and body (against its zod schema) are checked;
 * counts, latencies and the first errors are kept per operation for the report.
 */
import type { z } from 'zod';

export interface OpStats {
  count: number;
  errors: number;
  serverErrors: number;
  ms: number[];
}
export const stats = new Map<string, OpStats>();
export const errorSamples: string[] = [];
/** totals shared by the load and the report; `stopping` ends every manager's loop */
export const soak = { totalRequests: 0, stopping: false };

export class SoakFailure extends Error {}

export interface CallOptions<S extends z.ZodType> {
  token?: string;
  json?: unknown;
  form?: FormData;
  expect?: number;
  schema: S;
}

export async function call<S extends z.ZodType>(
  server: { url: string },
  op: string,
  method: string,
  path: string,
  options: CallOptions<S>,
): Promise<z.infer<S>> {
  const s = stats.get(op) ?? { count: 0, errors: 0, serverErrors: 0, ms: [] };
  stats.set(op, s);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const t0 = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${server.url}/api${path}`, { method, headers, body });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = String((err as Error).cause ?? err);
  }
  s.ms.push(performance.now() - t0);
  s.count += 1;
  soak.totalRequests += 1;
  const expected = options.expect ?? 200;
  let problem: string | null = null;
  if (status !== expected) problem = `status ${status} (expected ${expected})`;
  let parsed: z.infer<S> | undefined;
  if (!problem) {
    try {
      const result = options.schema.safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
      else problem = `answer does not match its schema: ${result.error.message.slice(0, 300)}`;
    } catch {
      problem = 'answer is not JSON';
    }
  }
  if (problem) {
    s.errors += 1;
    if (status >= 500) s.serverErrors += 1;
    if (errorSamples.length < 20)
      errorSamples.push(`${op} ${method} ${path}: ${problem}: ${text.slice(0, 300)}`);
    throw new SoakFailure(problem);
  }
  return parsed as z.infer<S>;
}
