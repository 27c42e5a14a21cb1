/**
 * Hooks named after what they do. Every hook uses the one `queryClient` explicitly, so remotes
 * need no QueryClientProvider of their own (the host provides one too, with the same client).
 * Mutations invalidate every key whose data they change, across modules.
 */
import { type UseQueryOptions, useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from '../api';
import type {
  CategoryCreateBody,
  CategoryUpdateBody,
  IntegrationCreateBody,
  ManagerCreateBody,
  OptionCreateBody,
  OptionRowCreateBody,
  OptionRowUpdateBody,
  OptionUpdateBody,
  ProductCreateBody,
  ProductUpdateBody,
  RestaurantCreateBody,
  RestaurantUpdateBody,
  StopListBody,
  UploadTargetType,
} from '../schemas';
import { accessTokenAtom, sessionStore } from '../session';
import { queryClient } from './client';
import { queryKeys } from './keys';

type Extra<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;
type Files = Iterable<File | Blob> | ArrayLike<File | Blob>;

const invalidate = (...keys: ReadonlyArray<readonly unknown[]>) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const invalidateRestaurants = () => invalidate(queryKeys.restaurants.all());
const invalidateCatalog = () =>
  invalidate(
    queryKeys.categories.all(),
    queryKeys.products.all(),
    queryKeys.options.all(),
    queryKeys.optionRows.all(),
  );

// ---------- profile ----------

/** The signed-in user's profile (runs only while a token is stored). */
export function useProfile(options: Extra<Awaited<ReturnType<typeof api.auth.profile>>> = {}) {
  const token = useAtomValue(accessTokenAtom, { store: sessionStore });
  return useQuery(
    {
      queryKey: queryKeys.profile(),
      queryFn: () => api.auth.profile(),
      enabled: token !== null,
      ...options,
    },
    queryClient,
  );
}

export function useLogin() {
  return useMutation({ mutationFn: api.auth.login }, queryClient);
}

// ---------- restaurants ----------

export function useAdminRestaurants(
  options: Extra<Awaited<ReturnType<typeof api.restaurants.adminList>>> = {},
) {
  return useQuery(
    { queryKey: queryKeys.restaurants.adminList(), queryFn: () => api.restaurants.adminList(), ...options },
    queryClient,
  );
}

export function useMyRestaurant(options: Extra<Awaited<ReturnType<typeof api.restaurants.mine>>> = {}) {
  return useQuery(
    { queryKey: queryKeys.restaurants.mine(), queryFn: () => api.restaurants.mine(), ...options },
    queryClient,
  );
}

export function useRestaurantBySlug(
  slug: string | undefined,
  options: Extra<Awaited<ReturnType<typeof api.restaurants.view>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.restaurants.view(slug ?? ''),
      queryFn: () => api.restaurants.view(slug ?? ''),
      enabled: !!slug,
      ...options,
    },
    queryClient,
  );
}

export function useCreateRestaurant() {
  return useMutation(
    {
      mutationFn: (body: RestaurantCreateBody) => api.restaurants.create(body),
      onSuccess: () => invalidate(queryKeys.restaurants.all(), queryKeys.managers()),
    },
    queryClient,
  );
}

export function useUpdateRestaurant() {
  return useMutation(
    {
      mutationFn: ({ slug, changed }: { slug: string; changed: RestaurantUpdateBody }) =>
        api.restaurants.update(slug, changed),
      onSuccess: () => invalidateRestaurants(),
    },
    queryClient,
  );
}

/** Deletes by slug (`DELETE /admin/restaurants/delete?slug=`), or by id when `{ id }` is given. */
export function useDeleteRestaurant() {
  return useMutation(
    {
      mutationFn: (target: { slug: string } | { id: string }) =>
        'slug' in target ? api.restaurants.deleteBySlug(target.slug) : api.restaurants.deleteById(target.id),
      onSuccess: () => Promise.all([invalidateRestaurants(), invalidateCatalog()]),
    },
    queryClient,
  );
}

// ---------- managers ----------

