// The photographed menu that bench:photos and bench:web-guest measure: a restaurant of 40
// products in 4 categories, made through the API of a production server (its admin, a manager,
// the restaurant, the categories and products), each product then given its own phone photo by
// the caller (`upload`), and a table that takes orders (`openTable`).

import { call, managerRestaurant } from './bench-api.mjs';

export const PRODUCTS = 40;
export const MANAGER = { login: 'bench-rasm', password: 'bench-rasm-12345' };

/** Uploads one photo (a product's, or a restaurant's cover or logo); resolves with its time in ms. */
export async function upload(base, token, fields, photo) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.JPG');
  const started = performance.now();
  const res = await fetch(`${base}/api/manager/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  await res.json();
  return performance.now() - started;
}

/** The restaurant, its manager's token, its categories and its products' ids (no photos yet). */
export async function seedMenu(base, admin) {
  const { restaurant, token } = await managerRestaurant(base, admin, MANAGER, {
    name: 'Rasmli Oshxona',
    slug: 'rasmli-oshxona',
    address: 'Toshkent, Chilonzor 1',
  });
  const categories = [];
  for (const title of ['Issiq taomlar', 'Salatlar', 'Ichimliklar', 'Shirinliklar']) {
    categories.push(
      (
        await call(base, 'manager/category/create', {
          token,
          body: { title, restaurant_id: restaurant._id, is_active: true },
        })
      ).data,
    );
  }
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const created = await call(base, 'manager/products', {
      token,
      body: {
        name: `Taom ${i + 1}`,
        category_id: categories[i % categories.length]._id,
        description: 'Mol go‘shti, sabzi, guruch, ziravorlar',
        price: 25000 + i * 1000,
        is_active: true,
      },
    });
    products.push(created.data.id);
  }
  return { token, restaurant, categories, products };
}

/** A table named `name` that takes orders, in a restaurant that does: its page's address. */
export async function openTable(base, { token, restaurant }, name) {
  const [table] = (
    await call(base, 'manager/placements', {
      token,
      body: { restaurant_id: restaurant._id, names: [name] },
    })
  ).data;
  await call(base, 'manager/ordering', {
    token,
    method: 'PUT',
    body: { takes_orders: true, placements: [{ _id: table._id, takes_orders: true }] },
  });
  return `${base}/m/${restaurant.slug}?p=${table._id}`;
}
