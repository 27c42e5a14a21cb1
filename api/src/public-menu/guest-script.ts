/**
 * The guests' script as the server holds it: read once at start from the build's folder
 * (guest-script-build.ts: `manifest.json`, one file per language and its `.br`/`.gz` twins) and
 * served from memory at `/m/assets/<file>`, precompressed, with a year's immutable caching (the
 * name carries the content hash, so a new build is a new address). Without a build the menu
 * pages render as they always did, without the cart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_LIMITS } from '@qrmenu/shared/schemas';
import type { GuestScriptSettings } from './cart/words';
import type { Encoding } from './compressed-page';
import { GUEST_WORDS, type GuestLang } from './language';

/** Where the page links the scripts; `/m/<slug>` is one segment, so no slug can shadow it. */
export const GUEST_SCRIPT_PATH = '/m/assets/';

/** What the script of `lang` is built with: its words, currency and the order limits. */
export const settingsFor = (lang: GuestLang): GuestScriptSettings => ({
  lang,
  currency: GUEST_WORDS[lang].currency,
  words: GUEST_WORDS[lang].cart,
  limits: { items: ORDER_LIMITS.items, quantity: ORDER_LIMITS.quantity, comment: ORDER_LIMITS.comment },
});

export interface GuestScripts {
  /** The script's address for a page in `lang`, or null without a build. */
  urlOf(lang: GuestLang): string | null;
  /** A script file's bytes in each encoding the build wrote (identity always). */
  file(name: string): Partial<Record<Encoding, Buffer>> | undefined;
}

interface ManifestEntry {
  file: string;
}

/** The build's folder beside the running server: `dist/guest` (bundled) or `../dist/guest` (from src/). */
export function defaultGuestScriptsDir(moduleDir: string): string | undefined {
  return [join(moduleDir, 'guest'), join(moduleDir, '..', 'dist', 'guest')].find((dir) =>
    existsSync(join(dir, 'manifest.json')),
  );
}

export function loadGuestScripts(dir: string | undefined): GuestScripts {
  const urls = new Map<GuestLang, string>();
  const files = new Map<string, Partial<Record<Encoding, Buffer>>>();
  if (dir && existsSync(join(dir, 'manifest.json'))) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<
      GuestLang,
      ManifestEntry
    >;
    for (const [lang, entry] of Object.entries(manifest) as [GuestLang, ManifestEntry][]) {
      const path = join(dir, entry.file);
      const read = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined);
      files.set(entry.file, { identity: readFileSync(path), br: read('.br'), gzip: read('.gz') });
      urls.set(lang, `${GUEST_SCRIPT_PATH}${entry.file}`);
    }
  }
  return {
    urlOf: (lang) => urls.get(lang) ?? null,
    file: (name) => files.get(name),
  };
}