export function useManagers(options: Extra<Awaited<ReturnType<typeof api.managers.list>>> = {}) {
  return useQuery(
    { queryKey: queryKeys.managers(), queryFn: () => api.managers.list(), ...options },
    queryClient,
  );
}

export function useCreateManager() {
  return useMutation(
    {
      mutationFn: (body: ManagerCreateBody) => api.managers.create(body),
      onSuccess: () => invalidate(queryKeys.managers()),
    },
    queryClient,
  );
}

// ---------- integration ----------

export function useIntegrationRestaurants(
  options: Extra<Awaited<ReturnType<typeof api.integration.list>>> = {},
) {
  return useQuery(
    { queryKey: queryKeys.integration(), queryFn: () => api.integration.list(), ...options },
    queryClient,
  );
}

export function useCreateIntegrationRestaurant() {
  return useMutation(
    {
      mutationFn: (body: IntegrationCreateBody) => api.integration.create(body),
      onSuccess: () =>
        Promise.all([invalidateRestaurants(), invalidate(queryKeys.managers()), invalidateCatalog()]),
    },
    queryClient,
  );
}

export function useSyncRestaurant() {
  return useMutation(
    {
      mutationKey: queryKeys.restaurants.sync(),
      mutationFn: (id: string) => api.integration.sync(id),
      onSuccess: () => Promise.all([invalidateRestaurants(), invalidateCatalog()]),
    },
    queryClient,
  );
}

/** Whether a sync of this restaurant is running, wherever it was started (it outlives its row). */
export function useIsSyncing(id: string): boolean {
  const pending = useMutationState(
    {
      filters: {
        mutationKey: queryKeys.restaurants.sync(),
        status: 'pending',
        predicate: (mutation) => mutation.state.variables === id,
      },
    },
    queryClient,
  );
  return pending.length > 0;
}

// ---------- uploads ----------

export function useUploadRestaurantImage() {
  return useMutation(
    {
      mutationFn: ({
        restaurantId,
        type,
        files,
      }: {
        restaurantId: string;
        type: UploadTargetType;
        files: Files;
      }) => api.upload.restaurantImage(restaurantId, type, files),
      onSuccess: () => invalidateRestaurants(),
    },
    queryClient,
  );
}

export function useUploadProductImages() {
  return useMutation(
    {
      mutationFn: ({ productId, files }: { productId: string; files: Files }) =>
        api.upload.productImages(productId, files),
      onSuccess: () => invalidate(queryKeys.products.all()),
    },
    queryClient,
  );
}

// ---------- categories ----------

/** Categories of a restaurant for its manager/admin (`restaurantId` required for admins). */
export function useManagerCategories(
  restaurantId?: string,
  options: Extra<Awaited<ReturnType<typeof api.categories.managerList>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.categories.manager(restaurantId),
      queryFn: () => api.categories.managerList(restaurantId),
      ...options,
    },
    queryClient,
  );
}

export function usePublicCategories(
  restaurantId: string | undefined,
  options: Extra<Awaited<ReturnType<typeof api.categories.publicList>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.categories.public(restaurantId ?? ''),
      queryFn: () => api.categories.publicList(restaurantId ?? ''),
      enabled: !!restaurantId,
      ...options,
    },
    queryClient,
  );
}

export function useCreateCategory() {
  return useMutation(
    {
      mutationFn: (body: CategoryCreateBody) => api.categories.create(body),
      onSuccess: () => invalidate(queryKeys.categories.all()),
    },
    queryClient,
  );
}

export function useUpdateCategory() {
  return useMutation(
    {
      mutationFn: ({ id, changed }: { id: string; changed: CategoryUpdateBody }) =>
        api.categories.update(id, changed),
      onSuccess: () => invalidate(queryKeys.categories.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useDeleteCategory() {
  return useMutation(
    {
      mutationFn: (id: string) => api.categories.remove(id),
      onSuccess: () => invalidateCatalog(),
    },
    queryClient,
  );
}

// ---------- products ----------

export function useManagerProducts(
  restaurantId?: string,
  options: Extra<Awaited<ReturnType<typeof api.products.managerList>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.products.manager(restaurantId),
      queryFn: () => api.products.managerList(restaurantId),
      ...options,
    },
    queryClient,
  );
}

export function usePublicProducts(
  restaurantId: string | undefined,
  categoryId?: string,
  options: Extra<Awaited<ReturnType<typeof api.products.publicList>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.products.public(restaurantId ?? '', categoryId),
      queryFn: () => api.products.publicList(restaurantId ?? '', categoryId),
      enabled: !!restaurantId,
      ...options,
    },
    queryClient,
  );
}

