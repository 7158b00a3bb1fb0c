import {
  FORM_UPLOAD_LIMIT,
  MULTIPART_FROM,
  MULTIPART_PARALLEL,
  SIGNED_PARTS_PER_BATCH,
  multipartChunkSize,
  type FileEntry,
} from '@cadenza/contracts/uploads';
import * as tus from 'tus-js-client';
import { isApiError } from '../../../api/api-error';
import { apiClient, ownServerPost } from '../../../api/client';
import { isRetryable, UploadError, type Transport, type UploadItem } from './upload-queue';

/** Spec §9: each part of a multipart upload is tried three times. */
export const PART_ATTEMPTS = 3;
/** Spec §7: the disk uploads go to, private to their owners. */
export const UPLOADS_DISK = 'uploads';

/** The server's message for a failed answer: the file field's error, else its message. */
function errorOf(status: number, text: string): UploadError {
  try {
    const body = JSON.parse(text) as {
      message?: string;
      errors?: Record<string, string | string[]>;
    };
    const field = body.errors?.file;
    const message = (Array.isArray(field) ? field[0] : field) ?? body.message;
    if (message) return new UploadError(message, status);
  } catch {
    // not JSON
  }
  return status
    ? new UploadError(`Upload failed (${status})`, status)
    : new UploadError('Network Error');
}

/** The server sends files straight to storage no more (`errors.disk`): send them through it. */
export class DirectUploadUnavailable extends UploadError {}

/** An API call of an upload; its failure becomes an UploadError with the server's status. */
async function call<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await apiClient.post<T>(path, body, { signal });
  } catch (error) {
    if (isApiError(error)) {
      const direct = error.status === 403 && error.fieldError('disk');
      if (direct) throw new DirectUploadUnavailable(direct, 403);
      throw new UploadError(error.fieldError('file') ?? error.message, error.status || undefined);
    }
    throw error;
  }
}

/**
 * Sends a body with XMLHttpRequest, whose upload progress fetch cannot report. Resolves with the
 * answer's text and ETag header (a storage part's), rejects with an UploadError.
 */
