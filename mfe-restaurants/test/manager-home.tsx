/** The manager's Asosiy in the tests: aziz (m1), a manager, signed in over their own restaurant. */
import { ROUTES } from '@qrmenu/shared/paths';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { answers, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import ManagerHome from '../src/restaurants/ManagerHome';

/** Aziz's Asosiy over their `restaurant` (and their profile), with `more` answers. */
export function openManagerHome(restaurant: Restaurant, more: StubRoutes = {}) {
  return openPage(<ManagerHome />, ROUTES.admin.home, {
    as: 'manager',
    answers: {
      'GET /manager/restaurants/me': answers.data(restaurant),
      'GET /auth/profile': answers.data(fixtures.profile({ _id: 'm1', login: 'aziz', role: 'manager' })),
      ...more,
    },
  });
}
