import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../texts';

/** Page size of the restaurant and product tables (docs/SCREENS.md, "What every screen shares"). */
export const PAGE_SIZE = 10;

export interface PaginationState<T> {
  /** The items of the current page. */
  items: T[];
  /** 1-based current page (1 when there are no items). */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  /** Index of the first item of the page in the whole list (for the "#" column). */
  offset: number;
  pageSize: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
  setPage: (page: number) => void;
}

/** Client-side pagination. Stays on a valid page when the list shrinks (e.g. after a delete). */
export function usePagination<T>(
  items: readonly T[] | undefined | null,
  pageSize = PAGE_SIZE,
): PaginationState<T> {
  const list = items ?? [];
  const total = list.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [rawPage, setRawPage] = useState(1);
  const page = Math.min(Math.max(1, rawPage), pages);
  useEffect(() => {
    if (rawPage !== page) setRawPage(page);
  }, [rawPage, page]);
  const offset = (page - 1) * pageSize;
  const pageItems = useMemo(() => list.slice(offset, offset + pageSize), [list, offset, pageSize]);
  return {
    items: pageItems,
    page,
    pages,
    offset,
    pageSize,
    total,
    hasPrevious: page > 1,
    hasNext: page < pages,
    previous: () => setRawPage((p) => Math.max(1, Math.min(p, pages) - 1)),
    next: () => setRawPage((p) => Math.min(pages, p + 1)),
    setPage: (p: number) => setRawPage(p),
  };
}

/** What the buttons need: where the list is and the steps to either side. */
export type PageSteps = Pick<
  PaginationState<unknown>,
  'page' | 'pages' | 'hasPrevious' | 'hasNext' | 'previous' | 'next'
>;

/** The steps of a list the server pages (the page kept by the caller, `pages` from the answer's count). */
export function pageSteps(
  page: number,
  pages: number,
  setPage: (update: (page: number) => number) => void,
): PageSteps {
  return {
    page,
    pages,
    hasPrevious: page > 1,
    hasNext: page < pages,
    previous: () => setPage((p) => Math.max(1, p - 1)),
    next: () => setPage((p) => Math.min(pages, p + 1)),
  };
}

/** "Oldingi" / "i / n" / "Keyingi"; the buttons are disabled at the ends. */
export function Pagination({ state }: { state: PageSteps }) {
  return (
    <HStack justify="center" gap="3" py="3" flexWrap="wrap" data-testid="pagination">
      <Button size="sm" variant="outline" onClick={state.previous} disabled={!state.hasPrevious}>
        {t.previous}
      </Button>
      <Text fontSize="sm" aria-live="polite" data-testid="pagination-status">
        {t.pageOf(state.page, state.pages)}
      </Text>
      <Button size="sm" variant="outline" onClick={state.next} disabled={!state.hasNext}>
        {t.next}
      </Button>
    </HStack>
  );
}
