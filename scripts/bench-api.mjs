// The API calls the web benches make on the production server they start: a JSON call, and a
// manager with a restaurant made by the admin (as the admin's pages make them).

/** One call of `/api/<path>`: a POST when it has a body (unless `method` says), the JSON answer; throws on a failure. */
export async function call(base, path, { token, body, method } = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The admin (`admin`: login and password) makes the manager `manager` and its restaurant (`name`,
 * `slug`, `address`; a phone and opening hours of the benches' own); answers the restaurant and
 * the manager's token.
 */
export async function managerRestaurant(base, admin, manager, { name, slug, address }) {
  const adminToken = (await call(base, 'auth/login', { body: admin })).data.accessToken;
  const account = (await call(base, 'admin/managers', { token: adminToken, body: manager })).data;
  const restaurant = (
    await call(base, 'admin/restaurants/create', {
      token: adminToken,
      body: {
        name,
        slug,
        address,
        phone_number: '+998901234567',
        work_time: '09:00-23:00',
        manager_id: account._id,
      },
    })
  ).data;
  const token = (await call(base, 'auth/login', { body: manager })).data.accessToken;
  return { restaurant, token };
}
