export { QueryClientProvider } from '@tanstack/react-query';
export { replaceInLists } from './cache';
export { createQueryClient, queryClient, shouldRetry } from './client';
export {
  defineMutation,
  defineQuery,
  type MutationDefinition,
  type MutationHook,
  type QueryArgs,
  type QueryDefinition,
  type QueryExtras,
  type QueryHook,
} from './define';
export * from './hooks';
export { queryKeys } from './keys';
