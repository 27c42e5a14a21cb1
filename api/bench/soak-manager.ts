/**
 * One manager's part of the soak: a loop of rounds, each creating, changing, stopping and
 * resuming, uploading, reading and deleting things of its own restaurant; now and then the admin
 * deletes the whole restaurant and creates a new one for it.
 */
import { answers, productImage, restaurantUploadResult } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { type CallOptions, call, errorSamples, SoakFailure, soak, stats } from './soak-client';

/** A manager keeps at most this many products; above it, it deletes a category (with its products). */
const MAX_PRODUCTS = 240;

const productImagesAnswer = z.object({ data: z.array(productImage) });

// a 1x1 PNG: uploads are checked by content
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sample = <T>(xs: readonly T[], n: number): T[] => {
  const copy = [...xs];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
};

interface Product {
  id: string;
  categoryId: string;
}

export class ManagerLoad {
  token = '';
  restaurantId = '';
  slug = '';
  categories: string[] = [];
  products: Product[] = [];
  round = 0;
  restaurantsMade = 0;

  constructor(
    private readonly server: { url: string },
    private readonly n: number,
    private readonly managerId: string,
    private readonly login: string,
    private readonly password: string,
    private readonly adminToken: () => string,
  ) {}

  private call<S extends z.ZodType>(op: string, method: string, path: string, options: CallOptions<S>) {
    return call(this.server, op, method, path, { token: this.token, ...options });
  }

  async signIn(): Promise<void> {
    const { data } = await call(this.server, 'POST /auth/login', 'POST', '/auth/login', {
      json: { login: this.login, password: this.password },
      schema: answers.login,
    });
    this.token = data.accessToken;
  }

  /** A new restaurant for this manager (the first, or after the old one was deleted). */
  async newRestaurant(): Promise<void> {
    this.restaurantsMade += 1;
    const slug = `soak-${this.n}-${this.restaurantsMade}-${Date.now().toString(36)}`;
    const { data } = await call(
      this.server,
      'POST /admin/restaurants/create',
      'POST',
      '/admin/restaurants/create',
      {
        token: this.adminToken(),
        json: {
          name: `Soak restoran ${this.n}`,
          slug,
          address: 'Toshkent',
          phone_number: '+998901234567',
          work_time: '09:00-23:00',
          manager_id: this.managerId,
        },
        expect: 201,
        schema: answers.restaurant,
      },
    );
    this.restaurantId = data._id;
    this.slug = data.slug;
    this.categories = [];
    this.products = [];
  }

  async run(deadline: number): Promise<void> {
    await this.signIn();
    await this.newRestaurant();
    while (!soak.stopping && Date.now() < deadline) {
      try {
        await this.oneRound();
      } catch (err) {
        if (!(err instanceof SoakFailure)) throw err;
        // the failure is counted; start over from what the server says is there
        if (!soak.stopping) await this.resync().catch(() => undefined);
      }
    }
  }

  private async resync(): Promise<void> {
    const { data } = await this.call('GET /manager/restaurants/me', 'GET', '/manager/restaurants/me', {
      schema: answers.myRestaurant,
    });
    if (!data) return this.newRestaurant();
    this.restaurantId = data._id;
    this.slug = data.slug;
    const cats = await this.call('GET /manager/category', 'GET', '/manager/category', {
      schema: answers.managerCategories,
    });
    this.categories = cats.data.map((c) => c._id);
    const prods = await this.call('GET /manager/products', 'GET', '/manager/products', {
      schema: answers.managerProducts,
    });
    this.products = prods.data.map((p) => ({ id: p._id, categoryId: p.category_id }));
  }

