/** Role names. Kept apart from the zod schemas: the session needs them on the login page, zod not. */
export const ROLES = { admin: 'admin', manager: 'manager' } as const;
export type KnownRole = (typeof ROLES)[keyof typeof ROLES];
