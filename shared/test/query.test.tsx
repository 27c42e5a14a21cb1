import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import {
  queryClient,
  queryKeys,
  shouldRetry,
  useAdminRestaurants,
  useDeleteRestaurant,
  useManagerCategories,
  useMyRestaurant,
  useProductDetail,
  useProfile,
  usePublicCategories,
  useSyncRestaurant,
  useUpdateCategory,
} from '../src/query';
import { setRuntimeConfig } from '../src/runtime-config';
import { signIn, signOut } from '../src/session';
import { stubApi } from '../src/testing/fetch-stub';
import { answers, fixtures } from '../src/testing/fixtures';

const r = (id: string, slug: string) => fixtures.restaurant({ _id: id, name: id, slug });

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
    const { calls } = stubApi({
      '*': (req) => {
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
      },
    });
    const { result } = renderHook(() => ({ list: useAdminRestaurants(), del: useDeleteRestaurant() }));
    await waitFor(() => expect(result.current.list.data?.restaurants).toHaveLength(2));
    await act(() => result.current.del.mutateAsync({ slug: 'one' }));
    await waitFor(() => expect(result.current.list.data?.restaurants).toHaveLength(1));
    expect(result.current.list.data?.counts.all_count).toBe(1);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('a 404 surfaces as an error at once (no retry)', async () => {
    const { calls } = stubApi({
      '*': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'no' } },
      }),
    });
    const { result } = renderHook(() => useMyRestaurant());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 404, code: 'not_found' });
    expect(calls).toHaveLength(1);
  });

  it('sync invalidates the restaurants and the catalog', async () => {
    stubApi({ '*': () => ({ body: { data: { restaurant: r('r1', 'one'), categories: 2, products: 5 } } }) });
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
    const { calls } = stubApi({
      '*': () => ({
        body: { data: { _id: 'u1', login: 'a', role: 'admin', is_active: true } },
      }),
    });
    const { result } = renderHook(() => useProfile());
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
    act(() => signIn('t2', 'admin'));
    await waitFor(() => expect(result.current.data?.login).toBe('a'));
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t2');
    act(() => signOut());
    expect(queryClient.getQueryData(queryKeys.profile())).toBeUndefined();
  });

  it('a query hook waits for a stored token; the public lists do not', async () => {
    signOut();
    const api = stubApi({
      'GET /manager/category': answers.counted([fixtures.category()]),
      'GET /user/category': answers.publicCategories([fixtures.category()]),
    });
    const { result } = renderHook(() => ({
      own: useManagerCategories('r1'),
      pub: usePublicCategories('r1'),
    }));
    await waitFor(() => expect(result.current.pub.data?.count).toBe(1));
    expect(result.current.own.fetchStatus).toBe('idle');
    expect(api.calls.map((c) => c.path)).toEqual(['/user/category']);
    act(() => signIn('t3', 'manager'));
    await waitFor(() => expect(result.current.own.data?.count).toBe(1));
    expect(api.callsTo('GET /manager/category')[0]?.search.get('restaurant_id')).toBe('r1');
  });

  it('waits for its id, and takes useQuery extras after the ids', async () => {
    const product = fixtures.productDetail({ _id: 'p9' });
    const api = stubApi({ 'GET /user/products/p9': answers.data(product) });
    const { result, rerender } = renderHook(
      ({ id, enabled }: { id?: string; enabled: boolean }) => useProductDetail(id, { enabled }),
      { initialProps: { id: undefined, enabled: true } as { id?: string; enabled: boolean } },
    );
    rerender({ id: 'p9', enabled: false });
    expect(result.current.fetchStatus).toBe('idle');
    expect(api.calls).toHaveLength(0);
    rerender({ id: 'p9', enabled: true });
    await waitFor(() => expect(result.current.data?._id).toBe('p9'));
    expect(api.calls).toHaveLength(1);
  });

  it('a mutation invalidates the data it changes, in other modules too', async () => {
    stubApi({ 'PUT /manager/category/update/c1': answers.data(fixtures.category({ _id: 'c1' })) });
    queryClient.setQueryData(queryKeys.categories.manager('r1'), { items: [], count: 0 });
    queryClient.setQueryData(queryKeys.products.public('r1'), { items: [], count: 0 });
    queryClient.setQueryData(queryKeys.restaurants.adminList(), { restaurants: [], counts: {} });
    const { result } = renderHook(() => useUpdateCategory());
    await act(() => result.current.mutateAsync({ id: 'c1', changed: { title: 'Yangi' } }));
    expect(queryClient.getQueryState(queryKeys.categories.manager('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.products.public('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.restaurants.adminList())?.isInvalidated).toBe(false);
  });
});
