import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifRangeHolds, matchesEtag, parseRange } from './byte-ranges.js';

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A file or stored object to answer with: its size and validators as they are now, and the way
 * to read its bytes (from a disk, an open file or an object store), whole or a range.
 */
export interface SentFile {
  size: number;
  /** A strong entity tag, quotes included. */
  etag: string;
  lastModified: Date;
  /** The Content-Type; `application/octet-stream` when none is known. */
  type: string | null | undefined;
  /** The bytes: all of them, or `range` only. */
  body: (range?: ByteRange) => Promise<Readable | Buffer>;
  /** Cache-Control, the caller's choice (who may keep the answer, and for how long). */
  cacheControl: string;
  /** Shown in the page (`inline`) or saved (`attachment`) under this name; none by default. */
  disposition?: { kind: 'inline' | 'attachment'; filename: string };
}

/** RFC 8187's attr-char: everything else in a filename* value is percent-encoded. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * A Content-Disposition any browser reads safely: a plain-ASCII `filename` (quotes, backslashes
 * and other characters replaced) for old clients, and the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

const headerOf = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/**
 * Answers a request with a file (RFC 9110): its type, validators (ETag, Last-Modified), a 304
 * to a matching If-None-Match, one byte range (206, or 416 past the end) while an If-Range still
 * holds, else the whole file. Used by every route that hands out audio or uploaded files.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SentFile,
): Promise<void> {
  const { size, etag, lastModified } = file;
  reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .type(file.type || 'application/octet-stream');
  if (file.disposition) {
    reply.header(
      'content-disposition',
      contentDisposition(file.disposition.kind, file.disposition.filename),
    );
  }

  if (matchesEtag(headerOf(request.headers['if-none-match']), etag)) {
    void reply.status(304).send();
    return;
  }

  const range = ifRangeHolds(headerOf(request.headers['if-range']), etag, lastModified)
    ? parseRange(request.headers.range, size)
    : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    void reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ message: 'The requested range is not satisfiable.' });
    return;
  }
  if (range.kind === 'partial') {
    const body = await file.body({ start: range.start, end: range.end });
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
    return;
  }
  const body = await file.body();
  void reply.header('content-length', size).send(body);
}

/**
 * Answers with a stream of unknown length (a file transcoded as it plays): no ranges, and the
 * work behind it stops when the listener goes.
 */
export function sendStream(
  reply: FastifyReply,
  {
    stream,
    type,
    cacheControl,
    stop,
  }: { stream: Readable; type: string; cacheControl: string; stop: () => void },
): void {
  reply.raw.on('close', stop);
  void reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'none')
    .type(type)
    .send(stream);
}
