import { isApiError } from '@qrmenu/shared/api';

/**
 * An answer meaning "no such thing here": 404 (unknown, or another restaurant's: the API does not
 * tell them apart) or 400 (an id that cannot be one). Never shown as a load failure.
 */
export const isMissing = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);
