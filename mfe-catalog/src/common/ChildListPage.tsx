import { ListPage, type ListPageProps, ListState, LoadingSkeleton, usePaths } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import { useBack } from './useBack';

/**
 * The list page of one thing's parts (a product's options, an option's rows): back to where the
 * user came from (`useBack`), and "not found" for a parent the caller may not manage (its list
 * answers 404), never its parts.
 */
export function ChildListPage<T, I>({
  resource,
  list,
  children,
  ...page
}: Omit<ListPageProps<T, I[]>, 'back' | 'children'> & {
  resource: { texts: { notFound: string; loadError?: string; empty?: string } };
  children: (items: I[]) => ReactNode;
}) {
  const back = useBack(usePaths().home);
  return (
    <ListPage list={list} back={back} maxW="4xl" {...page}>
      <ListState
        resource={resource}
        query={list.query}
        notFoundText={resource.texts.notFound}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {children}
      </ListState>
    </ListPage>
  );
}
