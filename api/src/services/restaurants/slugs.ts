/**
 * What may take a slug. A slug printed in a QR code (`/m/<slug>`) must keep leading to the same
 * restaurant: a slug change keeps the old one as a redirect, and no other restaurant may take a
 * slug that still redirects (409). A restaurant may take back one of its own old slugs. Deleting
 * a restaurant frees its slugs (the rows cascade).
 */
import { slugify } from '@qrmenu/shared/schemas';
import { conflict } from '../../domain/errors';
import type { Repositories } from '../../repos';

/** 409 unless `slug` is free for `restaurantId` (a new restaurant when undefined). */
export async function assertSlugFree(
  repos: Repositories,
  slug: string,
  restaurantId?: string,
): Promise<void> {
  for (const holder of await repos.slugs.holders(slug)) {
    if (holder.restaurant_id === restaurantId) continue;
    throw conflict(
      Number(holder.current) === 1
        ? 'Slug already taken'
        : 'Slug is an old address of another restaurant (its printed QR codes still lead there)',
    );
  }
}

/**
 * A slug for a name (the rule the restaurant form suggests with, `@qrmenu/shared`) that is
 * neither used nor still redirecting: `base`, else `base-2`, `base-3`, ...
 */
export async function uniqueSlug(repos: Repositories, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await repos.slugs.like(base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
