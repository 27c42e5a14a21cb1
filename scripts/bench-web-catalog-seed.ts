/**
 * bench:web's catalog restaurant: the bench's big menu (api/bench/big-menu.ts: 40 categories,
 * 1,000 products with pictures and options) written into an existing restaurant of the running
 * server's SQLite database, with its products spread so that the first category holds 200 and
 * the other 39 share the other 800. Prints the first category's id and title as JSON. Run with
 * tsx: `tsx scripts/bench-web-catalog-seed.ts <DATA_DIR> <restaurant id>`.
 */
import { bigMenuRows, insertMenuRows } from '../api/bench/big-menu';
import { connect } from '../api/src/db';

export const BIG_CATEGORY_PRODUCTS = 200;

const [dataDir, restaurantId] = process.argv.slice(2);
if (!dataDir || !restaurantId) throw new Error('usage: bench-web-catalog-seed.ts <DATA_DIR> <restaurant id>');

const rows = bigMenuRows(restaurantId);
const [big, ...others] = rows.categories;
if (!big) throw new Error('the big menu has no category');
rows.products.forEach((product, n) => {
  product.category_id =
    n < BIG_CATEGORY_PRODUCTS ? big.id : others[(n - BIG_CATEGORY_PRODUCTS) % others.length]!.id;
});

const { db, close } = await connect({ dataDir });
try {
  await insertMenuRows(db, rows);
} finally {
  await close();
}
console.log(
  JSON.stringify({
    categories: rows.categories.length,
    products: rows.products.length,
    bigCategory: { id: big.id, title: big.title, products: BIG_CATEGORY_PRODUCTS },
  }),
);
