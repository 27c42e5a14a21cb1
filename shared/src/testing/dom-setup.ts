/**
 * The one set-up of every jsdom test project (`setupFiles` in each front end's vitest config):
 * jest-dom matchers, clean-up between tests, the browser APIs jsdom lacks, and Node's own
 * upload types.
 */
// first: React reads it as it loads
import './no-suspense-hold';
import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { URL as NodeURL } from 'node:url';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { signOut } from '../session';

// Node 24's fetch (undici 7) takes only its own File and FormData in a request body, and
// vitest's jsdom bridge cannot yet convert a jsdom File (vitest-dev/vitest#9135). Uploads are
// built from these globals, so with Node's classes throughout, ky and the fetch stub see the
// bytes and file names a browser would send.
const NodeRequest = Object.getPrototypeOf(globalThis.Request) as typeof Request;
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
Object.assign(globalThis, {
  Blob: NodeBlob,
  File: NodeFile,
  FormData: NodeFormData,
  Request: NodeRequest,
  URL: NodeURL,
});

// What the apps' index.html has (tools/rspack/federation.ts), so axe checks the pages, not jsdom.
document.documentElement.lang = 'uz';
document.title = 'QR menyu';

// The first lazy import of the UI facade (Chakra) takes a while in jsdom.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // a test that moved the clock itself (vi.useFakeTimers) leaves the next one the real clock
  vi.useRealTimers();
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
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
// jsdom 30+ computes animation-name from Chakra's styles but runs no animation, so a closing
// dialog would wait for an animationend that never comes.
const noMotion = document.createElement('style');
noMotion.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
document.head.append(noMotion);
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: NoopObserver });
if (!('IntersectionObserver' in window)) Object.assign(window, { IntersectionObserver: NoopObserver });
