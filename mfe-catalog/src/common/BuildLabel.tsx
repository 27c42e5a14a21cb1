/** The build's name when its team set one (`QRMENU_BUILD_LABEL` at build time): which release a user runs. */
import { Text } from '@qrmenu/shared/ui';

const BUILD_LABEL = process.env.QRMENU_BUILD_LABEL;

export function BuildLabel() {
  return BUILD_LABEL ? (
    <Text fontSize="xs" color="fg.muted" data-testid="build-label">
      {BUILD_LABEL}
    </Text>
  ) : null;
}
