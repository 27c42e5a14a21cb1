/** A POS failure as the admin reads it (Uzbek, from the texts catalogue) and as HTTP answers it. */
import { t } from '@qrmenu/shared/texts';
import { z } from 'zod';
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

/** The Uzbek text of the last error, and the HTTP status the API answers with. */
export function describePosError(err: unknown): { uz: string; status: number; code: string } {
  if (err instanceof PosSyncBusyError) return { uz: t.posErrorBusy, status: 409, code: 'conflict' };
  if (err instanceof SecretKeyMissingError) return { uz: t.posErrorSecretKey, status: 500, code: 'internal' };
  if (err instanceof PosInvalidMenuError)
    return { uz: t.posErrorInvalidMenu, status: 502, code: 'bad_gateway' };
  if (err instanceof PosHttpError) {
    if (err.status === 401 || err.status === 403)
      return { uz: t.posErrorCredentials, status: 502, code: 'bad_gateway' };
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
  if (err instanceof HttpError) return err;
  if (err instanceof z.ZodError) {
    return badRequest(
      'Invalid credentials',
      err.issues.map((i) => ({ path: ['credentials', ...i.path].join('.'), message: i.message })),
    );
  }
  const { uz, status, code } = describePosError(err);
  if (status === 500 && code === 'internal' && !(err instanceof SecretKeyMissingError)) return err as Error;
  return new HttpError(status, code as never, uz);
}
