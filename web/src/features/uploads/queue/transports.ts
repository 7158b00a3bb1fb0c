import { FORM_UPLOAD_LIMIT, type FileEntry } from '@cadenza/contracts/uploads';
import { XSRF_COOKIE } from '@cadenza/contracts/http';
import * as tus from 'tus-js-client';
import { readCookie } from '../../../api/cookies';
import { UploadError, type Transport } from './upload-queue';

const xsrfHeader = (): Record<string, string> => {
  const token = readCookie(XSRF_COOKIE);
  return token ? { 'X-XSRF-TOKEN': token } : {};
};

/** The server's message of a failed answer, else the status text. */
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
  return new UploadError(
    status ? `Upload failed (${status})` : 'Network Error',
    status || undefined,
  );
}

/** Form upload (spec §7), through XMLHttpRequest for its upload progress. */
export const formTransport: Transport = {
  runsAlone: () => false,
  send: (file, item, { onProgress, signal }) =>
    new Promise<FileEntry>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', '/api/v1/file-entries');
      request.withCredentials = true;
      request.setRequestHeader('Accept', 'application/json');
      Object.entries(xsrfHeader()).forEach(([name, value]) =>
        request.setRequestHeader(name, value),
      );
      request.upload.onprogress = (event) => onProgress(event.loaded);
      request.onload = () => {
        if (request.status === 200) {
          resolve((JSON.parse(request.responseText) as { fileEntry: FileEntry }).fileEntry);
        } else reject(errorOf(request.status, request.responseText));
      };
      request.onerror = () => reject(new UploadError('Network Error'));
      signal.addEventListener('abort', () => request.abort());
      const form = new FormData();
      form.append('file', file);
      form.append('clientMime', item.mime);
      form.append('clientExtension', item.extension);
      form.append(
        'metadata',
        JSON.stringify(item.relativePath ? { relativePath: item.relativePath } : {}),
      );
      request.send(form);
    }),
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
          headers: xsrfHeader(),
          metadata: {
            name: file.name,
            clientName: file.name,
            clientExtension: item.extension,
            clientMime: item.mime,
            clientSize: String(file.size),
            relativePath: item.relativePath,
          },
          onProgress: (bytes) => onProgress(bytes),
          onError: (error) => {
            const status = (error as tus.DetailedError).originalResponse?.getStatus();
            const body = (error as tus.DetailedError).originalResponse?.getBody() ?? '';
            reject(status ? errorOf(status, body) : new UploadError(error.message));
          },
          onSuccess: () => {
            fetch('/api/v1/tus/entries', {
              method: 'POST',
              credentials: 'same-origin',
              headers: {
                'Content-Type': 'application/json',
                Accept: 'application/json',
                ...xsrfHeader(),
              },
              body: JSON.stringify({ uploadKey: upload.url }),
            })
              .then(async (response) => {
                const text = await response.text();
                if (response.ok) resolve((JSON.parse(text) as { fileEntry: FileEntry }).fileEntry);
                else reject(errorOf(response.status, text));
              })
              .catch(() => reject(new UploadError('Network Error')));
          },
        });
        signal.addEventListener('abort', () => void upload.abort());
        // A file sent before (the page reloaded mid-way) continues where it stopped.
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      }),
  };
}

/**
 * Spec §9: a form upload below 4 MB, resumable from there unless turned off. (Direct multipart
 * uploads from 100 MB are served by the API; their browser transport comes with the upload panel.)
 */
export function chooseTransport(
  file: File,
  settings: { disableTus: boolean; chunkSize: number },
): Transport {
  if (file.size < FORM_UPLOAD_LIMIT || settings.disableTus) return formTransport;
  return tusTransport(settings.chunkSize);
}
