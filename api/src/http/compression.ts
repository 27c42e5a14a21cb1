import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The API's JSON answers compressed per request (brotli, else gzip) when the caller accepts it:
 * a restaurant's 1,000 products are ~430 KiB of JSON and ~70 KiB compressed, on a kitchen phone.
 * Static files and the guests' menu are precompressed elsewhere and never reach this. Brotli at
 * quality 4 costs about as much CPU as gzip's default and still beats it; answers under 1 KiB go
 * as they are (headers would eat the saving). Request bodies are not decompressed: no client
 * sends them compressed, and a compressed body would only be a way around the size limits.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
