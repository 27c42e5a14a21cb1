/** Role names. Kept apart from the zod schemas: the session needs them on the login page, zod not. */
export const ROLES = { admin: 'admin', manager: 'manager', waiter: 'waiter', kitchen: 'kitchen' } as const;
export type KnownRole = (typeof ROLES)[keyof typeof ROLES];

/**
 * The restaurant's staff (docs/PRODUCT.md, "Who uses it"): accounts of one restaurant each, made
 * by its manager. A waiter runs the board of their tables; the kitchen its view and the stop-list.
 */
export const STAFF_ROLES = [ROLES.waiter, ROLES.kitchen] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  role === ROLES.waiter || role === ROLES.kitchen;