  private async oneRound(): Promise<void> {
    this.round += 1;
    if (this.round % 25 === 0) await this.signIn();
    await this.call('GET /auth/profile', 'GET', '/auth/profile', { schema: answers.profile });

    // categories and products
    for (let i = 0; i < 2; i++) {
      const { data } = await this.call('POST /manager/category/create', 'POST', '/manager/category/create', {
        json: { title: `Kategoriya ${this.round}-${i}`, restaurant_id: this.restaurantId, is_active: true },
        expect: 201,
        schema: answers.category,
      });
      this.categories.push(data._id);
    }
    for (let i = 0; i < 12; i++) {
      const categoryId = pick(this.categories);
      const { data } = await this.call('POST /manager/products', 'POST', '/manager/products', {
        json: {
          name: `Mahsulot ${this.round}-${i}`,
          category_id: categoryId,
          description: 'Issiq holda beriladi',
          price: 10_000 + i * 500,
          is_active: true,
        },
        expect: 201,
        schema: answers.productCreated,
      });
      this.products.push({ id: data.id, categoryId });
    }
    for (const p of sample(this.products, 5)) {
      await this.call('PUT /manager/products/{id}', 'PUT', `/manager/products/${p.id}`, {
        json: { price: Math.round(Math.random() * 100_000), name: `Mahsulot ${this.round}` },
        schema: answers.product,
      });
    }

    // options and rows
    for (const p of sample(this.products, 3)) {
      const option = await this.call('POST /manager/product-option', 'POST', '/manager/product-option', {
        json: { product_id: p.id, name: 'Hajmi' },
        expect: 201,
        schema: answers.option,
      });
      const rows: string[] = [];
      for (let r = 0; r < 2; r++) {
        const row = await this.call(
          'POST /manager/product-option-row',
          'POST',
          '/manager/product-option-row',
          {
            json: { product_option_id: option.data._id, name: `Variant ${r}`, price: r * 2000 },
            expect: 201,
            schema: answers.optionRow,
          },
        );
        rows.push(row.data._id);
      }
      await this.call(
        'PUT /manager/product-option/{id}',
        'PUT',
        `/manager/product-option/${option.data._id}`,
        {
          json: { name: "Qo'shimcha" },
          schema: answers.option,
        },
      );
      await this.call(
        'PUT /manager/product-option-row/{id}',
        'PUT',
        `/manager/product-option-row/${rows[0]}`,
        {
          json: { price: 3000 },
          schema: answers.optionRow,
        },
      );
      await this.call(
        'DELETE /manager/product-option-row/{id}',
        'DELETE',
        `/manager/product-option-row/${rows[1]}`,
        {
          schema: answers.deleted,
        },
      );
      const left = await this.call(
        'GET /manager/product-option-row/{id}',
        'GET',
        `/manager/product-option-row/${option.data._id}`,
        {
          schema: answers.optionRows,
        },
      );
      if (left.data.length !== 1) throw this.wrong('option rows', `${left.data.length} rows, expected 1`);
      const options = await this.call(
        'GET /manager/product-option/product/{productId}',
        'GET',
        `/manager/product-option/product/${p.id}`,
        {
          schema: answers.options,
        },
      );
      if (this.round % 2 === 0) {
        await this.call(
          'DELETE /manager/product-option/{id}',
          'DELETE',
          `/manager/product-option/${pick(options.data)._id}`,
          {
            schema: answers.deleted,
          },
        );
      }
    }

    // the stop-list: a batch of varying size (up to 200) out, then back
    const batch = sample(this.products, 1 + Math.floor(Math.random() * Math.min(200, this.products.length)));
    const ids = batch.map((p) => p.id);
    const stopped = await this.call('POST /manager/stop-list (stop)', 'POST', '/manager/stop-list', {
      json: { product_ids: ids, action: 'stop' },
      schema: answers.stopList,
    });
    if (stopped.data.products.some((p) => p.is_active))
      throw this.wrong('stop-list', 'a stopped product is active');
    const resumed = await this.call('POST /manager/stop-list (resume)', 'POST', '/manager/stop-list', {
      json: { product_ids: ids, action: 'resume' },
      schema: answers.stopList,
    });
    if (resumed.data.products.length !== stopped.data.products.length) {
      throw this.wrong(
        'stop-list',
        `${stopped.data.products.length} stopped, ${resumed.data.products.length} resumed`,
      );
    }

    // uploads: product images, the restaurant's picture or logo
    const productForm = new FormData();
    const target = pick(this.products);
    productForm.set('product_id', target.id);
    for (let f = 0; f < 1 + (this.round % 3); f++)
      productForm.append('files', new Blob([PNG], { type: 'image/png' }), 'p.png');
    await this.call('POST /manager/upload (product)', 'POST', '/manager/upload', {
      form: productForm,
      schema: productImagesAnswer,
    });
    const restaurantForm = new FormData();
    restaurantForm.set('restaurant_id', this.restaurantId);
    restaurantForm.set('type', this.round % 2 ? 'image' : 'logotype');
    restaurantForm.append('files', new Blob([PNG], { type: 'image/png' }), 'r.png');
    await this.call('POST /manager/upload (restaurant)', 'POST', '/manager/upload', {
      form: restaurantForm,
      schema: restaurantUploadResult,
    });
    await this.call(
      'PUT /manager/restaurants/update',
      'PUT',
      `/manager/restaurants/update?slug=${this.slug}`,
      {
        json: { work_time: `0${this.round % 10}:00-23:00` },
        schema: answers.restaurant,
      },
    );

    // reads: public (anonymous) and the manager's own
    const anonymous = { token: '' };
    await this.call('GET /user/products/', 'GET', `/user/products/?restaurant_id=${this.restaurantId}`, {
      ...anonymous,
      schema: answers.userProducts,
    });
    await this.call(
      'GET /user/products/ (category)',
      'GET',
      `/user/products/?restaurant_id=${this.restaurantId}&category_id=${pick(this.products).categoryId}`,
      {
        ...anonymous,
        schema: answers.userProducts,
      },
    );
    for (let i = 0; i < 3; i++) {
      await this.call('GET /user/products/{id}', 'GET', `/user/products/${pick(this.products).id}`, {
        ...anonymous,
        schema: answers.productDetail,
      });
    }
    await this.call('GET /user/category', 'GET', `/user/category?restaurant_id=${this.restaurantId}`, {
      ...anonymous,
      schema: answers.userCategories,
    });
    await this.call('GET /user/restaurants/view', 'GET', `/user/restaurants/view?slug=${this.slug}`, {
      ...anonymous,
      schema: answers.restaurantView,
    });
    const mine = await this.call('GET /manager/products', 'GET', '/manager/products', {
      schema: answers.managerProducts,
    });
    if (mine.count !== this.products.length) {
      throw this.wrong('manager products', `${mine.count} on the server, ${this.products.length} made`);
    }
    await this.call('GET /manager/category', 'GET', '/manager/category', {
      schema: answers.managerCategories,
    });
    await this.call('GET /manager/restaurants/me', 'GET', '/manager/restaurants/me', {
      schema: answers.myRestaurant,
    });

    // deletes: a few products, and a whole category when the menu is large
    for (const p of sample(this.products, 3)) {
      await this.call('DELETE /manager/products/{id}', 'DELETE', `/manager/products/${p.id}`, {
        schema: answers.deleted,
      });
      this.products = this.products.filter((x) => x.id !== p.id);
    }
    while (this.products.length > MAX_PRODUCTS) {
      const categoryId = this.categories.shift()!;
      await this.call(
        'DELETE /manager/category/delete/{id}',
        'DELETE',
        `/manager/category/delete/${categoryId}`,
        {
          schema: answers.deleted,
        },
      );
      this.products = this.products.filter((p) => p.categoryId !== categoryId);
    }

    // the admin: its lists; now and then this restaurant goes, with everything in it
    if (this.round % 5 === 0) {
      await call(this.server, 'GET /admin/restaurants', 'GET', '/admin/restaurants', {
        token: this.adminToken(),
        schema: answers.adminRestaurants,
      });
      await call(this.server, 'GET /admin/managers', 'GET', '/admin/managers', {
        token: this.adminToken(),
        schema: answers.managers,
      });
    }
    if (this.round % 40 === 0) {
      const bySlug = this.round % 80 === 0;
      await call(
        this.server,
        bySlug ? 'DELETE /admin/restaurants/delete' : 'DELETE /manager/restaurants/delete',
        'DELETE',
        bySlug
          ? `/admin/restaurants/delete?slug=${this.slug}`
          : `/manager/restaurants/delete?restaurantId=${this.restaurantId}`,
        { token: this.adminToken(), schema: answers.deleted },
      );
      await this.newRestaurant();
    }
  }

  private wrong(what: string, detail: string): SoakFailure {
    if (errorSamples.length < 20) errorSamples.push(`${what}: ${detail}`);
    const s = stats.get(`check: ${what}`) ?? { count: 0, errors: 0, serverErrors: 0, ms: [] };
    s.count += 1;
    s.errors += 1;
    stats.set(`check: ${what}`, s);
    return new SoakFailure(detail);
  }
}