function send(
  method: 'POST' | 'PUT',
  url: string,
  body: Blob | FormData,
  {
    headers = {},
    onProgress,
    signal,
  }: {
    headers?: Record<string, string>;
    onProgress: (loaded: number) => void;
    signal: AbortSignal;
  },
): Promise<{ text: string; etag: string | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    Object.entries(headers).forEach(([name, value]) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve({ text: request.responseText, etag: request.getResponseHeader('ETag') })
        : reject(errorOf(request.status, request.responseText));
    request.onerror = () => reject(new UploadError('Network Error'));
    request.onabort = () => reject(new UploadError('request aborted'));
    if (signal.aborted) return request.abort();
    signal.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}

/** Spec §7: the metadata of every kind of upload; files go to the private `uploads` disk. */
const metadataOf = (item: UploadItem) => ({
  ...(item.relativePath ? { relativePath: item.relativePath } : {}),
  ...(item.parentId ? { parentId: item.parentId } : {}),
});

/** The direct upload's object becomes an entry (spec §7, `s3/entries`). */
const entryOf = (file: File, item: UploadItem, key: string, signal: AbortSignal) =>
  call<{ fileEntry: FileEntry }>(
    's3/entries',
    {
      clientMime: item.mime,
      clientName: file.name,
      filename: key,
      size: file.size,
      clientExtension: item.extension,
      metadata: metadataOf(item),
    },
    signal,
  ).then((response) => response.fileEntry);

/** Form upload (spec §7), below 4 MB. */
export const formTransport: Transport = {
  runsAlone: () => false,
  async send(file, item, { onProgress, signal }) {
    const form = new FormData();
    form.append('file', file);
    form.append('clientMime', item.mime);
    form.append('clientExtension', item.extension);
    form.append('metadata', JSON.stringify(metadataOf(item)));
    const { url, headers } = ownServerPost('file-entries');
    const { text } = await send('POST', url, form, { headers, onProgress, signal });
    return (JSON.parse(text) as { fileEntry: FileEntry }).fileEntry;
  },
};

/**
 * Resumable upload (spec §4, §7) with tus-js-client: PATCH and DELETE go as POST with the
 * override header, the upload is remembered in the browser so a reload resumes it, and the queue
 * (not tus-js-client) decides about retries. A finished upload becomes an entry.
 */
export function tusTransport(chunkSize: number): Transport {
  return {
    runsAlone: (file) => file.size > chunkSize,
    send: (file, item, { onProgress, signal }) =>
      new Promise<FileEntry>((resolve, reject) => {
        const upload = new tus.Upload(file, {
          endpoint: '/api/v1/tus/upload',
          chunkSize,
          retryDelays: [],
          overridePatchMethod: true,
          removeFingerprintOnSuccess: true,
          headers: ownServerPost('tus/upload').headers,
          metadata: {
            name: file.name,
            clientName: file.name,
            clientExtension: item.extension,
            clientMime: item.mime,
            clientSize: String(file.size),
            relativePath: item.relativePath,
            disk: UPLOADS_DISK,
            ...(item.parentId ? { parentId: String(item.parentId) } : {}),
          },
          onProgress: (bytes) => onProgress(bytes),
          onError: (error) => {
            const response = (error as tus.DetailedError).originalResponse;
            const status = response?.getStatus();
            reject(
              status ? errorOf(status, response?.getBody() ?? '') : new UploadError(error.message),
            );
          },
          onSuccess: () => {
            call<{ fileEntry: FileEntry }>('tus/entries', { uploadKey: upload.url }, signal).then(
              (response) => resolve(response.fileEntry),
              reject,
            );
          },
        });
        // A cancelled upload is terminated (DELETE), so its bytes and its share of the space go.
        signal.addEventListener('abort', () => {
          void upload.abort(true).catch(() => undefined);
          reject(new UploadError('request aborted'));
        });
        // A file sent before (the page reloaded mid-way) continues where it stopped.
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      }),
  };
}

/** Direct to storage in one PUT to a presigned URL (spec §7), below 100 MB. */
export const presignedTransport: Transport = {
  runsAlone: () => false,
  async send(file, item, { onProgress, signal }) {
    const mime = item.mime || 'application/octet-stream';
    const { url, key } = await call<{ url: string; key: string }>(
      's3/simple/presign',
      {
        filename: file.name,
        mime,
        size: file.size,
        extension: item.extension,
        metadata: metadataOf(item),
      },
      signal,
    );
    await send('PUT', url, file, { headers: { 'Content-Type': mime }, onProgress, signal });
    return entryOf(file, item, key, signal);
  },
};

/** Multipart uploads started and not finished, by file, kept across reloads as tus keeps its own. */
const STARTED_PREFIX = 'cadenza.multipart.';
const multipartFingerprint = (file: File, item: UploadItem) =>
  STARTED_PREFIX +
  [file.name, file.size, file.lastModified, item.relativePath, item.parentId ?? ''].join('/');

function readStarted(fingerprint: string): { key: string; uploadId: string } | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(fingerprint) ?? 'null') as {
      key?: unknown;
      uploadId?: unknown;
    } | null;
    return typeof saved?.key === 'string' && typeof saved.uploadId === 'string'
      ? { key: saved.key, uploadId: saved.uploadId }
      : undefined;
  } catch {
    return undefined;
  }
}
function saveStarted(fingerprint: string, started: { key: string; uploadId: string }) {
  try {
    localStorage.setItem(fingerprint, JSON.stringify(started));
  } catch {
    // Storage full or blocked: the upload still runs, it only cannot resume.
  }
}
function forgetStarted(fingerprint: string) {
  try {
    localStorage.removeItem(fingerprint);
  } catch {
    // as above
  }
}

/** Runs `work` on every item, at most `limit` at a time; the first failure rejects. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Direct multipart upload from 100 MB (spec §7, §9): parts of at least 20 MB, URLs signed ten at
 * a time, five parts in flight, each part tried three times; any failure aborts the upload.
 */
