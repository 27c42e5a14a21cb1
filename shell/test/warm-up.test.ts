import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../src/pages';
import { pageAt } from '../src/routes';
import { warmWhenSettled } from '../src/warm-up';

describe('warmWhenSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("waits for the page's first query to answer, then warms once", async () => {
    const client = new QueryClient();
    const warm = vi.fn();
    warmWhenSettled(client, warm);
    // nothing asked yet: the page has not rendered its first query
    await vi.advanceTimersByTimeAsync(200);
    expect(warm).not.toHaveBeenCalled();
    let answer: (value: string) => void = () => {};
    const fetched = client.fetchQuery({
      queryKey: ['card'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(warm).not.toHaveBeenCalled(); // fetching
    answer('ok');
    await fetched;
    await vi.advanceTimersByTimeAsync(200);
    expect(warm).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('warms after 3 s at the latest (a page that asks for nothing)', async () => {
    const warm = vi.fn();
    warmWhenSettled(new QueryClient(), warm);
    await vi.advanceTimersByTimeAsync(2900);
    expect(warm).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('never warms once cancelled (the area left)', async () => {
    const warm = vi.fn();
    const cancel = warmWhenSettled(new QueryClient(), warm);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(warm).not.toHaveBeenCalled();
  });
});

describe('pageAt: the page whose module loads beside the area', () => {
  it("is the role's page at the address", () => {
    expect(pageAt('/admin', 'manager')).toEqual(PAGES.managerHome);
    expect(pageAt('/admin/restaurants', 'admin')).toEqual(PAGES.restaurants);
    expect(pageAt('/ProductStopList', 'manager')).toEqual(PAGES.stopList);
    expect(pageAt('/categoryList', 'manager')).toEqual(PAGES.categoryList);
  });

  it('is none where the role is redirected or refused, or no remote serves the address', () => {
    expect(pageAt('/admin', 'admin')).toBeUndefined(); // redirected to the restaurant list
    expect(pageAt('/ProductStopList', 'admin')).toBeUndefined(); // managers' only
    expect(pageAt('/admin/managers', 'manager')).toBeUndefined(); // admins' only
    expect(pageAt('/admin/modules', 'admin')).toBeUndefined(); // the shell's own page
    expect(pageAt('/nowhere', 'manager')).toBeUndefined();
  });
});
