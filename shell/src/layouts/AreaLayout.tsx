/**
 * Everything after login, loaded lazily: the UI facade (Chakra) provider, TanStack Query, the
 * facade's remote fallback, and the layout of the role (manager: bottom bar; others: sidebar).
 */
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import { useSession } from '@qrmenu/shared/session';
import { RemoteFallback, UiProvider } from '@qrmenu/shared/ui';
import { useEffect } from 'react';
import { PREFETCH } from '../pages';
import { fetchPagesAhead, RemoteFallbackContext } from '../RemotePage';
import { warmWhenSettled } from '../warm-up';
import { ManagerLayout } from './ManagerLayout';
import { SidebarLayout } from './SidebarLayout';

export default function AreaLayout() {
  const { isManager, isAdmin } = useSession();
  useEffect(() => {
    const refs = isManager ? PREFETCH.manager : isAdmin ? PREFETCH.admin : PREFETCH.sidebar;
    // after the page on screen has painted its data: never on its critical path (warm-up.ts)
    return warmWhenSettled(queryClient, () => void fetchPagesAhead(refs));
  }, [isManager, isAdmin]);
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <RemoteFallbackContext.Provider value={RemoteFallback}>
          {isManager ? <ManagerLayout /> : <SidebarLayout />}
        </RemoteFallbackContext.Provider>
      </UiProvider>
    </QueryClientProvider>
  );
}
