import { Box } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';

/** Row actions: 44 px tall on a phone (the manager's touch targets), compact from `md` up. */
export const ROW_ACTION = { size: 'sm', minH: { base: '11', md: '8' }, px: { base: '2', md: '3' } } as const;

/** A row's buttons: equal columns across the row on a phone (`columns` a line), one line from `md` up. */
export function RowActions({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Box
      display={{ base: 'grid', md: 'flex' }}
      gridTemplateColumns={`repeat(${columns}, minmax(0, 1fr))`}
      gap="2"
      w={{ base: '100%', md: 'auto' }}
      flexShrink={0}
    >
      {children}
    </Box>
  );
}
