/**
 * The POS providers' one way to call their API: a timeout per attempt, retries with exponential
 * backoff (and jitter) on 429 and 5xx (a 429's Retry-After is obeyed, capped), a body-size cap,
 * and JSON that does not parse rejected with the provider's correlation id in the log. Secrets
 * never reach the log: only the method, the path (no query string: Poster's token is there) and
 * the status are logged.
 */
import { IntegrationUnavailableError } from '../provider';

export interface PosLogger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export interface HttpPolicy {
  /** Per attempt. Default 15 s. */
  timeoutMs: number;
  /** Attempts on 429/5xx/network failure, the first included. Default 4. */
  attempts: number;
  /** First backoff; doubles each retry. Default 500 ms. */
  backoffMs: number;
  /** Longest wait a Retry-After may impose. Default 30 s. */
  maxRetryAfterMs: number;
  /** Largest body accepted. Default 50 MB (a big iiko nomenclature is ~10 MB). */
  maxBytes: number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 15_000,
  attempts: 4,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
};

/** An HTTP error answer the caller may handle (401: renew the token). */
export class PosHttpError extends IntegrationUnavailableError {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly correlationId: string | undefined,
    message: string,
    /** The provider's own words about a refused request (iiko `errorDescription`), when it said any. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface PosRequest {
  provider: string;
  method: 'GET' | 'POST';
  url: URL;
  /** Path shown in logs and errors (never the query string). */
  label: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Where the provider puts its correlation id in a JSON answer. */
  correlationOf?: (json: unknown) => string | undefined;
  /** The provider's words in an error answer (iiko `errorDescription`), kept on the error. */
  detailOf?: (json: unknown) => string | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retryAfterMs(header: string | null, policy: HttpPolicy): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.max(0, Math.min(ms, policy.maxRetryAfterMs));
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new IntegrationUnavailableError(`answer larger than ${maxBytes} bytes`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Sends the request and answers its parsed JSON; throws PosHttpError / IntegrationUnavailableError. */
export async function requestJson(
  req: PosRequest,
  policy: HttpPolicy,
  log: PosLogger | undefined,
): Promise<unknown> {
  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let wait = policy.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
    try {
      const response = await fetch(req.url, {
        method: req.method,
        headers: {
          accept: 'application/json',
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...req.headers,
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(policy.timeoutMs),
        redirect: 'error',
      });
      const text = await readCapped(response, policy.maxBytes);
      let json: unknown;
      let parsed = true;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = false;
      }
      const correlationId =
        (parsed ? req.correlationOf?.(json) : undefined) ??
        response.headers.get('x-correlation-id') ??
        response.headers.get('correlationid') ??
        undefined;
      if (response.status === 429 || response.status >= 500) {
        const after =
          response.status === 429 ? retryAfterMs(response.headers.get('retry-after'), policy) : undefined;
        if (after !== undefined) wait = after;
        lastError = new PosHttpError(
          req.provider,
          response.status,
          correlationId,
          `${req.label} answered HTTP ${response.status}`,
        );
        log?.warn(
          { provider: req.provider, call: req.label, status: response.status, correlationId, attempt },
          'POS call failed; retrying',
        );
      } else if (!response.ok) {
        throw new PosHttpError(
          req.provider,
          response.status,
          correlationId,
          `${req.label} answered HTTP ${response.status}`,
          parsed ? req.detailOf?.(json) : undefined,
        );
      } else if (!parsed) {
        log?.warn(
          { provider: req.provider, call: req.label, correlationId },
          'POS answer is not JSON; rejected',
        );
        throw new PosHttpError(
          req.provider,
          response.status,
          correlationId,
          `${req.label} answered malformed JSON`,
        );
      } else {
        return json;
      }
    } catch (err) {
      if (err instanceof IntegrationUnavailableError) throw err;
      // network failure or timeout: retried like a 5xx
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      lastError = new IntegrationUnavailableError(
        `${req.label} ${timedOut ? 'timed out' : 'is unreachable'}`,
        {
          cause: err,
        },
      );
      log?.warn({ provider: req.provider, call: req.label, attempt, timedOut }, 'POS call failed; retrying');
    }
    if (attempt < policy.attempts) await sleep(wait);
  }
  throw lastError ?? new IntegrationUnavailableError(`${req.label} failed`);
}

/** A malformed (well-formed JSON, wrong shape) answer: logged with its correlation id, rejected. */
export function malformed(
  provider: string,
  label: string,
  correlationId: string | undefined,
  log?: PosLogger,
  detail?: unknown,
) {
  log?.warn(
    { provider, call: label, correlationId, detail: String(detail ?? '') },
    'POS answer has an unexpected shape; rejected',
  );
  return new PosHttpError(provider, 200, correlationId, `${label} answered an unexpected shape`);
}
