/**
 * A line's unit price: the product's price plus its chosen rows' extras, added up one way only.
 * The cart's sheet, the cart reading a fresh copy of the page and the server (services/orders/
 * pricing.ts) all call this, so a price the cart shows is the very number the server computes:
 * prices may have fractions (an import from a POS), and floating-point sums taken in another
 * order differ in their last bits ((10000.1 + 0.1) + 0.2 is not 10000.1 + (0.1 + 0.2)), which
 * would refuse an honest cart now that any difference from the menu's price is refused.
 *
 * A row taken more than once («Qazi» x2) adds its extra as many times, less its free portions
 * (iiko's `freeOfChargeAmount`: the first ones cost nothing).
 */
export interface ChosenExtra {
  price: number;
  /** Times taken on one portion of the line (1 when absent). */
  quantity?: number;
  /** Portions of it that cost nothing (0 when absent). */
  free?: number;
}

export const unitPrice = (productPrice: number, extras: readonly ChosenExtra[]): number =>
  productPrice + extras.reduce((sum, e) => sum + e.price * Math.max(0, (e.quantity ?? 1) - (e.free ?? 0)), 0);
