import '@testing-library/jest-dom/vitest';
import { signOut } from '@qrmenu/shared/session';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first lazy import of the UI facade (Chakra) takes a while in jsdom.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
});

// jsdom lacks these; Chakra (Ark/zag) uses them for dialogs, menus and scroll locks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.scrollTo) window.scrollTo = () => {};
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: NoopObserver });
}
if (!('IntersectionObserver' in window)) {
  Object.assign(window, { IntersectionObserver: NoopObserver });
}
