import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import {
  queryClient,
  queryKeys,
  shouldRetry,
  useAdminRestaurants,
  useApplyStopList,
  useDeleteRestaurant,
  useManagerCategories,
  useMyRestaurant,
  useProductDetail,
  useProfile,
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

  it('a query hook waits for a stored token', async () => {
    signOut();
    const api = stubApi({ 'GET /manager/category': answers.counted([fixtures.category()]) });
    const { result } = renderHook(() => ({ own: useManagerCategories('r1') }));
    expect(result.current.own.fetchStatus).toBe('idle');
    expect(api.calls).toHaveLength(0);
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

  it('prefetch loads a query ahead of its page, once, and only with a token and its ids', async () => {
    const api = stubApi({
      'GET /manager/category': answers.counted([fixtures.category({ _id: 'c1' })]),
      'GET /user/products/p1': answers.data(fixtures.productDetail({ _id: 'p1' })),
    });
    await useManagerCategories.prefetch(undefined);
    expect(queryClient.getQueryData(queryKeys.categories.manager())).toMatchObject({ count: 1 });
    await useManagerCategories.prefetch(undefined); // fresh: no second call
    await useProductDetail.prefetch(undefined); // no id: no call
    expect(api.calls.map((c) => c.path)).toEqual(['/manager/category']);
    // the page then shows it without a call of its own
    const { result } = renderHook(() => useManagerCategories(undefined));
    expect(result.current.data?.items[0]?._id).toBe('c1');
    signOut();
    queryClient.clear();
    await useManagerCategories.prefetch(undefined);
    expect(api.calls).toHaveLength(1);
  });

  it('a mutation invalidates the data it changes, in other modules too', async () => {
    stubApi({ 'PUT /manager/category/update/c1': answers.data(fixtures.category({ _id: 'c1' })) });
    queryClient.setQueryData(queryKeys.categories.manager('r1'), { items: [], count: 0 });
    queryClient.setQueryData(queryKeys.products.manager('r1'), { items: [], count: 0 });
    queryClient.setQueryData(queryKeys.restaurants.adminList(), { restaurants: [], counts: {} });
    const { result } = renderHook(() => useUpdateCategory());
    await act(() => result.current.mutateAsync({ id: 'c1', changed: { title: 'Yangi' } }));
    expect(queryClient.getQueryState(queryKeys.categories.manager('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.products.manager('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.restaurants.adminList())?.isInvalidated).toBe(false);
  });

  it('the stop-list answer goes into every manager list; details are refetched', async () => {
    const soup = fixtures.product({ _id: 'p1', category_id: 'c1', is_active: true });
    const salad = fixtures.product({ _id: 'p2', category_id: 'c1', is_active: true });
    const tea = fixtures.product({ _id: 'p3', category_id: 'c2', is_active: true });
    const c1 = fixtures.category({ _id: 'c1', is_active: true });
    const c2 = fixtures.category({ _id: 'c2', is_active: true });
    // the server's answer: what changed, as stored (its updatedAt, not the request's guess)
    const stoppedSoup = { ...soup, is_active: false, updatedAt: '2026-02-02T00:00:00.000Z' };
    const stoppedSalad = { ...salad, is_active: false, updatedAt: '2026-02-02T00:00:00.000Z' };
    const stoppedC1 = { ...c1, is_active: false, updatedAt: '2026-02-02T00:00:00.000Z' };
    const api = stubApi({
      'POST /manager/stop-list': answers.data({
        products: [stoppedSoup, stoppedSalad],
        categories: [stoppedC1],
      }),
    });
    for (const restaurantId of [undefined, 'r1']) {
      queryClient.setQueryData(queryKeys.products.manager(restaurantId), {
        items: [soup, salad, tea],
        count: 3,
      });
      queryClient.setQueryData(queryKeys.categories.manager(restaurantId), { items: [c1, c2], count: 2 });
    }
    const otherList = { items: [fixtures.product({ _id: 'x1' })], count: 1 };
    queryClient.setQueryData(queryKeys.products.manager('r2'), otherList);
    queryClient.setQueryData(queryKeys.products.detail('p1'), { ...soup, options: [] });

    const { result } = renderHook(() => useApplyStopList());
    await act(() => result.current.mutateAsync({ product_ids: ['p1', 'p2'], action: 'stop' }));

    for (const restaurantId of [undefined, 'r1']) {
      const products = queryClient.getQueryData<{ items: unknown[] }>(
        queryKeys.products.manager(restaurantId),
      );
      expect(products?.items).toEqual([stoppedSoup, stoppedSalad, tea]);
      expect(products?.items[2]).toBe(tea); // unchanged rows keep their identity
      const categories = queryClient.getQueryData<{ items: unknown[] }>(
        queryKeys.categories.manager(restaurantId),
      );
      expect(categories?.items).toEqual([stoppedC1, c2]);
      expect(queryClient.getQueryState(queryKeys.products.manager(restaurantId))?.isInvalidated).toBe(false);
    }
    expect(queryClient.getQueryData(queryKeys.products.manager('r2'))).toBe(otherList);
    expect(queryClient.getQueryState(queryKeys.products.detail('p1'))?.isInvalidated).toBe(true);
    // one call, no list refetched
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /manager/stop-list']);
  });

  it('a failed stop-list call changes no cached list', async () => {
    stubApi({ 'POST /manager/stop-list': answers.error(500, 'internal') });
    const list = { items: [fixtures.product({ _id: 'p1' })], count: 1 };
    queryClient.setQueryData(queryKeys.products.manager(), list);
    const { result } = renderHook(() => useApplyStopList());
    await act(async () => {
      await expect(result.current.mutateAsync({ product_ids: ['p1'], action: 'stop' })).rejects.toMatchObject(
        {
          status: 500,
        },
      );
    });
    expect(queryClient.getQueryData(queryKeys.products.manager())).toBe(list);
    expect(queryClient.getQueryState(queryKeys.products.manager())?.isInvalidated).toBe(false);
  });
});