export function useProductDetail(
  id: string | undefined,
  options: Extra<Awaited<ReturnType<typeof api.products.detail>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.products.detail(id ?? ''),
      queryFn: () => api.products.detail(id ?? ''),
      enabled: !!id,
      ...options,
    },
    queryClient,
  );
}

export function useCreateProduct() {
  return useMutation(
    {
      mutationFn: (body: ProductCreateBody) => api.products.create(body),
      onSuccess: () => invalidate(queryKeys.products.all(), queryKeys.categories.all()),
    },
    queryClient,
  );
}

export function useUpdateProduct() {
  return useMutation(
    {
      mutationFn: ({ id, changed }: { id: string; changed: ProductUpdateBody }) =>
        api.products.update(id, changed),
      onSuccess: () => invalidate(queryKeys.products.all(), queryKeys.categories.all()),
    },
    queryClient,
  );
}

export function useDeleteProduct() {
  return useMutation(
    {
      mutationFn: (id: string) => api.products.remove(id),
      onSuccess: () => invalidateCatalog(),
    },
    queryClient,
  );
}

// ---------- options and rows ----------

export function useProductOptions(
  productId: string | undefined,
  options: Extra<Awaited<ReturnType<typeof api.options.listByProduct>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.options.byProduct(productId ?? ''),
      queryFn: () => api.options.listByProduct(productId ?? ''),
      enabled: !!productId,
      ...options,
    },
    queryClient,
  );
}

export function useCreateOption() {
  return useMutation(
    {
      mutationFn: (body: OptionCreateBody) => api.options.create(body),
      onSuccess: () => invalidate(queryKeys.options.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useUpdateOption() {
  return useMutation(
    {
      mutationFn: ({ id, body }: { id: string; body: OptionUpdateBody }) => api.options.update(id, body),
      onSuccess: () => invalidate(queryKeys.options.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useDeleteOption() {
  return useMutation(
    {
      mutationFn: (id: string) => api.options.remove(id),
      onSuccess: () =>
        invalidate(queryKeys.options.all(), queryKeys.optionRows.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useOptionRows(
  optionId: string | undefined,
  options: Extra<Awaited<ReturnType<typeof api.optionRows.listByOption>>> = {},
) {
  return useQuery(
    {
      queryKey: queryKeys.optionRows.byOption(optionId ?? ''),
      queryFn: () => api.optionRows.listByOption(optionId ?? ''),
      enabled: !!optionId,
      ...options,
    },
    queryClient,
  );
}

export function useCreateOptionRow() {
  return useMutation(
    {
      mutationFn: (body: OptionRowCreateBody) => api.optionRows.create(body),
      onSuccess: () => invalidate(queryKeys.optionRows.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useUpdateOptionRow() {
  return useMutation(
    {
      mutationFn: ({ id, changed }: { id: string; changed: OptionRowUpdateBody }) =>
        api.optionRows.update(id, changed),
      onSuccess: () => invalidate(queryKeys.optionRows.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

export function useDeleteOptionRow() {
  return useMutation(
    {
      mutationFn: (id: string) => api.optionRows.remove(id),
      onSuccess: () => invalidate(queryKeys.optionRows.all(), queryKeys.products.all()),
    },
    queryClient,
  );
}

// ---------- stop-list ----------

export function useApplyStopList() {
  return useMutation(
    {
      mutationFn: (body: StopListBody) => api.stopList.apply(body),
      onSuccess: () => invalidate(queryKeys.products.all(), queryKeys.categories.all()),
    },
    queryClient,
  );
}
