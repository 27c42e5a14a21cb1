/** The stop-list screen on the test kit: tabs, selection, search, the one call, failures, empty states. */
import { ROUTES } from '@qrmenu/shared/paths';
import {
  answers,
  axeViolations,
  fixtures,
  openPage,
  type StubRoutes,
  signInAs,
  stubApi,
} from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import StopListPage from '../src/StopListPage';
import { fakeMenu } from './fake-menu';

const hot = fixtures.category({ _id: 'hot', title: 'Issiq taomlar' });
const drinks = fixtures.category({ _id: 'drinks', title: 'Ichimliklar' });
const product = (id: string, name: string, category: string, is_active = true, price = 25_000) =>
  fixtures.product({ _id: id, name, category_id: category, is_active, price });

function standardMenu() {
  return fakeMenu(
    [hot, drinks],
    [
      { ...product('osh', 'Osh', 'hot', true, 35_000), images: [{ file: '/uploads/osh.webp' }] },
      product('manti', 'Manti', 'hot'),
      product('somsa', 'Somsa', 'hot'),
      product('choy', "Ko'k choy", 'drinks', true, 5_000),
      product('kofe', 'Kofe', 'drinks', false),
    ],
  );
}

/** The page over `answers`, signed in as `as` (the manager unless said), beside a categories page to go to. */
function open(answers: StubRoutes, as = 'manager') {
  return openPage(<StopListPage />, '/productStopList', {
    path: ROUTES.manager.stopList,
    as,
    answers,
    routes: { [ROUTES.manager.categories]: <h1>categories page</h1> },
  });
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const productBox = (name: string) => screen.getByRole('checkbox', { name });
const categoryBox = (title: string) => screen.getByRole('checkbox', { name: t.selectCategory(title) });
const section = (title: string) => screen.getByRole('region', { name: title });
const names = () =>
  screen.queryAllByTestId('stop-list-product').map((row) => row.querySelector('.sl-name')?.textContent);
const count = () => screen.getByTestId('stop-list-selected-count').textContent;
const actionButton = (name: string) => screen.getByRole('button', { name });

async function loaded() {
  await screen.findByRole('tab', { name: /^Mavjud/ });
}

/** The standard menu served and the page opened on it, loaded; the stub, for its calls. */
async function openStandardMenu() {
  const { api } = open(standardMenu().routes);
  await loaded();
  return api;
}

describe('the tabs', () => {
  it('Mavjud shows active products under their categories with picture, name and price', async () => {
    await openStandardMenu();
    expect(screen.getByRole('heading', { level: 1, name: t.menu })).toBeInTheDocument();
    expect(tab('Mavjud')).toHaveAttribute('aria-selected', 'true');
    expect(within(section('Issiq taomlar')).getAllByTestId('stop-list-product')).toHaveLength(3);
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', "Ko'k choy"]);
    const osh = screen.getAllByTestId('stop-list-product')[0]!;
    expect(osh).toHaveTextContent("35 000 so'm");
    expect(osh.querySelector('img')).toHaveAttribute('src', '/uploads/osh.webp');
    const manti = screen.getAllByTestId('stop-list-product')[1]!;
    expect(manti.querySelector('img')).toBeNull();
    expect(within(manti).getByTestId('default-picture')).toBeInTheDocument();
    expect(count()).toBe(t.selectedCount(0));
    expect(actionButton(t.moveToStopList)).toBeDisabled();
  });

  it('Stop-list shows inactive products under the categories that have one', async () => {
    await openStandardMenu();
    await userEvent.click(tab('Stop-list'));
    expect(names()).toEqual(['Kofe']);
    expect(screen.getAllByTestId('stop-list-category')).toHaveLength(1);
    expect(section('Ichimliklar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.removeFromStopList })).toBeInTheDocument();
  });

  it('says so when a tab is empty', async () => {
    open(fakeMenu([hot], [product('osh', 'Osh', 'hot')]).routes);
    await loaded();
    await userEvent.click(tab('Stop-list'));
    expect(screen.getByText(t.stopListEmpty)).toBeInTheDocument();
  });

  it('says "no available products" when everything is stopped', async () => {
    open(fakeMenu([hot], [product('osh', 'Osh', 'hot', false)]).routes);
    await loaded();
    expect(screen.getByText(t.noAvailableProducts)).toBeInTheDocument();
  });

  it('sends a restaurant with no products to Kategoriyalar', async () => {
    const view = open(fakeMenu([hot], []).routes);
    await userEvent.click(await screen.findByRole('link', { name: t.goToCategories }));
    expect(view.path()).toBe('/categoryList');
  });

  it('tells a manager without a restaurant so (and toasts no error)', async () => {
    open({ 'GET /manager/restaurants/me': answers.data(null) });
    expect(await screen.findByText(t.noRestaurantForManager)).toBeInTheDocument();
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    const menu = standardMenu();
    const { api } = open({ ...menu.routes, 'GET /manager/products': answers.error(500, 'internal') });
    expect(await screen.findByText(t.productsLoadError, { selector: '[role="alert"]' })).toBeInTheDocument();
    api.answer({ 'GET /manager/products': menu.routes['GET /manager/products']! });
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    await loaded();
  });
  it('a large menu shows a screenful first and then every product', async () => {
    const big = Array.from({ length: 6 }, (_, i) => fixtures.category({ _id: `k${i}`, title: `Katta ${i}` }));
    const many = big.flatMap((c) =>
      Array.from({ length: 50 }, (_, k) => product(`${c._id}-${k}`, `${c.title} taom ${k}`, c._id)),
    );
    open(fakeMenu(big, many).routes);
    await loaded();
    expect(screen.getAllByTestId('stop-list-product').length).toBeLessThan(300);
    await waitFor(() => expect(screen.getAllByTestId('stop-list-product')).toHaveLength(300));
    expect(screen.getAllByTestId('stop-list-category')).toHaveLength(6);
  });
});

describe('selection', () => {
  it('a category checkbox selects all, shows indeterminate for some, and clears', async () => {
    await openStandardMenu();
    await userEvent.click(categoryBox('Issiq taomlar'));
    expect(productBox('Osh')).toBeChecked();
    expect(productBox('Manti')).toBeChecked();
    expect(productBox('Somsa')).toBeChecked();
    expect(categoryBox('Issiq taomlar')).toBeChecked();
    expect(productBox("Ko'k choy")).not.toBeChecked();
    expect(count()).toBe(t.selectedCount(3));

    await userEvent.click(productBox('Manti'));
    expect(categoryBox('Issiq taomlar')).toBePartiallyChecked();
    expect(count()).toBe(t.selectedCount(2));

    // from "some", the category selects all again; from "all" it deselects all
    await userEvent.click(categoryBox('Issiq taomlar'));
    expect(categoryBox('Issiq taomlar')).toBeChecked();
    await userEvent.click(categoryBox('Issiq taomlar'));
    expect(categoryBox('Issiq taomlar')).not.toBeChecked();
    expect(categoryBox('Issiq taomlar')).not.toBePartiallyChecked();
    expect(count()).toBe(t.selectedCount(0));
  });

  it('ticking products one by one makes the category checked', async () => {
    await openStandardMenu();
    await userEvent.click(productBox("Ko'k choy"));
    expect(categoryBox('Ichimliklar')).toBeChecked();
    // a tap anywhere on the row ticks it (the row is the checkbox's label)
    await userEvent.click(screen.getByText('Osh'));
    expect(productBox('Osh')).toBeChecked();
    expect(categoryBox('Issiq taomlar')).toBePartiallyChecked();
  });

  it('keeps the open tab in the address', async () => {
    const view = openPage(<StopListPage />, '/ProductStopList?tab=stop-list', {
      path: ROUTES.manager.stopList,
      as: 'manager',
      answers: standardMenu().routes,
    });
    await loaded();
    expect(tab('Stop-list')).toHaveAttribute('aria-selected', 'true');
    expect(names()).toEqual(['Kofe']);
    await userEvent.click(tab('Mavjud'));
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', "Ko'k choy"]);
    await waitFor(() => expect(view.path()).toBe('/ProductStopList'));
    await userEvent.click(tab('Stop-list'));
    await waitFor(() => expect(view.path()).toBe('/ProductStopList?tab=stop-list'));
  });

  it('clears when the tab changes, both ways', async () => {
    await openStandardMenu();
    await userEvent.click(categoryBox('Issiq taomlar'));
    expect(count()).toBe(t.selectedCount(3));
    await userEvent.click(tab('Stop-list'));
    expect(count()).toBe(t.selectedCount(0));
    await userEvent.click(productBox('Kofe'));
    expect(count()).toBe(t.selectedCount(1));
    await userEvent.click(tab('Mavjud'));
    expect(count()).toBe(t.selectedCount(0));
    expect(productBox('Osh')).not.toBeChecked();
  });

  it('with a search, a category checkbox acts on the visible products only', async () => {
    await openStandardMenu();
    await userEvent.type(screen.getByRole('searchbox', { name: t.searchProducts }), 'o');
    // "o" matches Osh, Somsa, Ko'k choy; Manti is hidden
    await waitFor(() => expect(names()).toEqual(['Osh', 'Somsa', "Ko'k choy"]));
    await userEvent.click(categoryBox('Issiq taomlar'));
    expect(categoryBox('Issiq taomlar')).toBeChecked();
    expect(count()).toBe(t.selectedCount(2));
    await userEvent.clear(screen.getByRole('searchbox', { name: t.searchProducts }));
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(productBox('Manti')).not.toBeChecked();
    expect(categoryBox('Issiq taomlar')).toBePartiallyChecked();
  });

  it('a selected product hidden by the search stays selected, and the count says it is hidden', async () => {
    await openStandardMenu();
    await userEvent.click(productBox('Manti'));
    const search = screen.getByRole('searchbox', { name: t.searchProducts });
    await userEvent.type(search, 'osh');
    await waitFor(() => expect(names()).toEqual(['Osh']));
    await userEvent.click(productBox('Osh'));
    expect(count()).toBe(t.selectedCount(2));
    expect(screen.getByText(t.selectedHiddenBySearch(1))).toBeInTheDocument();
    await userEvent.type(search, 'xyz');
    expect(await screen.findByText(t.noSearchResults)).toBeInTheDocument();
    expect(count()).toBe(t.selectedCount(2));
  });

  it('a category folds and unfolds its products', async () => {
    await openStandardMenu();
    const toggle = within(section('Issiq taomlar')).getByRole('button', { name: /Issiq taomlar/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(names()).toEqual(["Ko'k choy"]);
    await userEvent.click(toggle);
    expect(names()).toHaveLength(4);
  });
});

describe('the action', () => {
  it('stops a whole category in one call; it moves to Stop-list with its category, as answered', async () => {
    const menu = standardMenu();
    const { api } = open(menu.routes);
    await loaded();
    await userEvent.click(categoryBox('Issiq taomlar'));
    await userEvent.click(actionButton(t.moveToStopList));
    expect(await screen.findByText(t.movedToStopList)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.path).toBe('/manager/stop-list');
    expect(api.writes()[0]!.body).toEqual({ product_ids: ['osh', 'manti', 'somsa'], action: 'stop' });
    // Mavjud without them, the selection cleared, no list refetched
    await waitFor(() => expect(names()).toEqual(["Ko'k choy"]));
    expect(count()).toBe(t.selectedCount(0));
    expect(api.callsTo('GET /manager/products')).toHaveLength(1);
    await userEvent.click(tab('Stop-list'));
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', 'Kofe']);
    expect(menu.categories.find((c) => c._id === 'hot')?.is_active).toBe(false);
  });

  it('taking one product out brings its category back to Mavjud', async () => {
    const menu = fakeMenu(
      [hot, drinks],
      [
        product('osh', 'Osh', 'hot', false),
        product('manti', 'Manti', 'hot', false),
        product('choy', 'Choy', 'drinks'),
      ],
    );
    menu.categories = menu.categories.map((c) => (c._id === 'hot' ? { ...c, is_active: false } : c));
    const { api } = open(menu.routes);
    await loaded();
    expect(screen.queryByRole('region', { name: 'Issiq taomlar' })).not.toBeInTheDocument();
    await userEvent.click(tab('Stop-list'));
    await userEvent.click(productBox('Manti'));
    await userEvent.click(actionButton(t.removeFromStopList));
    expect(await screen.findByText(t.removedFromStopList)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ product_ids: ['manti'], action: 'resume' });
    await waitFor(() => expect(names()).toEqual(['Osh']));
    await userEvent.click(tab('Mavjud'));
    expect(within(section('Issiq taomlar')).getAllByTestId('stop-list-product')).toHaveLength(1);
    expect(names()).toEqual(['Manti', 'Choy']);
  });

  it('an active product of a category switched off shows on Mavjud under it, marked, and can be stopped', async () => {
    const menu = fakeMenu([hot, drinks], [product('osh', 'Osh', 'hot'), product('choy', 'Choy', 'drinks')]);
    // its manager switched the category off: guests see none of it, the stop-list still does
    menu.categories = menu.categories.map((c) => (c._id === 'hot' ? { ...c, is_active: false } : c));
    const { api } = open(menu.routes);
    await loaded();
    const hidden = section('Issiq taomlar');
    expect(within(hidden).getByText(t.categoryOff)).toBeInTheDocument();
    expect(within(section('Ichimliklar')).queryByText(t.categoryOff)).not.toBeInTheDocument();
    await userEvent.click(productBox('Osh'));
    await userEvent.click(actionButton(t.moveToStopList));
    expect(await screen.findByText(t.movedToStopList)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ product_ids: ['osh'], action: 'stop' });
    await waitFor(() => expect(names()).toEqual(['Choy']));
  });

  it('shows what the server answered, not what was asked', async () => {
    const menu = standardMenu();
    // the server changed only Osh (Manti, say, was taken out on another phone meanwhile)
    const stoppedOsh = { ...menu.products[0]!, is_active: false };
    const { api } = open({
      ...menu.routes,
      'POST /manager/stop-list': answers.data({ products: [stoppedOsh], categories: [] }),
    });
    await loaded();
    await userEvent.click(productBox('Osh'));
    await userEvent.click(productBox('Manti'));
    await userEvent.click(actionButton(t.moveToStopList));
    await screen.findByText(t.movedToStopList);
    expect(api.writes()[0]!.body).toEqual({ product_ids: ['osh', 'manti'], action: 'stop' });
    await waitFor(() => expect(names()).toEqual(['Manti', 'Somsa', "Ko'k choy"]));
  });

  it('a failure toasts in Uzbek and changes nothing on either tab', async () => {
    const menu = standardMenu();
    const { api } = open({ ...menu.routes, 'POST /manager/stop-list': answers.error(500, 'internal') });
    await loaded();
    await userEvent.click(categoryBox('Issiq taomlar'));
    await userEvent.click(actionButton(t.moveToStopList));
    expect(await screen.findByText(t.stopListError)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', "Ko'k choy"]);
    // the selection is kept for another try
    expect(count()).toBe(t.selectedCount(3));
    await userEvent.click(tab('Stop-list'));
    expect(names()).toEqual(['Kofe']);
  });

  it('a network failure (server down) is the same error', async () => {
    const menu = standardMenu();
    open({ ...menu.routes, 'POST /manager/stop-list': new TypeError('Failed to fetch') });
    await loaded();
    await userEvent.click(productBox('Osh'));
    await userEvent.click(actionButton(t.moveToStopList));
    expect(await screen.findByText(t.stopListError)).toBeInTheDocument();
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', "Ko'k choy"]);
  });

  it('a second tap while the call runs sends nothing, and the screen waits for the answer', async () => {
    const menu = standardMenu();
    const { api } = open(menu.routes);
    const held = api.hold('POST /manager/stop-list');
    await loaded();
    await userEvent.click(productBox('Osh'));
    const button = actionButton(t.moveToStopList);
    act(() => {
      button.click();
      button.click();
    });
    await userEvent.click(button);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    // no optimistic change while the answer is out
    expect(names()).toEqual(['Osh', 'Manti', 'Somsa', "Ko'k choy"]);
    held.release();
    await screen.findByText(t.movedToStopList);
    await waitFor(() => expect(names()).toEqual(['Manti', 'Somsa', "Ko'k choy"]));
    expect(api.writes()).toHaveLength(1);
  });
});

describe('warming up', () => {
  it("loading the module as a manager (the shell's prefetch at idle) loads the screen's data", async () => {
    const api = stubApi(standardMenu().routes);
    signInAs('manager');
    vi.resetModules();
    await import('../src/StopListPage');
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
        'GET /manager/category',
        'GET /manager/products',
        'GET /manager/restaurants/me',
      ]),
    );
  });

  it('loading it as another role loads nothing', async () => {
    const api = stubApi(standardMenu().routes);
    signInAs('admin');
    vi.resetModules();
    await import('../src/StopListPage');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toEqual([]);
  });
});

describe('accessibility', () => {
  it('both tabs, with a selection, pass axe and have one h1', async () => {
    await openStandardMenu();
    await userEvent.click(productBox('Manti'));
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(tab('Stop-list'));
    expect(await axeViolations()).toEqual([]);
  });

  it('the empty states pass axe', async () => {
    open(fakeMenu([hot], []).routes);
    await screen.findByRole('link', { name: t.goToCategories });
    expect(await axeViolations()).toEqual([]);
  });
});

describe("the kitchen's Stop-list", () => {
  it("stops a dish that ran out without reading the restaurant card (not the kitchen's); axe clean", async () => {
    const menu = standardMenu();
    // the card is the owners': the server answers the kitchen 403 there
    const { api } = open(
      { ...menu.routes, 'GET /manager/restaurants/me': answers.error(403, 'forbidden') },
      'kitchen',
    );
    await loaded();
    expect(api.callsTo('GET /manager/restaurants/me')).toHaveLength(0);
    await userEvent.click(productBox('Manti'));
    await userEvent.click(actionButton(t.moveToStopList));
    expect(await screen.findByText(t.movedToStopList)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ product_ids: ['manti'], action: 'stop' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a restaurant without products says so, with no link into the catalog', async () => {
    open(
      { ...fakeMenu([], []).routes, 'GET /manager/restaurants/me': answers.error(403, 'forbidden') },
      'kitchen',
    );
    expect(await screen.findByText(t.noProductsYet)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.goToCategories })).toBeNull();
  });
});
