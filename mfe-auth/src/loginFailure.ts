/**
 * What the login page says when signing in fails: only a 401 to the credentials means a wrong
 * login or password; too many attempts, a server fault and no answer each say what happened.
 */
import { t } from '@qrmenu/shared/texts';

/** Which call failed: the credentials check, or the profile read with the new token. */
export type LoginStage = 'credentials' | 'profile';

/** The parts of `ApiError` read here (structural: the API client is not on the login page yet). */
interface FailedCall {
  status: number;
  code: string;
  retryAfterSeconds?: number | null;
  details?: readonly { path: string; message: string }[];
}

function asFailedCall(error: unknown): FailedCall | null {
  if (!error || typeof error !== 'object') return null;
  const { status, code } = error as Partial<FailedCall>;
  return typeof status === 'number' && typeof code === 'string' ? (error as FailedCall) : null;
}

/** Whole minutes to wait (at least 1), or null when the server gave no `Retry-After`. */
export function minutesToWait(seconds: number | null | undefined): number | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

export function loginFailureText(error: unknown, stage: LoginStage): string {
  const failed = asFailedCall(error);
  if (!failed) return t.unexpectedError;
  if (failed.status === 0) return failed.code === 'timeout' ? t.serverTimeout : t.noConnection;
  if (failed.status === 401 && stage === 'credentials') return t.loginError;
  // «Bu qurilmada doimiy qolish» ticked for an account that is no restaurant's staff
  if (failed.status === 400 && failed.details?.some((d) => d.path === 'device'))
    return t.staff.deviceStaffOnly;
  if (failed.status === 429) return t.tooManyAttempts(minutesToWait(failed.retryAfterSeconds));
  if (failed.status >= 500) return t.serverError;
  return t.unexpectedError;
}

/** A module the page fetches on demand could not be loaded: as good as no connection. */
export function moduleLoadFailure(cause: unknown): FailedCall & Error {
  return Object.assign(new Error('module could not be loaded', { cause }), { status: 0, code: 'network' });
}
