/**
 * The variables' table's own types and the rules of their values (docs/CONFIGURATION.md is
 * written from the table: env.ts). Each part of the app lists its variables beside the others of
 * its part in this folder.
 */
import { z } from 'zod';

/** The sections of docs/CONFIGURATION.md, in their order. */
export const GROUPS = {
  server: 'The server',
  accounts: 'Accounts and sign-in',
  front: "The front end and the guests' pages",
  orders: "Guests' orders",
  pictures: 'Pictures',
  pos: 'POS and the integration feed',
  telegram: "The restaurants' Telegram bots",
  payments: 'Paying the bill (Payme, Click)',
  cluster: 'Several servers',
  releases: "Releasing a module (the server's rules; `pnpm release` reads the last two)",
  build: 'Building the front end (read by the build, not the server)',
  test: 'Tests only',
  bench: 'Benchmarks only',
  system: 'Set by the system or pnpm',
} as const;
export type Group = keyof typeof GROUPS;

/** A variable the server reads: its text (trimmed; unset or blank: `undefined`) goes through `schema`. */
export interface Setting<T = unknown> {
  group: Group;
  /** The values it takes, as the doc says them (the error of a wrong value repeats it). */
  values: string;
  /** The default in words, when the schema's own default (of unset) does not say it. */
  default?: string;
  meaning: string;
  schema: z.ZodType<T>;
  /** Read as given, spaces and all (a password may end with one). */
  verbatim?: true;
}

/** A variable the scripts, the front's build, the tests or the benches read directly. */
export interface OtherVariable {
  group: Group;
  default: string;
  meaning: string;
}

export const setting = <T>(s: Setting<T>): Setting<T> => s;

// ---- the values' rules ----

export const text = z.string().optional();

/** A whole number of at least `min` (milliseconds, a port): `fallback` when unset. */
export const whole = (min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A number above zero (minutes, megabytes): `fallback` when unset. */
export const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];
/** On or off: 1/true/yes/on or 0/false/no/off (any case); off when unset. */
export const flag = z
  .string()
  .toLowerCase()
  .pipe(z.enum([...YES, ...NO]))
  .transform((v) => YES.includes(v))
  .default(false);

/** An absolute URL whose scheme is one of `schemes` (no trailing slash kept). */
export const url = (...schemes: string[]) =>
  z
    .url({ protocol: new RegExp(`^(${schemes.join('|')})$`) })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional();

/** Parsed by a function that throws a message naming the variable (its rule lives beside its use). */
export const parsedBy = <T>(parse: (v: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parse(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    });

/** A comma-separated list (blank entries dropped). */
export const commaList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
