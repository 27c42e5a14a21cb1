import { t } from '@qrmenu/shared/texts';
import { EmptyState } from '@qrmenu/shared/ui';

/** Shown instead of a screen when no access token is stored (spec 5). */
export function TokenMissing() {
  return <EmptyState message={t.tokenMissing} />;
}
