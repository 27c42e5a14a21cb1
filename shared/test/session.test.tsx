import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessTokenAtom,
  getAccessToken,
  getRole,
  roleAtom,
  STORAGE_KEYS,
  sessionStore,
  signIn,
  signOut,
  useSession,
} from '../src/session';

describe('session', () => {
  afterEach(() => signOut());

  it('uses exactly the storage keys accessToken and role', () => {
    expect(STORAGE_KEYS).toEqual({ accessToken: 'accessToken', role: 'role' });
  });

  it('stores plain strings (not JSON-quoted) and clears both on signOut', () => {
    signIn('eyJhbGciOi.payload.sig', 'admin');
    expect(localStorage.getItem('accessToken')).toBe('eyJhbGciOi.payload.sig');
    expect(localStorage.getItem('role')).toBe('admin');
    expect(sessionStore.get(accessTokenAtom)).toBe('eyJhbGciOi.payload.sig');
    expect(sessionStore.get(roleAtom)).toBe('admin');
    signOut();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(getRole()).toBeNull();
  });

  it('useSession reflects sign in / out and the role flags', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toMatchObject({ token: null, role: null, isAdmin: false, isManager: false });
    act(() => result.current.signIn('t1', 'manager'));
    expect(result.current).toMatchObject({ token: 't1', role: 'manager', isAdmin: false, isManager: true });
    act(() => result.current.setRole('admin'));
    expect(result.current.isAdmin).toBe(true);
    act(() => signOut());
    expect(result.current).toMatchObject({ token: null, role: null, isAuthenticated: false });
  });
});

describe('session across tabs', () => {
  it('follows a sign-out made in another tab (storage event)', () => {
    const { result } = renderHook(() => useSession());
    act(() => signIn('t1', 'admin'));
    expect(result.current.token).toBe('t1');
    act(() => {
      localStorage.removeItem('accessToken');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'accessToken',
          oldValue: 't1',
          newValue: null,
          storageArea: localStorage,
        }),
      );
    });
    expect(result.current.token).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('session read at start-up', () => {
  it('reads plain values already in localStorage when the atoms are first used', async () => {
    localStorage.setItem('accessToken', 'stored-token');
    localStorage.setItem('role', 'manager');
    vi.resetModules();
    const fresh = await import('../src/session');
    expect(fresh.getAccessToken()).toBe('stored-token');
    expect(fresh.getRole()).toBe('manager');
    fresh.signOut();
  });
});
