/**
 * Our order's note in iiko (providers/iiko/orders.ts; docs/ORDERS.md, "Into the POS"): a table
 * order has no comment of its own (`TableOrder`), so `QR #<number>`, the unmapped placement's
 * name and the guest's comment go in the first dish's `comment` (255 characters at most),
 * continued on the next dishes' when longer; what no dish has room for is cut, said, and logged.
 */

import { ORDER_LIMITS, PLACEMENT_LIMITS } from '@qrmenu/shared/schemas';
import { describe, expect, it, vi } from 'vitest';
import type { PosOrderDraft } from '../src/integration/pos/outgoing-orders';
import {
  IIKO_ITEM_COMMENT_LENGTH,
  iikoItemComments,
  iikoItems,
  iikoNote,
} from '../src/integration/providers/iiko/orders';
import { posLine } from './pos-support';

const line = (name: string) => posLine('497f6eca-6276-4993-bfeb-53cbbbba6f08', name, 28000);
const draft = (over: Partial<PosOrderDraft>): PosOrderDraft => ({
  orderId: '01a2166c8885000050f554e6',
  number: 14,
  locationId: 'org',
  terminalGroupId: 'tg',
  tableId: null,
  tableName: 'Stol 6',
  comment: null,
  lines: [line('Mastava')],
  ...over,
});

describe("the order's note in iiko", () => {
  it('says the QR number, the table when iiko has no table for it, and the guest', () => {
    expect(iikoNote(draft({ comment: ' Piyozsiz ' }))).toBe('QR #14 · Stol 6 · Piyozsiz');
    expect(iikoNote(draft({ tableId: 'table', comment: null }))).toBe('QR #14');
  });

  it('a one-dish order holds a note with a comment of 180 beside the longest placement name', () => {
    const note = iikoNote(
      draft({ number: 9999, tableName: 'S'.repeat(PLACEMENT_LIMITS.name), comment: 'g'.repeat(180) }),
    );
    expect(note.length).toBeLessThanOrEqual(IIKO_ITEM_COMMENT_LENGTH);
    expect(iikoItemComments(note, 1)).toEqual({ comments: [note], cut: 0 });
  });

  it('a three-dish order holds the longest note our limits allow, whole', () => {
    const longest = iikoNote(
      draft({
        number: 9999,
        tableName: 'S'.repeat(PLACEMENT_LIMITS.name),
        comment: Array.from({ length: ORDER_LIMITS.comment }, (_, i) => (i % 7 === 6 ? ' ' : 'g')).join(''),
      }),
    );
    const { comments, cut } = iikoItemComments(longest, 3);
    expect(cut).toBe(0);
    const joined = (comments as string[]).map((c, i) => (i === 0 ? c : c.slice(1))).join('');
    expect(joined).toBe(longest);
  });

  it('a longer note goes on with the next dishes, broken after a space', () => {
    const words = Array.from({ length: 60 }, (_, i) => `so'z${i}`).join(' ');
    const { comments, cut } = iikoItemComments(words, 3);
    expect(cut).toBe(0);
    expect(comments[2]).toBeNull();
    const [first, second] = comments as [string, string];
    expect(first.length).toBeLessThanOrEqual(IIKO_ITEM_COMMENT_LENGTH);
    expect(first.endsWith(' ')).toBe(true);
    expect(second.startsWith('…')).toBe(true);
    expect(first + second.slice(1)).toBe(words);
  });

  it('what no dish holds is cut, ends with «…» and is logged', () => {
    const warn = vi.fn();
    const note = 'x'.repeat(600);
    const items = iikoItems(
      draft({ tableId: 'table', comment: note, lines: [line('Mastava'), line('Kompot')] }),
      { warn } as never,
    );
    const [a, b] = items.map((i) => i.comment) as [string, string];
    expect(a.length).toBe(IIKO_ITEM_COMMENT_LENGTH);
    expect(b.length).toBe(IIKO_ITEM_COMMENT_LENGTH);
    expect(b.endsWith('…')).toBe(true);
    const kept = a.length + b.length - 2;
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: '01a2166c8885000050f554e6', cut: 'QR #14 · '.length + 600 - kept }),
      expect.stringContaining('cut'),
    );
  });

  it('counts a character outside the basic plane as iiko (.NET) does: two units', () => {
    const note = '🍵'.repeat(200);
    const { comments, cut } = iikoItemComments(note, 2);
    expect((comments[0] as string).length).toBeLessThanOrEqual(IIKO_ITEM_COMMENT_LENGTH);
    expect(Array.from(comments[0] as string).every((c) => c === '🍵')).toBe(true);
    expect(cut).toBe(0);
    expect((comments[0] as string) + (comments[1] as string).slice(1)).toBe(note);
  });
});
