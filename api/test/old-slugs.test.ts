/**
 * Old slugs a restaurant keeps (its printed codes' redirects): the last 5 only, so renaming cannot
 * squat any number of addresses; an admin sees them and may release one (its codes then lead
 * nowhere, and another restaurant may take it).
 */
import { describe, expect, it, vi } from 'vitest';
import { adminUser, apiCall, createUser, expectError } from './helpers';
import { fileWorld } from './world';

const { ctx, world: admin } = fileWorld({}, adminUser);

const restaurant = (slug: string) => ({
  name: 'Rayhon',
  slug,
  address: 'Toshkent',
  phone_number: '+998901112233',
  work_time: '09:00-22:00',
});

const oldSlugs = async (id: string) => {
  const res = await apiCall(ctx, 'GET', `/admin/restaurants/${id}/old-slugs`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { slug: string }[]).map((s) => s.slug);
};

describe('old slugs', () => {
  it('a restaurant keeps its last 5; an older one is free again', async () => {
    const created = await apiCall(
      ctx,
      'POST',
      '/admin/restaurants/create',
      admin.token,
      restaurant('eski-1'),
    );
    const id = created.json().data._id as string;
    for (let i = 2; i <= 7; i++) {
      const res = await apiCall(ctx, 'PUT', `/manager/restaurants/update?slug=eski-${i - 1}`, admin.token, {
        slug: `eski-${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await oldSlugs(id)).toEqual(['eski-6', 'eski-5', 'eski-4', 'eski-3', 'eski-2']);
    expect((await ctx.app.inject({ method: 'GET', url: '/m/eski-2' })).statusCode).toBe(301);
    expect((await ctx.app.inject({ method: 'GET', url: '/m/eski-1' })).statusCode).toBe(404);
    const other = await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, restaurant('eski-1'));
    expect(other.statusCode, other.body).toBe(201);
  });

  it('renames in one millisecond keep their order: the newest first, the oldest freed', async () => {
    const created = await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, restaurant('tez-a'));
    const id = created.json().data._id as string;
    // on a tie of the clock the slugs' alphabet (the other way round) would decide
    const names = ['tez-a', 'tez-b', 'tez-c', 'tez-d', 'tez-e', 'tez-f', 'tez-g'];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
      for (let i = 1; i < names.length; i++) {
        const res = await apiCall(
          ctx,
          'PUT',
          `/manager/restaurants/update?slug=${names[i - 1]}`,
          admin.token,
          {
            slug: names[i],
          },
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await oldSlugs(id)).toEqual(['tez-f', 'tez-e', 'tez-d', 'tez-c', 'tez-b']);
    expect((await ctx.app.inject({ method: 'GET', url: '/m/tez-a' })).statusCode).toBe(404);
  });

  it('an admin releases one: its codes lead nowhere, another restaurant may take it', async () => {
    const created = await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, restaurant('qoldi'));
    const id = created.json().data._id as string;
    await apiCall(ctx, 'PUT', '/manager/restaurants/update?slug=qoldi', admin.token, { slug: 'qoldi-2' });
    expectError(
      await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, restaurant('qoldi')),
      409,
    );
    const manager = await createUser(ctx, 'manager');
    expectError(await apiCall(ctx, 'DELETE', `/admin/restaurants/${id}/old-slugs/qoldi`, manager.token), 403);
    expectError(await apiCall(ctx, 'DELETE', `/admin/restaurants/${id}/old-slugs/boshqa`, admin.token), 404);
    const res = await apiCall(ctx, 'DELETE', `/admin/restaurants/${id}/old-slugs/qoldi`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await oldSlugs(id)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/m/qoldi' })).statusCode).toBe(404);
    const taken = await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, restaurant('qoldi'));
    expect(taken.statusCode, taken.body).toBe(201);
  });
});
