import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../image-variants';

/** Field rules written once: the server validates with them, the forms resolve with them. */

export const LIMITS = {
  shortText: 200,
  longText: 2000,
  token: 500,
  url: 2048,
  maxPrice: 1_000_000_000_000,
  stopListBatch: 5000,
  uploadFiles: UPLOAD_MAX_FILES,
  uploadBytes: UPLOAD_MAX_BYTES,
  /** Shortest new password (manager accounts, resets, own changes, ADMIN_PASSWORD); logins take any. */
  passwordMin: 8,
} as const;

/**
 * Every input string starts here. PostgreSQL text cannot hold NUL (SQLite can), so NUL is
 * refused up front: both databases answer 400 instead of PostgreSQL failing with 500.
 */
export const plainString = () =>
  z.string().refine((v) => !v.includes('\u0000'), 'Must not contain the NUL character');

/** Opaque identifier (the spec's `_id`). */
export const id = plainString().trim().min(1).max(64);

/** A trimmed string that must not be blank. */
export const requiredText = (max: number = LIMITS.shortText) => plainString().trim().min(1).max(max);

/** A trimmed optional string; blank becomes null so that "cleared" is stored as null. */
export const optionalText = (max: number = LIMITS.shortText) =>
  plainString()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const slug = plainString().trim().min(1).max(100).regex(SLUG_PATTERN);

/**
 * An option's rule (docs/PRODUCT.md, "Options and their rules"): how many portions of its rows a
 * guest must and may choose on one dish (`choices`: at most this many in all), and how many times
 * one row may be taken (`rowQuantity`: «Qazi» x2). A POS that allows more (iiko's 99) is held to
 * these: an order within them is always within the POS's.
 */
export const OPTION_LIMITS = { choices: 20, rowQuantity: 10 } as const;

/** Prices are finite, non-negative numbers; strings are not coerced. */
export const price = z.number().finite().min(0).max(LIMITS.maxPrice);

export const isoDate = z.string();
