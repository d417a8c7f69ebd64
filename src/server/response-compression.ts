import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

// JSON answers are compressed per request: a screen read is tens of kilobytes (the board's first
// page about 100 KB, the inbox's 45 KB), which on a phone's connection is most of the wait before
// the screen can paint. Brotli at the plugin's quality 4 costs about a millisecond per 100 KB.
// Only JSON: the live stream (text/event-stream) must reach the browser event by event, and the
// built files are compressed once at build time (static-files.ts). An answer the upstream already
// compressed passes as it came.
const COMPRESSED_TYPES = /^application\/(?:[\w.+-]+\+)?json\b/;

export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSED_TYPES,
    // Request bodies stay as sent: the BFF never asked browsers to compress them.
    globalDecompression: false,
  });
}
