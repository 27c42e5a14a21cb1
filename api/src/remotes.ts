/** Remote name -> its workspace package folder. */
export const REMOTE_PACKAGES = {
  mfe_auth: 'mfe-auth',
  mfe_restaurants: 'mfe-restaurants',
  mfe_catalog: 'mfe-catalog',
  mfe_stoplist: 'mfe-stoplist',
  mfe_orders: 'mfe-orders',
  mfe_reports: 'mfe-reports',
} as const;
export type RemoteName = keyof typeof REMOTE_PACKAGES;
