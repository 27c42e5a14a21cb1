export { QueryClientProvider } from '@tanstack/react-query';
export { queryClient, shouldRetry } from './client';
export * from './hooks';
export { queryKeys } from './keys';
export * from './orders';
export * from './reports';
export * from './staff';
