/**
 * Everything after login, loaded lazily: the UI facade (Chakra) provider, TanStack Query, the
 * facade's remote fallback, and the layout of the role (a manager, a waiter, the kitchen: a bottom
 * bar of their own pages; others: the sidebar).
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
import { StaffLayout } from './StaffLayout';

export default function AreaLayout() {
  const { isManager, isAdmin, isWaiter, isKitchen } = useSession();
  useEffect(() => {
    const refs = isManager
      ? PREFETCH.manager
      : isAdmin
        ? PREFETCH.admin
        : isWaiter
          ? PREFETCH.waiter
          : isKitchen
            ? PREFETCH.kitchen
            : PREFETCH.sidebar;
    // after the page on screen has painted its data: never on its critical path (warm-up.ts)
    return warmWhenSettled(queryClient, () => void fetchPagesAhead(refs));
  }, [isManager, isAdmin, isWaiter, isKitchen]);
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <RemoteFallbackContext.Provider value={RemoteFallback}>
          {isManager ? <ManagerLayout /> : isWaiter || isKitchen ? <StaffLayout /> : <SidebarLayout />}
        </RemoteFallbackContext.Provider>
      </UiProvider>
    </QueryClientProvider>
  );
}
