import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import {
  queryClient,
  queryKeys,
  shouldRetry,
  useAdminRestaurants,
  useDeleteRestaurant,
  useMyRestaurant,
  useProfile,
  useSyncRestaurant,
} from '../src/query';
import { setRuntimeConfig } from '../src/runtime-config';
import { signIn, signOut } from '../src/session';
import { fakeFetch } from './helpers';

const r = (id: string, slug: string) => ({
  _id: id,
  name: id,
  slug,
  address: 'a',
  phone_number: '1',
  work_time: '9-18',
  manager_id: null,
  type: 'manual',
  is_active: true,
  bot_token: null,
  channel_id: null,
  image: null,
  logotype: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('query layer', () => {
  beforeEach(() => {
    setRuntimeConfig({});
    signIn('tok', 'admin');
    queryClient.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
    queryClient.clear();
  });

  it('does not retry 4xx, retries other failures at most twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'validation', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(502, 'bad_gateway', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(0, 'network', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'internal', 'x'))).toBe(false);
  });

  it('useAdminRestaurants loads; deleting invalidates and refetches the list', async () => {
    let list = [r('r1', 'one'), r('r2', 'two')];
    const { calls } = fakeFetch((req) => {
      if (req.method === 'DELETE') {
        list = list.filter((x) => !req.url.includes(`slug=${x.slug}`));
        return { body: { data: { _id: 'r1' } } };
      }
      return {
        body: {
          restaurants: list,
          counts: { all_count: list.length, active_count: list.length, inactive_count: 0 },
        },
      };
    });
    const { result } = renderHook(() => ({ list: useAdminRestaurants(), del: useDeleteRestaurant() }));
    await waitFor(() => expect(result.current.list.data?.restaurants).toHaveLength(2));
    await act(() => result.current.del.mutateAsync({ slug: 'one' }));
    await waitFor(() => expect(result.current.list.data?.restaurants).toHaveLength(1));
    expect(result.current.list.data?.counts.all_count).toBe(1);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('a 404 surfaces as an error at once (no retry)', async () => {
    const { calls } = fakeFetch(() => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'no' } },
    }));
    const { result } = renderHook(() => useMyRestaurant());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 404, code: 'not_found' });
    expect(calls).toHaveLength(1);
  });

  it('sync invalidates the restaurants and the catalog', async () => {
    fakeFetch(() => ({ body: { data: { restaurant: r('r1', 'one'), categories: 2, products: 5 } } }));
    queryClient.setQueryData(queryKeys.restaurants.adminList(), { restaurants: [], counts: {} });
    queryClient.setQueryData(queryKeys.products.manager('r1'), { items: [], count: 0 });
    queryClient.setQueryData(queryKeys.profile(), { _id: 'u' });
    const { result } = renderHook(() => useSyncRestaurant());
    const out = await act(() => result.current.mutateAsync('r1'));
    expect(out.products).toBe(5);
    expect(queryClient.getQueryState(queryKeys.restaurants.adminList())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.products.manager('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.profile())?.isInvalidated).toBe(false);
  });

  it('useProfile waits for a token, and the cache is dropped when the token changes', async () => {
    signOut();
    const { calls } = fakeFetch(() => ({
      body: { data: { _id: 'u1', login: 'a', role: 'admin', is_active: true } },
    }));
    const { result } = renderHook(() => useProfile());
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
    act(() => signIn('t2', 'admin'));
    await waitFor(() => expect(result.current.data?.login).toBe('a'));
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t2');
    act(() => signOut());
    expect(queryClient.getQueryData(queryKeys.profile())).toBeUndefined();
  });
});
