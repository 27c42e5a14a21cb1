/** Row actions: 44 px tall on a phone (the manager's touch targets), compact from `md` up. */
export const ROW_ACTION = { size: 'sm', minH: { base: '11', md: '8' } } as const;