export const multipartTransport: Transport = {
  runsAlone: () => true,
  async send(file, item, { onProgress, signal }) {
    const mime = item.mime || 'application/octet-stream';
    const chunk = multipartChunkSize(file.size);
    const count = Math.ceil(file.size / chunk);
    const sent = new Map<number, number>();
    const report = () => onProgress([...sent.values()].reduce((sum, bytes) => sum + bytes, 0));
    const parts: { PartNumber: number; ETag: string }[] = [];
    // The same file sent before (an attempt that failed, a page reloaded) goes on from the
    // parts the storage already holds.
    const fingerprint = multipartFingerprint(file, item);
    let started = readStarted(fingerprint);
    if (started) {
      const held = await call<{ parts: { PartNumber: number; ETag: string; Size?: number }[] }>(
        's3/multipart/get-uploaded-parts',
        started,
        signal,
      ).catch(() => undefined);
      if (held) {
        for (const part of held.parts) {
          if (part.PartNumber > count) continue;
          parts.push({ PartNumber: part.PartNumber, ETag: part.ETag });
          sent.set(part.PartNumber, Math.min(chunk, file.size - (part.PartNumber - 1) * chunk));
        }
        report();
      } else started = undefined;
    }
    const { uploadId, key } =
      started ??
      (await call<{ uploadId: string; key: string }>(
        's3/multipart/create',
        {
          filename: file.name,
          mime,
          size: file.size,
          extension: item.extension,
          metadata: metadataOf(item),
        },
        signal,
      ));
    saveStarted(fingerprint, { key, uploadId });
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter(
      (partNumber) => !parts.some((part) => part.PartNumber === partNumber),
    );
    try {
      for (let first = 0; first < missing.length; first += SIGNED_PARTS_PER_BATCH) {
        const partNumbers = missing.slice(first, first + SIGNED_PARTS_PER_BATCH);
        const { urls } = await call<{ urls: { partNumber: number; url: string }[] }>(
          's3/multipart/batch-sign-part-urls',
          { key, uploadId, partNumbers },
          signal,
        );
        await eachLimited(urls, MULTIPART_PARALLEL, async ({ partNumber, url }) => {
          const body = file.slice((partNumber - 1) * chunk, partNumber * chunk);
          for (let attempt = 1; ; attempt++) {
            try {
              const { etag } = await send('PUT', url, body, {
                signal,
                onProgress: (loaded) => {
                  sent.set(partNumber, loaded);
                  report();
                },
              });
              if (!etag) throw new UploadError('The storage did not confirm a part.');
              parts.push({ PartNumber: partNumber, ETag: etag });
              return;
            } catch (error) {
              sent.set(partNumber, 0);
              if (attempt >= PART_ATTEMPTS || signal.aborted) throw error;
            }
          }
        });
      }
      parts.sort((a, b) => a.PartNumber - b.PartNumber);
      await call('s3/multipart/complete', { key, uploadId, parts }, signal);
    } catch (error) {
      // A failure the queue tries again keeps the parts sent, for the next attempt to go on
      // from; a cancelled upload, or one the server refused, is aborted.
      if (signal.aborted || !isRetryable(error, true)) {
        forgetStarted(fingerprint);
        await call('s3/multipart/abort', { key, uploadId }).catch(() => undefined);
      }
      throw error;
    }
    forgetStarted(fingerprint);
    return entryOf(file, item, key, signal);
  },
};

/**
 * Spec §9: a form upload below 4 MB; from there straight to storage when direct upload is on
 * (in parts from 100 MB), else resumable unless that is turned off.
 */
export function chooseTransport(
  file: File,
  settings: { disableTus: boolean; chunkSize: number; directUpload: boolean },
): Transport {
  if (file.size < FORM_UPLOAD_LIMIT) return formTransport;
  const throughServer = settings.disableTus ? formTransport : tusTransport(settings.chunkSize);
  if (!settings.directUpload) return throughServer;
  const direct = file.size >= MULTIPART_FROM ? multipartTransport : presignedTransport;
  return orWhenUnavailable(direct, throughServer);
}

/** A direct transport, and the one used once the server says direct upload is unavailable. */
export interface FallbackTransport extends Transport {
  direct: Transport;
  fallback: Transport;
}

/** Sends directly, or through the server when it answers that direct upload is unavailable. */
function orWhenUnavailable(direct: Transport, fallback: Transport): FallbackTransport {
  let unavailable = false;
  return {
    direct,
    fallback,
    runsAlone: (file) => (unavailable ? fallback : direct).runsAlone(file),
    async send(file, item, context) {
      if (!unavailable) {
        try {
          return await direct.send(file, item, context);
        } catch (error) {
          if (!(error instanceof DirectUploadUnavailable)) throw error;
          unavailable = true;
        }
      }
      return fallback.send(file, item, context);
    },
  };
}
