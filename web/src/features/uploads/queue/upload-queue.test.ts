import type { FileEntry } from '@cadenza/contracts/uploads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadError, UploadQueue, type Transport, type TransportContext } from './upload-queue';

/** A transport the test drives: each send waits until the test settles it. */
function controlledTransport(runsAlone = false) {
  const sends: {
    file: File;
    context: TransportContext;
    resolve: (entry: FileEntry) => void;
    reject: (error: Error) => void;
  }[] = [];
  const transport: Transport = {
    runsAlone: () => runsAlone,
    send: (file, _item, context) =>
      new Promise<FileEntry>((resolve, reject) => sends.push({ file, context, resolve, reject })),
  };
  return { transport, sends };
}

const entry = (id: number) => ({ id, name: `file-${id}` }) as FileEntry;
const file = (name: string, size = 1000, relativePath = '') => {
  const made = new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
  if (relativePath) Object.defineProperty(made, 'webkitRelativePath', { value: relativePath });
  return made;
};
const statuses = (queue: UploadQueue) => queue.getItems().map((item) => item.status);
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function queueWith(transport: Transport, options: { online?: boolean; maxSize?: number } = {}) {
  return new UploadQueue({
    restrictions: () => ({ maxSize: options.maxSize ?? 0, blocked: ['exe'] }),
    transportFor: () => transport,
    isOnline: () => options.online ?? true,
  });
}

describe('the upload queue', () => {
  it('runs three at a time and starts the next pending one when a slot frees', async () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport);
    queue.add([file('a'), file('b'), file('c'), file('d')]);
    expect(statuses(queue)).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending']);
    sends[0]!.resolve(entry(1));
    await flush();
    expect(statuses(queue)).toEqual(['completed', 'inProgress', 'inProgress', 'inProgress']);
    expect(queue.getItems()[0]!.entry).toEqual(entry(1));
  });

  it('runs folder uploads and uploads that must run alone one at a time', async () => {
    const folder = controlledTransport();
    const queue = queueWith(folder.transport);
    queue.add([file('1.mp3', 10, 'album/1.mp3'), file('2.mp3', 10, 'album/2.mp3')]);
    expect(statuses(queue)).toEqual(['inProgress', 'pending']);
    folder.sends[0]!.resolve(entry(1));
    await flush();
    expect(statuses(queue)).toEqual(['completed', 'inProgress']);

    const large = controlledTransport(true);
    const single = queueWith(large.transport);
    single.add([file('big.wav'), file('other.wav')]);
    expect(statuses(single)).toEqual(['inProgress', 'pending']);
  });

  it('fails a file that breaks a restriction at once, with the spec’s messages', () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport, { maxSize: 500 });
    queue.add([file('big.bin', 2000), file('tool.exe', 10), file('ok.bin', 10)]);
    expect(
      queue.getItems().map((item) => [item.status, item.errorMessage, item.errorValues]),
    ).toEqual([
      [
        'failed',
        '`{{file}}` exceeds maximum allowed size of {{size}}',
        { file: 'big.bin', size: '500 B' },
      ],
      ['failed', 'This file type is not allowed', undefined],
      ['inProgress', undefined, undefined],
    ]);
    expect(sends).toHaveLength(1);
  });

  it('fails an upload after 30 s without progress', async () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport);
    queue.add([file('slow.bin')]);
    await vi.advanceTimersByTimeAsync(20_000);
    sends[0]!.context.onProgress(100);
    expect(queue.getItems()[0]).toMatchObject({ bytesUploaded: 100, percentage: 10 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(statuses(queue)).toEqual(['inProgress']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queue.getItems()[0]).toMatchObject({
      status: 'failed',
      errorMessage: 'Upload timed out',
    });
    expect(sends[0]!.context.signal.aborted).toBe(true);
  });

  it('retries after 0, 3, 5, 10 and 20 s, then fails', async () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport);
    queue.add([file('flaky.bin')]);
    const startedAt: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(sends).toHaveLength(attempt + 1);
      startedAt.push(Date.now());
      sends[attempt]!.reject(new UploadError('Server Error', 500));
      await vi.advanceTimersByTimeAsync(
        attempt < 5 ? [0, 3_000, 5_000, 10_000, 20_000][attempt]! : 0,
      );
      await flush();
    }
    const gaps = startedAt.slice(1).map((at, index) => at - startedAt[index]!);
    expect(gaps).toEqual([0, 3_000, 5_000, 10_000, 20_000]);
    expect(queue.getItems()[0]).toMatchObject({ status: 'failed', errorMessage: 'Server Error' });
  });

  it('starts the count again when bytes went through', async () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport);
    queue.add([file('resumed.bin')]);
    sends[0]!.reject(new UploadError('Bad Gateway', 502));
    await vi.advanceTimersByTimeAsync(0);
    sends[1]!.reject(new UploadError('Bad Gateway', 502));
    await vi.advanceTimersByTimeAsync(3_000);
    sends[2]!.context.onProgress(500);
    sends[2]!.reject(new UploadError('Bad Gateway', 502));
    // Progress was made: the next wait is the first one again (0 s), not 10 s.
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(4);
  });

  it('does not retry a client error (except 409 and 423), nor while offline', async () => {
    const refused = controlledTransport();
    const queue = queueWith(refused.transport);
    queue.add([file('a.bin')]);
    refused.sends[0]!.reject(new UploadError('Forbidden', 403));
    await flush();
    expect(queue.getItems()[0]).toMatchObject({ status: 'failed', errorMessage: 'Forbidden' });

    const locked = controlledTransport();
    const lockedQueue = queueWith(locked.transport);
    lockedQueue.add([file('b.bin')]);
    locked.sends[0]!.reject(new UploadError('upload is currently locked; retry later', 423));
    await flush();
    expect(locked.sends).toHaveLength(2);

    const offline = controlledTransport();
    const offlineQueue = queueWith(offline.transport, { online: false });
    offlineQueue.add([file('c.bin')]);
    offline.sends[0]!.reject(new UploadError('Network Error'));
    await flush();
    expect(statuses(offlineQueue)).toEqual(['failed']);
  });

  it('aborts an upload, and clears all that are not in progress', async () => {
    const { transport, sends } = controlledTransport();
    const queue = queueWith(transport);
    const [first, second] = queue.add([file('a'), file('b'), file('c'), file('d')]);
    sends[0]!.resolve(entry(1));
    await flush();
    queue.abort(second!.id);
    expect(sends[1]!.context.signal.aborted).toBe(true);
    await flush();
    expect(statuses(queue)).toEqual(['completed', 'aborted', 'inProgress', 'inProgress']);
    queue.clear();
    expect(queue.getItems().map((item) => item.name)).toEqual(['c', 'd']);
    expect(first!.name).toBe('a');
  });
});
