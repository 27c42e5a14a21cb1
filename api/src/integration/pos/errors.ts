/** A POS failure as the admin reads it (Uzbek, from the texts catalogue) and as HTTP answers it. */
import { t } from '@qrmenu/shared/texts';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { badRequest, HttpError } from '../../http/errors';
import { IntegrationUnavailableError } from '../provider';
import { SecretKeyMissingError } from '../secrets';
import { PosHttpError } from './http';

export class PosSyncBusyError extends Error {
  constructor() {
    super('another sync of this restaurant is running');
    this.name = 'PosSyncBusyError';
  }
}

export class PosInvalidMenuError extends IntegrationUnavailableError {}

/**
 * The POS refused the credentials the admin typed (iiko: the access token call answers 401 for a
 * wrong apiLogin; Poster: error 10-12, a bad or expired token). It is the admin's input that was
 * refused, not the server that failed: 422 with the credential fields named.
 */
export class PosCredentialsError extends PosHttpError {
  constructor(
    provider: string,
    /** The credential fields the POS refused (`apiLogin`, `token`, ...). */
    readonly fields: readonly string[],
    status: number,
    correlationId: string | undefined,
    message: string,
  ) {
    super(provider, status, correlationId, message);
  }
}

export interface PosErrorAnswer {
  uz: string;
  status: number;
  code: string;
  /** The fields refused (the contract's error `details`): credentials the POS did not accept. */
  details?: { path: string; message: string }[];
}

/** The Uzbek text of the last error, and the HTTP status the API answers with. */
export function describePosError(err: unknown): PosErrorAnswer {
  if (err instanceof PosSyncBusyError) return { uz: t.posErrorBusy, status: 409, code: 'conflict' };
  if (err instanceof SecretKeyMissingError) return { uz: t.posErrorSecretKey, status: 500, code: 'internal' };
  if (err instanceof PosInvalidMenuError)
    return { uz: t.posErrorInvalidMenu, status: 502, code: 'bad_gateway' };
  if (err instanceof PosHttpError) {
    if (err instanceof PosCredentialsError || err.status === 401 || err.status === 403) {
      const fields = err instanceof PosCredentialsError ? err.fields : [];
      return {
        uz: t.posErrorCredentials,
        status: 422,
        code: 'validation',
        details: (fields.length > 0 ? fields.map((f) => `credentials.${f}`) : ['credentials']).map(
          (path) => ({ path, message: t.posErrorCredentials }),
        ),
      };
    }
    if (err.status === 404) return { uz: t.posErrorLocationGone, status: 404, code: 'not_found' };
    if (err.status === 429) return { uz: t.posErrorRateLimited, status: 502, code: 'bad_gateway' };
    if (err.status === 200) return { uz: t.posErrorMalformed, status: 502, code: 'bad_gateway' };
    if (err.message.includes('malformed'))
      return { uz: t.posErrorMalformed, status: 502, code: 'bad_gateway' };
  }
  if (err instanceof IntegrationUnavailableError)
    return { uz: t.posErrorUnreachable, status: 502, code: 'bad_gateway' };
  return { uz: t.posErrorUnreachable, status: 500, code: 'internal' };
}

/**
 * A POS failure as the API answers it: its Uzbek text is the message (the admin's dialog shows
 * it); credentials the provider refuses to parse are 400 on their fields; an unexpected failure
 * stays as it is (a 500).
 */
export function posHttpError(err: unknown): Error {
  if (err instanceof HttpError || err instanceof DomainError) return err;
  if (err instanceof z.ZodError) {
    return badRequest(
      'Invalid credentials',
      err.issues.map((i) => ({ path: ['credentials', ...i.path].join('.'), message: i.message })),
    );
  }
  const { uz, status, code, details } = describePosError(err);
  if (status === 500 && code === 'internal' && !(err instanceof SecretKeyMissingError)) return err as Error;
  return new HttpError(status, code as never, uz, details);
}

/** Runs a POS call, its failure answered as `posHttpError` says (the admin's and the manager's POS routes). */
export async function answeringPosErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw posHttpError(err);
  }
}
