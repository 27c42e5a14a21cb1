/**
 * 'Tarjima qilinmaganlar' (docs/SCREENS.md, "Untranslated texts"): everything still untranslated of a restaurant in one
 * language, each item saved on its own with only that language's fields; markers on the lists.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CategoryListPage from '../src/categories/CategoryListPage';
import { untranslatedItems } from '../src/translations/model';
import UntranslatedPage from '../src/translations/UntranslatedPage';

const restaurant = fixtures.restaurant({
  _id: 'r1',
  slug: 'rayhon',
  address: 'Toshkent',
  work_time: '09:00-23:00',
  translations: { ru: { address: 'Ташкент', work_time: 'с 9 до 23' } },
});
const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', translations: { ru: { title: 'Салаты' } } });
const drinks = fixtures.category({ _id: 'c2', title: 'Ichimliklar' });
const osh = fixtures.product({
  _id: 'p1',
  name: 'Osh',
  description: '',
  translations: { ru: { name: 'Плов' }, en: { name: 'Pilaf' } },
});
const size = {
  ...fixtures.productOption({ _id: 'o1', product_id: 'p1', name: 'Hajmi' }),
  rows: [fixtures.optionRow({ _id: 'or1', product_option_id: 'o1', name: 'Katta' })],
};

const stub = (extra = {}) =>
  stubApi({
    'GET /manager/restaurants/me': answers.data(restaurant),
    'GET /manager/category': answers.counted([salads, drinks]),
    'GET /manager/products': answers.counted([osh]),
    'GET /manager/restaurant-options': answers.data([size]),
    ...extra,
  });

const asManager = () =>
  renderAtRoute(<UntranslatedPage />, ROUTES.manager.untranslated, {
    path: ROUTES.manager.untranslated,
    as: 'manager',
  });

describe('untranslatedItems', () => {
  const catalog = { restaurant, categories: [salads, drinks], products: [osh], options: [size] };
  it('lists per language what a field filled in Uzbek lacks, with context', () => {
    const ru = untranslatedItems(catalog, 'ru');
    expect(ru.map((i) => `${i.kind}:${i.id}`)).toEqual(['category:c2', 'option:o1', 'optionRow:or1']);
    expect(ru[2]?.context).toBe('Osh · Hajmi');
    const en = untranslatedItems(catalog, 'en');
    expect(en.map((i) => `${i.kind}:${i.id}`)).toEqual([
      'restaurant:r1',
      'category:c1',
      'category:c2',
      'option:o1',
      'optionRow:or1',
    ]);
    // an empty Uzbek description needs no translation
    expect(en.find((i) => i.kind === 'product')).toBeUndefined();
  });
});

describe('Tarjima qilinmaganlar', () => {
  it('lists the Russian gaps, saves one item with only its Russian field, and is accessible', async () => {
    const api = stub({
      'PUT /manager/category/update/c2': answers.data({
        ...drinks,
        translations: { ru: { title: 'Напитки' } },
      }),
    });
    asManager();
    expect(await screen.findByRole('heading', { level: 1, name: t.translations.title })).toBeInTheDocument();
    const list = await screen.findByTestId('untranslated-list');
    expect(within(list).getAllByTestId('untranslated-item')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: /Русский/ })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET /manager/restaurant-options')[0]!.search.has('restaurant_id')).toBe(false);

    const form = screen.getByRole('form', { name: `${t.translations.kinds.category}: Ichimliklar` });
    const input = within(form).getByRole('textbox');
    expect(input).toHaveAttribute('lang', 'ru');
    await userEvent.type(input, 'Напитки');
    await userEvent.click(within(form).getByRole('button', { name: t.save }));
    await waitFor(() => expect(api.callsTo('PUT /manager/category/update/c2')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/category/update/c2')[0]!.body).toEqual({
      translations: { ru: { title: 'Напитки' } },
    });
    expect(await screen.findByText(t.translations.saved)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("switches to English: the restaurant's address and hours, saved by slug", async () => {
    const api = stub({ 'PUT /manager/restaurants/update': answers.data(restaurant) });
    asManager();
    await screen.findByTestId('untranslated-list');
    await userEvent.click(screen.getByRole('tab', { name: /English/ }));
    const form = await screen.findByRole('form', { name: `${t.translations.kinds.restaurant}: Toshkent` });
    const [address, hours] = within(form).getAllByRole('textbox');
    await userEvent.type(address!, 'Tashkent');
    await userEvent.type(hours!, '9 am to 11 pm');
    await userEvent.click(within(form).getByRole('button', { name: t.save }));
    await waitFor(() => expect(api.callsTo('PUT /manager/restaurants/update')).toHaveLength(1));
    const call = api.callsTo('PUT /manager/restaurants/update')[0]!;
    expect(call.search.get('slug')).toBe('rayhon');
    expect(call.body).toEqual({ translations: { en: { address: 'Tashkent', work_time: '9 am to 11 pm' } } });
  });
});

describe('the category list', () => {
  it('marks the rows still missing a translation and links to the screen', async () => {
    stub();
    const view = renderAtRoute(<CategoryListPage />, ROUTES.manager.categories, {
      as: 'manager',
      routes: { [ROUTES.manager.untranslated]: <p>tarjimalar sahifasi</p> },
    });
    await screen.findByText('Ichimliklar');
    const rows = screen.getAllByTestId('category-row');
    expect(within(rows[0]!).getByTestId('missing-translations')).toHaveTextContent('EN');
    expect(within(rows[1]!).getByTestId('missing-translations')).toHaveTextContent('RU EN');
    expect(within(rows[1]!).getByText(/Русский/)).toHaveAttribute('lang', 'ru');
    await userEvent.click(await screen.findByRole('link', { name: t.translations.open }));
    expect(view.path()).toBe('/untranslated');
  });
});
