/**
 * `/ProductStopList` (also `/productStopList`), the manager's Menyu and the kitchen's Stop-list:
 * what is available and what the kitchen has run out of (docs/PRODUCT.md, "The stop-list"). Data:
 * the manager's own restaurant, its categories and all its products, read in parallel through the
 * shared query hooks (the catalog reads the same cached lists, so both show one state). The
 * kitchen's account reads its restaurant's lists (the server knows which) and no restaurant card,
 * and is offered no link into the catalog (not its pages).
 */
import { categories as categoryResource, products, restaurants, stopList } from '@qrmenu/shared/resources';
import type { Category, Product, Restaurant } from '@qrmenu/shared/schemas';
import { getRole, useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  combineQueries,
  EmptyState,
  LoadingSkeleton,
  Page,
  PageState,
  type QueryState,
  usePaths,
} from '@qrmenu/shared/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { StopListScreen } from './StopListScreen';

/**
 * The screen's three reads, into the cache ahead of the first tap: the shell loads this module at
 * idle in the manager's area (its most used screen), and loading it warms its data as well, so
 * Menyu paints at once; the page still refetches what has gone stale (30 s) when it opens.
 */
export function prefetchStopListData(kitchen = false): void {
  if (!kitchen) void restaurants.useMine.prefetch();
  void categoryResource.useList.prefetch(undefined);
  void products.useList.prefetch(undefined);
}
if (getRole() === 'manager' || getRole() === 'kitchen') prefetchStopListData(getRole() === 'kitchen');

interface StopListData {
  /**
   * null: no restaurant is assigned to this manager (then the lists answer 404: not shown);
   * `kitchen`: the kitchen's own restaurant, whose card is not its to read.
   */
  restaurant: Restaurant | 'kitchen' | null;
  categories: Category[];
  products: Product[];
}

function useStopListData(kitchen: boolean): QueryState<StopListData> {
  const mine = restaurants.useMine({ enabled: !kitchen });
  // a manager's own lists (no restaurant id): the keys the manager's catalog pages read too
  const categories = categoryResource.useList(undefined);
  const productList = products.useList(undefined);
  const data = useMemo<StopListData | undefined>(() => {
    if (!kitchen && mine.data === null) return { restaurant: null, categories: [], products: [] };
    const restaurant = kitchen ? 'kitchen' : mine.data;
    if (!restaurant || !categories.data || !productList.data) return undefined;
    return { restaurant, categories: categories.data.items, products: productList.data.items };
  }, [kitchen, mine.data, categories.data, productList.data]);
  // without a restaurant the lists answer 404: not a failure of this screen
  if (kitchen) return combineQueries([categories, productList], data);
  return combineQueries(mine.data === null ? [mine] : [mine, categories, productList], data);
}

export default function StopListPage() {
  const { isKitchen } = useSession();
  const data = useStopListData(isKitchen);
  const paths = usePaths();
  return (
    <Page title={stopList.texts.title} maxW="4xl" centered testId="stop-list-page">
      <PageState
        query={data}
        errorText={stopList.texts.loadError}
        isEmpty={() => false}
        loading={<LoadingSkeleton rows={8} height="14" />}
      >
        {({ restaurant, categories, products }) =>
          !restaurant ? (
            <EmptyState message={t.noRestaurantForManager} />
          ) : products.length === 0 ? (
            restaurant === 'kitchen' ? (
              <EmptyState message={t.noProductsYet} />
            ) : (
              <EmptyState message={t.noProductsGoToCategories}>
                <Button asChild size="lg" colorPalette="blue">
                  <Link to={paths.categories({ restaurantId: restaurant._id })}>{t.goToCategories}</Link>
                </Button>
              </EmptyState>
            )
          ) : (
            <StopListScreen categories={categories} products={products} />
          )
        }
      </PageState>
    </Page>
  );
}
