/**
 * The frame of a page's card and of the panels under it (a restaurant's card, a product's, today's
 * orders, the visits): one thin border, round corners, more room inside from a tablet up.
 */
export const CARD_FRAME = {
  borderWidth: '1px',
  borderRadius: 'lg',
  p: { base: '3', md: '5' },
} as const;
