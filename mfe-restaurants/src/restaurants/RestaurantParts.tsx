/**
 * A restaurant's «Kategoriyalar», «QR kod» and «Xodimlar» buttons, beside its «Tahrirlash»: on the
 * manager's home card and on the restaurant's page. `paths` are the ones of the page that shows them.
 */
import type { RolePaths } from '@qrmenu/shared/paths';
import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { QrCodeButton } from '../qr/QrCodeButton';

export function RestaurantParts({
  restaurant,
  paths,
}: {
  restaurant: Restaurant | PublicRestaurant;
  paths: RolePaths;
}) {
  const navigate = useNavigate();
  const restaurantId = restaurant._id;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => navigate(paths.categories({ restaurantId }))}>
        {t.categories}
      </Button>
      <QrCodeButton restaurant={restaurant} />
      <Button variant="outline" size="sm" onClick={() => navigate(paths.staff({ restaurantId }))}>
        {t.staff.title}
      </Button>
    </>
  );
}
