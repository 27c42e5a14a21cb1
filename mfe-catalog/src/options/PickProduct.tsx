import { t } from '@qrmenu/shared/texts';
import { Button, EmptyState, Page, usePaths } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';

/**
 * `/product-option` without a product: options belong to a product, so this page sends the manager
 * to the categories to pick one (an admin to the restaurants, whose categories lead there).
 */
export function PickProduct() {
  const paths = usePaths();
  const navigate = useNavigate();
  const target = paths.role === 'manager' ? paths.categories({ restaurantId: '' }) : paths.restaurants;
  return (
    <Page title={t.pickProductTitle} back={paths.home} testId="pick-product-page">
      <EmptyState message={t.pickProductForOptions}>
        <Button colorPalette="blue" minH="11" onClick={() => navigate(target)}>
          {paths.role === 'manager' ? t.goToCategories : t.restaurants}
        </Button>
      </EmptyState>
    </Page>
  );
}
