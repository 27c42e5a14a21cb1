import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { Toaster } from './notify';
import { system } from './system';

/**
 * The nonce the server stamped into this page's index.html for its Content-Security-Policy
 * (docs/DELIVERY.md, "Compression, caching, security headers"): the page allows inline styles
 * only by it. Read through `.nonce`: browsers hide the attribute from scripts once it applies.
 */
function pageStyleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

/** emotion's <style> elements (Chakra's and every remote's: one shared cache) carry the nonce. */
const styleCache = createCache({ key: 'css', nonce: pageStyleNonce() });

/** Chakra with the facade's system, plus the toaster. Wrap the shell once (remotes inherit it). */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        {children}
        <Toaster />
      </ChakraProvider>
    </CacheProvider>
  );
}
