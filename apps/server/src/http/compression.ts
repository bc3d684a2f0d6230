import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers of text, JSON and CSV (lists, exports, the web's assets) compressed when the client
 * accepts it: Brotli (quality 4, the plugin's default: 11 costs far more CPU for little) or gzip.
 * Streams stay streams (an export is compressed as it is written). Request bodies are never
 * decompressed: a body counts against the 1 MiB limit as sent, and an ingest signature is over the
 * bytes sent. Headers set before (CSP, no-store) are kept; `Vary: accept-encoding` is added.
 */
export const registerCompression = (app: FastifyInstance) =>
  app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });

type Encoding = 'br' | 'gzip';

/** The encoding the client prefers among br and gzip (`q` weights honoured, br on a tie), if any. */
export const acceptedEncoding = (header: string | undefined): Encoding | undefined => {
  let best: { encoding: Encoding; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    // `*`: any encoding; gzip, which every client that says so can read.
    const encoding = name === 'br' || name === 'gzip' ? name : name === '*' ? 'gzip' : undefined;
    if (encoding && (!best || q > best.q || (q === best.q && encoding === 'br'))) best = { encoding, q };
  }
  return best?.encoding;
};

const compressors: Record<Encoding, (b: Buffer, brotliQuality: number) => Promise<Buffer>> = {
  br: (b, quality) =>
    promisify(brotliCompress)(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
  gzip: (b) => promisify(gzip)(b, { level: 9 }),
};

/**
 * A fixed answer compressed once, off the event loop, on first demand — not on every request: a
 * large document anyone may ask for would otherwise cost CPU per request (the Scalar bundle, 4.3 MB,
 * takes ~100-180 ms to compress). Answers the compressed bytes, with `Content-Encoding` set (so the
 * plugin leaves them be), or undefined when the client accepts neither br nor gzip.
 */
export const precompressed = (content: () => Promise<Buffer>, brotliQuality = 11) => {
  const variants = new Map<Encoding, Promise<Buffer>>();
  return (req: FastifyRequest, reply: FastifyReply): Promise<Buffer> | undefined => {
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return undefined;
    let variant = variants.get(encoding);
    if (!variant) {
      variant = content().then((b) => compressors[encoding](b, brotliQuality));
      variants.set(encoding, variant);
      // A failure is not kept: the next request tries again.
      variant.catch(() => variants.delete(encoding));
    }
    reply.header('content-encoding', encoding);
    return variant;
  };
};
