import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A reply body that many requests share (the ranking: one per snapshot), encoded once: its JSON bytes and their br
// and gzip variants, compressed off the event loop when the body changes, never per request. The app compresses other
// replies itself (@fastify/compress, server.ts) and leaves a reply that already says its Content-Encoding as it is.

export type Encoding = 'br' | 'gzip';

export interface EncodedBody {
  /** The body as sent without compression. */
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The body and its compressed variants, at the strongest settings (paid once per body, not per request). */
export async function encodeBody(identity: Buffer): Promise<EncodedBody> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * The encoding to send for an Accept-Encoding header: br or gzip, whichever the client weighs higher (br on a tie,
 * as @fastify/compress prefers it), or null for the bytes as they are. `*` stands for any encoding not named;
 * `x-gzip` is gzip; q=0 refuses.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let br = -1;
  let gz = -1;
  let any = -1;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'br') br = weight;
    else if (name === 'gzip' || name === 'x-gzip') gz = Math.max(gz, weight);
    else if (name === '*') any = weight;
  }
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Sends `body` in the encoding the request accepts best; Vary says the reply depends on Accept-Encoding. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  void reply.type(contentType).header('vary', 'accept-encoding');
  if (!encoding) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
