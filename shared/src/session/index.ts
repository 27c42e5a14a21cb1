/**
 * Session state: the access token and role, kept in localStorage under exactly `accessToken` and
 * `role` as plain strings (not JSON), mirrored in jotai atoms of the one `sessionStore`.
 * Hooks pass `sessionStore` explicitly, so no jotai Provider is needed in the host or remotes.
 */
import { createStore, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useMemo } from 'react';
import { ROLES } from '../schemas/roles';

export const STORAGE_KEYS = { accessToken: 'accessToken', role: 'role' } as const;

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** A jotai storage of plain strings: `null` removes the key. */
const plainStringStorage = {
  getItem(key: string, initialValue: string | null): string | null {
    const value = safeStorage()?.getItem(key);
    return value === undefined || value === null || value === '' ? initialValue : value;
  },
  setItem(key: string, value: string | null): void {
    const s = safeStorage();
    if (!s) return;
    if (value === null || value === '') s.removeItem(key);
    else s.setItem(key, value);
  },
  removeItem(key: string): void {
    safeStorage()?.removeItem(key);
  },
  subscribe(key: string, callback: (value: string | null) => void, initialValue: string | null) {
    if (typeof window === 'undefined') return () => {};
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea === safeStorage() && e.key === key) callback(e.newValue || initialValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

export const accessTokenAtom = atomWithStorage<string | null>(
  STORAGE_KEYS.accessToken,
  null,
  plainStringStorage,
  { getOnInit: true },
);
export const roleAtom = atomWithStorage<string | null>(STORAGE_KEYS.role, null, plainStringStorage, {
  getOnInit: true,
});

/** The one store of the session, shared by the host and every remote. */
export const sessionStore = createStore();

/** The current token (outside React), or null. */
export function getAccessToken(): string | null {
  return sessionStore.get(accessTokenAtom);
}

/** The current role (outside React), or null. */
export function getRole(): string | null {
  return sessionStore.get(roleAtom);
}

/** Stores the token and (optionally) the role. */
export function signIn(token: string, role?: string | null): void {
  sessionStore.set(accessTokenAtom, token);
  if (role !== undefined) sessionStore.set(roleAtom, role);
}

/** Stores the role alone (after the profile arrives). */
export function setRole(role: string | null): void {
  sessionStore.set(roleAtom, role);
}

/** Removes the token and the role from storage and the atoms. Usable outside React. */
export function signOut(): void {
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(roleAtom, null);
  const s = safeStorage();
  s?.removeItem(STORAGE_KEYS.accessToken);
  s?.removeItem(STORAGE_KEYS.role);
}

export interface Session {
  token: string | null;
  role: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isManager: boolean;
  /** A restaurant's waiter (their tables' board). */
  isWaiter: boolean;
  /** A restaurant's kitchen (its view and the stop-list). */
  isKitchen: boolean;
  signIn: (token: string, role?: string | null) => void;
  setRole: (role: string | null) => void;
  signOut: () => void;
}

/** The session in React: re-renders when the token or role changes. */
export function useSession(): Session {
  const token = useAtomValue(accessTokenAtom, { store: sessionStore });
  const role = useAtomValue(roleAtom, { store: sessionStore });
  return useMemo(
    () => ({
      token,
      role,
      isAuthenticated: token !== null,
      isAdmin: role === ROLES.admin,
      isManager: role === ROLES.manager,
      isWaiter: role === ROLES.waiter,
      isKitchen: role === ROLES.kitchen,
      signIn,
      setRole,
      signOut,
    }),
    [token, role],
  );
}
