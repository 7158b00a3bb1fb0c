import { useSyncExternalStore } from 'react';
import { queryClient } from '../../api/query-client';
import { getBootstrapData, readSetting } from '../../api/bootstrap';
import { i18n } from '../../i18n/i18n';
import { fileEntryKeys } from './api/file-entries-api';
import { chooseTransport } from './queue/transports';
import { UploadQueue, type UploadItem } from './queue/upload-queue';

let queue: UploadQueue | undefined;

/** The one upload queue of the tab, reading the upload settings as they are now. */
export function uploadQueue(): UploadQueue {
  const settings = () => getBootstrapData().settings;
  queue ??= new UploadQueue({
    restrictions: () => ({
      maxSize: readSetting(settings(), 'uploads.max_size'),
      allowed: readSetting(settings(), 'uploads.allowed_types') ?? [],
      blocked: readSetting(settings(), 'uploads.blocked_types') ?? [],
    }),
    transportFor: (file) =>
      chooseTransport(file, {
        disableTus: readSetting(settings(), 'uploads.disable_tus') === true,
        directUpload: readSetting(settings(), 'uploads.direct_upload') === true,
        chunkSize: readSetting(settings(), 'uploads.chunk_size') ?? 5 * 1024 * 1024,
      }),
    language: () => i18n.language,
    onCompleted: () => void queryClient.invalidateQueries({ queryKey: fileEntryKeys.all }),
  });
  return queue;
}

/** The queue's items, re-rendering as they change, and its actions. */
export function useUploadQueue() {
  const current = uploadQueue();
  const items = useSyncExternalStore(current.subscribe, current.getItems);
  return {
    items,
    add: (files: Iterable<File>) => current.add(files),
    abort: (id: string) => current.abort(id),
    clear: () => current.clear(),
  };
}

/** Sends one file through the queue (with its progress shown there); resolves once it is done with. */
export function uploadOne(file: File): { id: string; settled: Promise<UploadItem> } | undefined {
  const current = uploadQueue();
  const [added] = current.add([file]);
  if (!added) return undefined;
  return { id: added.id, settled: untilSettled(current, added.id) };
}

/** The upload once it is done with: completed, failed or aborted. */
function untilSettled(queue: UploadQueue, id: string): Promise<UploadItem> {
  return new Promise((resolve) => {
    const check = () => {
      const item = queue.getItems().find((candidate) => candidate.id === id);
      if (item && item.status !== 'pending' && item.status !== 'inProgress') {
        unsubscribe();
        resolve(item);
      }
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}
