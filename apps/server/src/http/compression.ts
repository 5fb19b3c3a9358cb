import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers worth compressing: JSON, JavaScript, XML/SVG and text, never the live event stream
 * (`text/event-stream`: a compressor would hold frames back until its buffer fills). Already
 * compressed kinds (images, PDF, Office files, archives, octet-stream) are left as they are.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|\/javascript(?:;|$)/;

/** Below this many bytes compression saves less than its headers and CPU cost. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the API's answers (issue 15, Lighthouse `uses-text-compression`): brotli or gzip as
 * the client's Accept-Encoding prefers, for answers of at least 1 KB. Registered inside the API
 * context only, so the static files keep their pre-compressed `.br`/`.gz` siblings, ETags and
 * cache headers (web-app.ts). The live stream hijacks its reply and never passes through here.
 * Request bodies are not inflated: the body limit stays a limit on the bytes received.
 */
export async function installCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
}
