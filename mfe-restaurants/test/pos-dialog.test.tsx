/**
 * The POS connect dialog: credentials -> organizations -> preview counts -> manager -> import,
 * each step's request as the API expects it, the API's Uzbek error shown, and no serious axe
 * finding with every step open.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';

const ORG = { id: 'org-1', name: 'Rayhon Chilonzor' };

function routes(extra: StubRoutes = {}): StubRoutes {
  return {
    'GET /admin/restaurants': answers.adminRestaurants([fixtures.restaurant({ manager_id: 'm-busy' })]),
    'GET /admin/managers': answers.data([fixtures.manager({ _id: 'm-free', login: 'bosh' })]),
    'POST /admin/integration/pos/locations': answers.data([ORG, { id: 'org-2', name: 'Rayhon Yunusobod' }]),
    'POST /admin/integration/pos/preview': answers.data({
      name: ORG.name,
      categories: 12,
      products: 300,
      options: 94,
      pictures: 100,
    }),
    'POST /admin/integration/pos/import': {
      status: 201,
      body: {
        data: {
          restaurant: fixtures.restaurant({ _id: 'r-new', name: ORG.name, type: 'iiko' }),
          webhook_token: 'hook-secret',
        },
      },
    },
    ...extra,
  };
}

/** The admin's list over `routes(extra)`, its POS dialog open. */
async function open(extra: StubRoutes = {}) {
  const { api } = openPage(<RestaurantsPage />, ROUTES.admin.restaurants, {
    as: 'admin',
    answers: routes(extra),
  });
  await userEvent.click(await screen.findByRole('button', { name: t.posAdd }));
  return { api, dialog: await screen.findByRole('dialog', { name: t.posAdd }) };
}

describe('POS connect dialog', () => {
  it('connects, previews and imports an iiko organization', async () => {
    const { api, dialog } = await open();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(t.posApiLogin)), 'my-api-login');
    await userEvent.click(within(dialog).getByRole('button', { name: t.posConnect }));
    const org = await within(dialog).findByRole('combobox', { name: t.posOrganization });
    await userEvent.selectOptions(org, 'org-1');
    expect(
      await within(dialog).findByText(
        t.posPreviewCounts({ categories: 12, products: 300, options: 94, pictures: 100 }),
      ),
    ).toBeInTheDocument();
    const manager = within(dialog).getByRole('combobox', { name: new RegExp(t.fields.manager_id) });
    await waitFor(() => expect(within(manager).getAllByRole('option')).toHaveLength(2));
    expect(await axeViolations()).toEqual([]);
    await userEvent.selectOptions(manager, 'm-free');
    await userEvent.click(within(dialog).getByRole('button', { name: t.posImport }));
    expect(await within(dialog).findByTestId('pos-webhook-token')).toHaveValue('hook-secret');
    const writes = api.writes();
    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['POST', '/admin/integration/pos/locations'],
      ['POST', '/admin/integration/pos/preview'],
      ['POST', '/admin/integration/pos/import'],
    ]);
    expect(writes[2]?.body).toEqual({
      provider: 'iiko',
      credentials: { apiLogin: 'my-api-login' },
      location_id: 'org-1',
      manager_id: 'm-free',
    });
  });

  it('shows the Uzbek refusal under the field the POS refused (422 naming it)', async () => {
    const { dialog } = await open({
      'POST /admin/integration/pos/locations': {
        status: 422,
        body: {
          error: {
            code: 'validation',
            message: t.posErrorCredentials,
            details: [{ path: 'credentials.token', message: t.posErrorCredentials }],
          },
        },
      },
    });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: t.posProvider }), 'poster');
    const token = within(dialog).getByLabelText(new RegExp(t.posPosterToken));
    const secret = within(dialog).getByLabelText(new RegExp(t.posPosterAppSecret));
    await userEvent.type(token, '1:bad');
    await userEvent.type(secret, 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: t.posConnect }));
    expect(await within(dialog).findByText(t.posErrorCredentials)).toBeInTheDocument();
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(secret).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(token).toHaveAccessibleDescription(t.posErrorCredentials));
    expect(within(dialog).queryByRole('combobox', { name: t.posSpot })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    // typing a new token clears its refusal
    await userEvent.type(token, 'x');
    expect(within(dialog).queryByText(t.posErrorCredentials)).toBeNull();
  });

  it("shows the API's Uzbek error as a notice when the POS itself fails (502)", async () => {
    const { dialog } = await open({
      'POST /admin/integration/pos/locations': {
        status: 502,
        body: { error: { code: 'bad_gateway', message: t.posErrorUnreachable } },
      },
    });
    const login = within(dialog).getByLabelText(new RegExp(t.posApiLogin));
    await userEvent.type(login, 'my-api-login');
    await userEvent.click(within(dialog).getByRole('button', { name: t.posConnect }));
    expect(await screen.findByText(t.posErrorUnreachable)).toBeInTheDocument();
    expect(login).not.toHaveAttribute('aria-invalid', 'true');
  });
});
