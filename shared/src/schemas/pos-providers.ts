/** The POS systems a restaurant's menu can come from. Kept apart from zod: list pages ask it. */
export const POS_PROVIDERS = ['iiko', 'poster'] as const;
export type PosProviderName = (typeof POS_PROVIDERS)[number];

/** True for a restaurant whose `type` is a POS (it has a sync status to show). */
export const isPosType = (type: string): type is PosProviderName =>
  (POS_PROVIDERS as readonly string[]).includes(type);
