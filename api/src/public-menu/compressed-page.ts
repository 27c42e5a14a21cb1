import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts, by its q-values (`br` first on a tie), else none. */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return (negotiate(value, ENCODINGS) as Encoding | null) ?? 'identity';
}

/**
 * A rendered page with a weak ETag (the same for every encoding of the same HTML) and its
 * compressed forms, each made on first use off the main thread and then kept with the page.
 * Brotli quality 5: a 1,000-product page compresses in ~15 ms, within a few % of quality 9's
 * size; 11 costs ~40x the time for ~10 % less.
 */
export class CompressedPage {
  readonly etag: string;
  private readonly forms = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly html: Buffer) {
    this.etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  }

  static of(html: string): CompressedPage {
    return new CompressedPage(Buffer.from(html));
  }

  /** Bytes held once compressed too (compressed forms are estimated at a quarter). */
  get size(): number {
    return Math.ceil(this.html.length * 1.25);
  }

  body(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.html);
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? brotli(this.html, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.html.length,
              },
            })
          : gzipAsync(this.html, { level: 6 });
      this.forms.set(encoding, form);
    }
    return form;
  }

  /** True when an `If-None-Match` header names this page's ETag (or `*`). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    const mine = weak(this.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === mine);
  }
}
