/**
 * Where the restaurant screens link to. Managers live outside the /admin prefix (spec 2, 6),
 * except their home, which is /admin itself.
 */
export interface RestaurantRef {
  _id: string;
  slug: string;
}

export function restaurantPaths(isManager: boolean) {
  return {
    list: '/admin/restaurants',
    home: '/admin',
    create: '/admin/restaurants/new',
    managers: '/admin/managers',
    view: (r: RestaurantRef) =>
      isManager
        ? `/viewRestaurant/${encodeURIComponent(r._id)}`
        : `/admin/viewRestaurant/${encodeURIComponent(r._id)}/${encodeURIComponent(r.slug)}`,
    categories: (r: RestaurantRef) =>
      isManager ? '/categoryList' : `/admin/categoryList/${encodeURIComponent(r._id)}`,
    /** A manager edits in the dialog on its home card, not on the admin edit page. */
    edit: (r: RestaurantRef) =>
      isManager ? '/admin' : `/admin/restaurants/${encodeURIComponent(r._id)}/edit`,
    /** Back from a restaurant screen: the list for admins, the home card for managers. */
    back: isManager ? '/admin' : '/admin/restaurants',
  };
}

export type RestaurantPaths = ReturnType<typeof restaurantPaths>;
