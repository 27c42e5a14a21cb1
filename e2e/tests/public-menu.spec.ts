/**
 * The guests' menu page `/m/<slug>` in a phone-sized Chromium with JavaScript off: the whole
 * menu is there, the sticky category row scrolls to each category with plain anchors, pictures
 * keep their box, an unknown slug shows the Uzbek 404, and an old slug lands on the new one.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, baseURL, creator, unique } from './support';

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } });

interface Made {
  slug: string;
  categories: { id: string; title: string }[];
}

/** A restaurant with three categories of eight products each, written through the API. */
async function makeMenu(request: APIRequestContext, token: string): Promise<Made> {
  const create = creator(request, token);
  const slug = unique('menyu');
  const restaurantId = await create('admin/restaurants/create', {
    name: 'Choyxona <Bahor>',
    slug,
    address: 'Toshkent, Chilonzor 1',
    phone_number: '+998 71 100 20 30',
    work_time: '09:00-22:00',
    is_active: true,
  });
  const categories: Made['categories'] = [];
  for (const title of ['Salatlar', 'Issiq taomlar', 'Ichimliklar']) {
    const id = await create('manager/category/create', {
      title,
      restaurant_id: restaurantId,
      is_active: true,
    });
    categories.push({ id, title });
    for (let i = 1; i <= 8; i++) {
      await create('manager/products', {
        name: `${title} ${i}`,
        category_id: id,
        description: 'Yangi masalliqlardan',
        price: 25000 + i * 1000,
        is_active: true,
      });
    }
  }
  return { slug, categories };
}

test('the whole menu works without JavaScript; the category row scrolls to each category', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const menu = await makeMenu(request, token);
  const res = await page.goto(`/m/${menu.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle('Choyxona <Bahor> — Menyu');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choyxona <Bahor>');
  // (their order is the API suite's business: rows made in one millisecond may tie here)
  expect((await page.getByRole('heading', { level: 2 }).allTextContents()).sort()).toEqual(
    menu.categories.map((c) => c.title).sort(),
  );
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(24);
  await expect(page.getByText("26 000 so'm").first()).toBeVisible();
  await expect(page.getByRole('link', { name: '+998 71 100 20 30' })).toHaveAttribute(
    'href',
    'tel:+998711002030',
  );

  const nav = page.getByRole('navigation', { name: 'Menyu kategoriyalari' });
  const last = menu.categories[2]!;
  await nav.getByRole('link', { name: last.title }).click();
  await expect(page).toHaveURL(new RegExp(`#cat-${last.id}$`));
  const heading = page.getByRole('heading', { level: 2, name: last.title });
  await expect(heading).toBeInViewport();
  // the row stays stuck at the top and does not hide the category it scrolled to
  const navBox = (await nav.boundingBox())!;
  expect(Math.round(navBox.y)).toBe(0);
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(navBox.height);
  // links and chips are comfortable touch targets
  for (const link of await nav.getByRole('link').all()) {
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});

test('an unknown restaurant shows the Uzbek 404 page; an old slug lands on the new one', async ({
  page,
  request,
}) => {
  const missing = await page.goto('/m/bunday-restoran-yoq');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sahifa topilmadi');
  await expect(page.getByText('Bu restoran menyusi topilmadi')).toBeVisible();

  const token = await apiToken(request);
  const menu = await makeMenu(request, token);
  const renamed = `${menu.slug}-yangi`;
  const put = await request.put(`${baseURL()}/api/manager/restaurants/update?slug=${menu.slug}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { slug: renamed },
  });
  expect(put.status()).toBe(200);
  await page.goto(`/m/${menu.slug}?stol=3`);
  await expect(page).toHaveURL(`${baseURL()}/m/${renamed}?stol=3`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choyxona <Bahor>');
});
