import type { FileEntry } from '@cadenza/contracts/uploads';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { UploadItem } from './upload-queue';

const api = vi.hoisted(() => ({ post: vi.fn() }));
const tusUploads = vi.hoisted(
  () => [] as { options: Record<string, unknown>; abort: ReturnType<typeof vi.fn> }[],
);
vi.mock('../../../api/client', () => ({
  apiClient: { post: api.post },
  ownServerPost: (path: string) => ({ url: `/api/v1/${path}`, headers: {} }),
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    url = '/api/v1/tus/upload/abc';
    abort = vi.fn(async () => undefined);
    constructor(
      _file: File,
      readonly options: Record<string, unknown>,
    ) {
      tusUploads.push(this as never);
    }
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
    start() {}
  },
}));

const { chooseTransport, multipartTransport, tusTransport } = await import('./transports');

const MB = 1024 * 1024;
const item = (file: File, extra: Partial<UploadItem> = {}): UploadItem => ({
  id: 'upload-1',
  name: file.name,
  size: file.size,
  mime: 'audio/flac',
  extension: 'flac',
  relativePath: '',
  status: 'inProgress',
  percentage: 0,
  bytesUploaded: 0,
  ...extra,
});
const bigFile = (size: number) => {
  const file = new File([], 'live-set.flac', { lastModified: 1 });
  Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(file, 'slice', { value: () => new Blob(['part']) });
  return file;
};

/** Storage that takes each part PUT and answers its ETag. */
function stubStorage() {
  const puts: string[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    status = 200;
    responseText = '';
    onload: (() => void) | null = null;
    url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return `"etag-${this.url}"`;
    }
    abort() {}
    send() {
      puts.push(this.url);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return puts;
}

beforeEach(() => {
  api.post.mockReset();
  tusUploads.length = 0;
  localStorage.clear();
});

describe('a multipart upload sent again', () => {
  it('asks which parts the storage holds and sends only the others', async () => {
    const puts = stubStorage();
    const file = bigFile(100 * MB); // five parts of 20 MB
    const calls: [string, unknown][] = [];
    let attempt = 0;
    api.post.mockImplementation(async (path: string, body: unknown) => {
      calls.push([path, body]);
      if (path === 's3/multipart/create') return { key: 'direct/k', uploadId: 'u1' };
      if (path === 's3/multipart/get-uploaded-parts') {
        return { parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: `"held-${n}"` })) };
      }
      if (path === 's3/multipart/batch-sign-part-urls') {
        attempt += 1;
        // The first attempt loses the network before any part goes.
        if (attempt === 1) throw new ApiError(0, null, 'Network Error');
        const { partNumbers } = body as { partNumbers: number[] };
        return { urls: partNumbers.map((n) => ({ partNumber: n, url: `https://s3/part-${n}` })) };
      }
      if (path === 's3/multipart/complete') return {};
      if (path === 's3/entries') return { fileEntry: { id: 7 } as FileEntry };
      throw new Error(`unexpected ${path}`);
    });
    const context = { onProgress: () => {}, signal: new AbortController().signal };
    await expect(multipartTransport.send(file, item(file), context)).rejects.toThrow();
    expect(calls.map(([path]) => path)).not.toContain('s3/multipart/abort');

    const entry = await multipartTransport.send(file, item(file), context);
    expect(entry).toEqual({ id: 7 });
    expect(calls.filter(([path]) => path === 's3/multipart/create')).toHaveLength(1);
    expect(calls.find(([path]) => path === 's3/multipart/get-uploaded-parts')?.[1]).toEqual({
      key: 'direct/k',
      uploadId: 'u1',
    });
    expect(puts).toEqual(['https://s3/part-4', 'https://s3/part-5']);
    const complete = calls.find(([path]) => path === 's3/multipart/complete')![1] as {
      parts: { PartNumber: number; ETag: string }[];
    };
    expect(complete.parts.map((part) => part.PartNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(complete.parts[0]!.ETag).toBe('"held-1"');
  });
});

describe('a resumable upload', () => {
  it('sends the spec’s metadata, disk and folder included, and terminates when cancelled', async () => {
    const file = bigFile(8 * MB);
    const controller = new AbortController();
    const sent = tusTransport(5 * MB).send(file, item(file, { parentId: 12 }), {
      onProgress: () => {},
      signal: controller.signal,
    });
    const upload = tusUploads[0]!;
    expect(upload.options.metadata).toMatchObject({
      clientName: 'live-set.flac',
      disk: 'uploads',
      parentId: '12',
    });
    controller.abort();
    await expect(sent).rejects.toThrow('request aborted');
    expect(upload.abort).toHaveBeenCalledWith(true);
  });
});

describe('direct upload the server does not offer', () => {
  it('sends the file through the server instead', async () => {
    api.post.mockImplementation(async (path: string) => {
      if (path === 's3/simple/presign') {
        throw new ApiError(403, {
          message: 'Direct uploads need S3-compatible storage.',
          errors: { disk: 'Direct uploads need S3-compatible storage.' },
        });
      }
      if (path === 'tus/entries') return { fileEntry: { id: 9 } as FileEntry };
      throw new Error(`unexpected ${path}`);
    });
    const file = bigFile(8 * MB);
    const transport = chooseTransport(file, {
      disableTus: false,
      chunkSize: 5 * MB,
      directUpload: true,
    });
    const sent = transport.send(file, item(file), {
      onProgress: () => {},
      signal: new AbortController().signal,
    });
    await vi.waitFor(() => expect(tusUploads).toHaveLength(1));
    (tusUploads[0]!.options.onSuccess as () => void)();
    await expect(sent).resolves.toEqual({ id: 9 });
  });
});
