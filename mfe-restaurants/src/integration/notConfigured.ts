import { isApiError } from '@qrmenu/shared/api';

/**
 * The integration list failed because the server has no source configured, not because the
 * source is down: the API's 502 then names the setting (api/src/integration/provider.ts,
 * "no integration source is configured (INTEGRATION_FEED_URL)"; api/test/integration.test.ts
 * checks that wording). The admin is told what is missing and who sets it.
 */
export function isIntegrationNotConfigured(error: unknown): boolean {
  return isApiError(error) && error.status === 502 && /INTEGRATION_FEED_URL/.test(error.message);
}
