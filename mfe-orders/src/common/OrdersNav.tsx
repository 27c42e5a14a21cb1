/**
 * The orders area's three screens, under every one of them: Jonli (the board), Tarix (by day),
 * Sozlamalar (the switches). Links, 44 px high; the open one is marked for screen readers too.
 */
import { t } from '@qrmenu/shared/texts';
import { Button, HStack, usePaths } from '@qrmenu/shared/ui';
import { Link, useLocation } from 'react-router-dom';

export function OrdersNav({ restaurantId }: { restaurantId: string }) {
  const paths = usePaths();
  const { pathname } = useLocation();
  const links = [
    { to: paths.orders({ restaurantId }), label: t.orders.live },
    { to: paths.orderHistory({ restaurantId }), label: t.orders.history },
    { to: paths.orderingSettings({ restaurantId }), label: t.orders.settings },
  ];
  return (
    <HStack as="nav" aria-label={t.orders.nav} gap="2" flexWrap="wrap">
      {links.map((link) => {
        const current = pathname.toLowerCase() === link.to.toLowerCase();
        return (
          <Button
            key={link.to}
            asChild
            minH="11"
            size="md"
            variant={current ? 'solid' : 'outline'}
            colorPalette="blue"
          >
            <Link to={link.to} aria-current={current ? 'page' : undefined}>
              {link.label}
            </Link>
          </Button>
        );
      })}
    </HStack>
  );
}
