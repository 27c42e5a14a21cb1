/** Standalone run of the remote: its screens under their routes (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalonePages } from '@qrmenu/shared/standalone';
import ManagersPage from './managers/ManagersPage';
import ManagerHome from './restaurants/ManagerHome';
import RestaurantDetailPage from './restaurants/RestaurantDetailPage';
import RestaurantFormPage from './restaurants/RestaurantFormPage';
import RestaurantsPage from './restaurants/RestaurantsPage';

const A = ROUTES.admin;

void renderStandalonePages(
  [
    [[A.home], ManagerHome],
    [[A.restaurants], RestaurantsPage],
    [[A.restaurantNew, A.restaurantEdit], RestaurantFormPage],
    [[A.restaurant, ROUTES.manager.restaurant], RestaurantDetailPage],
    [[A.managers], ManagersPage],
  ],
  A.restaurants,
);
