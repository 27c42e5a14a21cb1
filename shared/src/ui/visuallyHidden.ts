import type { CSSProperties } from 'react';

/**
 * The inline style of a text read by screen readers but not shown (a count's words beside its
 * short visible form, a live region's announcement): for plain markup that does not load the
 * kit's `VisuallyHidden` (the catalogue's light rows, the reports' stats, the sortable list).
 */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
