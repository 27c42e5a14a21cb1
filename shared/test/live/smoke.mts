import { ApiError, api, changedFields } from '../../src/api';
import { setRuntimeConfig } from '../../src/runtime-config';
import { getAccessToken, signIn } from '../../src/session';

/**
 * Live smoke run of every `api.*` call against a running server (not part of `vitest run`):
 *   DATA_DIR=$(mktemp -d) PORT=18081 ADMIN_LOGIN=admin ADMIN_PASSWORD=secret123 \
 *     INTEGRATION_FEED_URL=file://<feed with restaurant ext-1> pnpm --filter @qrmenu/api dev
 *   cd shared && API_BASE=http://127.0.0.1:18081/api ../api/node_modules/.bin/tsx test/live/smoke.mts
 * Uses an empty database (creates managers ali/vali, restaurant slug rayhon).
 */
setRuntimeConfig({ apiBase: process.env.API_BASE ?? 'http://127.0.0.1:18081/api' });
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'secret123';
const log = (...a: unknown[]) => console.log(...a);
const bad = await api.auth.login({ login: 'admin', password: 'nope' }).catch((e) => e);
log('bad login', bad instanceof ApiError, bad.status, bad.code);
const { accessToken } = await api.auth.login({
  login: process.env.ADMIN_LOGIN ?? 'admin',
  password: ADMIN_PASSWORD,
});
signIn(accessToken);
const me = await api.auth.profile();
log('profile', me.login, me.role);
const mgr = await api.managers.create({ login: 'ali', password: 'secret123' });
log('manager', mgr);
const r = await api.restaurants.create({
  name: 'Rayhon',
  slug: 'rayhon',
  address: 'Toshkent',
  phone_number: '+998',
  work_time: '9-23',
  manager_id: mgr._id,
});
log('created', r.slug, r.type, r.is_active);
const dup = await api.restaurants
  .create({ name: 'X', slug: 'rayhon', address: 'a', phone_number: '1', work_time: '1' })
  .catch((e) => e);
log('dup', dup.status, dup.code, dup.message);
const val = await api.restaurants
  .create({ name: '', slug: 'Bad Slug', address: 'a', phone_number: '1', work_time: '1' })
  .catch((e) => e);
log('validation', val.status, val.code, JSON.stringify(val.details));
const changed = changedFields(r, { ...r, name: 'Rayhon 2' });
log('changed', changed, await api.restaurants.update('rayhon', changed as never).then((x) => x.name));
const list = await api.restaurants.adminList();
log('admin list', list.restaurants.length, list.counts);
const cat = await api.categories.create({ title: 'Ichimliklar', restaurant_id: r._id, is_active: true });
log('category', cat.title);
log('manager cats', await api.categories.managerList(r._id));
const p = await api.products.create({ name: 'Choy', category_id: cat._id, price: 5000, is_active: true });
log('product id', p);
log('manager products', (await api.products.managerList(r._id)).count);
const png = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
log(
  'upload product',
  await api.upload.productImages(p.id, [new File([png], 'a.png', { type: 'image/png' })]),
);
log(
  'upload logo',
  await api.upload.restaurantImage(r._id, 'logotype', [new File([png], 'l.png', { type: 'image/png' })]),
);
const opt = await api.options.create({ product_id: p.id, name: 'Hajm' });
log('option', opt.name, (await api.options.listByProduct(p.id)).length);
const row = await api.optionRows.create({ product_option_id: opt._id, name: 'Katta', price: 2000 });
log(
  'row',
  row.name,
  (await api.optionRows.update(row._id, { price: 2500 })).price,
  (await api.optionRows.listByOption(opt._id)).length,
);
const det = await api.products.detail(p.id);
log('detail', det.category, det.options.length, det.options[0]?.rows.length, det.images.length);
log(
  'stop',
  (await api.stopList.apply({ product_ids: [p.id], action: 'stop' })).categories.map((c) => c.is_active),
);
log(
  'resume',
  (await api.stopList.apply({ product_ids: [p.id], action: 'resume' })).products.map((x) => x.is_active),
);
log('view', (await api.restaurants.view('rayhon')).name);
log('integration list', await api.integration.list());
const ir = await api.integration.create({
  id: 'ext-1',
  manager_id: (await api.managers.create({ login: 'vali', password: 'secret123' }))._id,
});
log('integration create', ir.type);
log('sync', await api.integration.sync(ir._id).then((s) => [s.categories, s.products]));
// manager
const ml = await api.auth.login({ login: 'ali', password: 'secret123' });
signIn(ml.accessToken, 'manager');
log('mine', (await api.restaurants.mine())?.slug);
const forb = await api.restaurants.deleteById(r._id).catch((e) => e);
log('manager delete', forb.status, forb.code);
signIn(accessToken, 'admin');
await api.optionRows.remove(row._id);
await api.options.remove(opt._id);
await api.products.remove(p.id);
await api.categories.remove(cat._id);
log('delete by id', await api.restaurants.deleteById(r._id));
log('delete by slug', await api.restaurants.deleteBySlug(ir.slug));
signIn('garbage.token.here', 'admin');
const exp = await api.auth.profile().catch((e) => e);
log('garbage token', exp.status, exp.code, 'token now', getAccessToken());
