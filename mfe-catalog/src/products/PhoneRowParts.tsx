/**
 * The phone's product card: a thumbnail, so a manager sees which products have a
 * picture, and the less used actions (Opsiyalar, O'chirish) under one "Boshqa amallar" button,
 * so that a screen holds more than two products. From `md` up the table shows every action
 * inline and no thumbnail (the columns docs/SCREENS.md lists).
 */
import { assetUrl } from '@qrmenu/shared/runtime-config';
import type { Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { DEFAULT_IMAGE_SRC, pictureSrcSet } from '@qrmenu/shared/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** Styles for the parts below, merged into the product table's own. */
export const PHONE_ROW_CSS = {
  '& [data-area="thumb"]': { gridArea: 'thumb', display: { base: 'block', md: 'none' } },
  '& .row-thumb': {
    width: '14',
    height: '14',
    borderRadius: 'md',
    objectFit: 'cover',
    bg: '#edf2f7',
  },
  '& .row-thumb[data-default]': { objectFit: 'contain' },
  '& .row-more': { position: 'relative', display: { base: 'block', md: 'contents' } },
  '& .row-more-toggle': { display: { base: 'inline-flex', md: 'none' }, w: '100%' },
  '& .row-more-list': { display: { base: 'none', md: 'contents' } },
  '& .row-more[data-open="true"] .row-more-list': {
    display: { base: 'flex', md: 'contents' },
    flexDirection: 'column',
    gap: '2',
    position: 'absolute',
    insetInlineEnd: '0',
    top: 'calc(100% + 4px)',
    zIndex: '2',
    minW: '40',
    p: '2',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderRadius: 'md',
    boxShadow: 'md',
  },
} as const;

/** The product's first picture, or the default one (no picture, or it failed to load). */
export function ProductThumb({ product }: { product: Product }) {
  const src = assetUrl(product.images[0]?.file);
  return (
    <img
      className="row-thumb"
      src={src || DEFAULT_IMAGE_SRC}
      // a processed picture: the 160 px WebP for the 56 px box at DPR 2, not the 960 px JPEG
      srcSet={pictureSrcSet(src)}
      sizes="56px"
      data-default={src ? undefined : ''}
      data-testid={src ? 'product-thumb' : 'product-thumb-default'}
      alt={src ? '' : t.hasNoImage}
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={(e) => {
        const img = e.currentTarget;
        if (img.dataset.default === undefined) {
          img.dataset.default = '';
          img.removeAttribute('srcset');
          img.src = DEFAULT_IMAGE_SRC;
        }
      }}
    />
  );
}

/** On a phone: a button opening the actions it holds; from `md` up the actions inline. */
export function MoreActions({ name, children }: { name: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    // a tap elsewhere or Esc closes it
    const away = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  return (
    <span ref={ref} className="row-more" data-open={open ? 'true' : 'false'}>
      <button
        type="button"
        className="row-action row-more-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t.moreActionsOf(name)}
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      <span className="row-more-list" id={listId}>
        {children}
      </span>
    </span>
  );
}
