import {
  restrictionProblem,
  type FileEntry,
  type UploadRestrictions,
} from '@cadenza/contracts/uploads';

/** Spec §4: the statuses an upload goes through. */
export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

/** Spec §3: what the queue shows of each file. */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  mime: string;
  extension: string;
  relativePath: string;
  /** The folder entry the file goes into, if any. */
  parentId?: number;
  status: UploadStatus;
  percentage: number;
  bytesUploaded: number;
  entry?: FileEntry;
  /** What went wrong: a translation key (with `errorValues`) or the server's message. */
  errorMessage?: string;
  errorValues?: Record<string, string>;
}

/** A failure of one attempt: its HTTP status when the server answered. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface TransportContext {
  onProgress(bytesUploaded: number): void;
  signal: AbortSignal;
}

/** One way of sending a file (form, resumable, direct); resolves with the entry it became. */
export interface Transport {
  send(file: File, item: UploadItem, context: TransportContext): Promise<FileEntry>;
  /** Whether this upload of this file limits the queue to one at a time (spec §4). */
  runsAlone(file: File): boolean;
}

/** Spec §9. */
export const CONCURRENCY = 3;
export const INACTIVITY_TIMEOUT_MS = 30_000;
export const RETRY_DELAYS_MS = [0, 3_000, 5_000, 10_000, 20_000];

/**
 * Spec §4: retry only while online, and not on a client error other than a conflict (409) or a
 * lock (423). A failure without a status (the network) is worth another try.
 */
export function isRetryable(error: unknown, online: boolean): boolean {
  if (!online) return false;
  const status = error instanceof UploadError ? error.status : undefined;
  if (status === undefined) return true;
  return status < 400 || status >= 500 || status === 409 || status === 423;
}

const extensionOf = (name: string) =>
  name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';

interface Job {
  item: UploadItem;
  file: File;
  transport: Transport;
  controller: AbortController;
}

/**
 * The browser's upload queue (spec §4, §9): items start in order as slots free (three at once,
 * one while a folder upload, a direct large upload or a multi-chunk resumable upload runs); a
 * file that breaks a restriction fails at once; 30 s without progress fails an upload with
 * 'Upload timed out'; a failed attempt is retried after 0, 3, 5, 10 and 20 s, the count starting
 * over whenever bytes went through. Framework-free: React reads it through `subscribe`.
 */
export class UploadQueue {
  private jobs: Job[] = [];
  private listeners = new Set<() => void>();
  private snapshot: UploadItem[] = [];
  private sequence = 0;

  constructor(
    private readonly options: {
      restrictions: () => UploadRestrictions;
      transportFor: (file: File) => Transport;
      isOnline?: () => boolean;
      /** The language sizes are written in, in restriction messages. */
      language?: () => string;
      /** Called with each file that became an entry. */
      onCompleted?: (entry: FileEntry) => void;
      wait?: (ms: number, signal: AbortSignal) => Promise<void>;
    },
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getItems = () => this.snapshot;

  /** Queues files; a folder's files carry their path (`webkitRelativePath`). */
  add(files: Iterable<File>, { parentId }: { parentId?: number } = {}): UploadItem[] {
    const added: UploadItem[] = [];
    for (const file of files) {
      const item: UploadItem = {
        id: `upload-${++this.sequence}`,
        name: file.name,
        size: file.size,
        mime: file.type,
        extension: extensionOf(file.name),
        relativePath: file.webkitRelativePath ?? '',
        ...(parentId ? { parentId } : {}),
        status: 'pending',
        percentage: 0,
        bytesUploaded: 0,
      };
      const refused = restrictionProblem(
        item,
        this.options.restrictions(),
        this.options.language?.(),
      );
      if (refused) {
        Object.assign(item, {
          status: 'failed',
          errorMessage: refused.message,
          errorValues: refused.values,
        });
      }
      this.jobs.push({
        item,
        file,
        transport: this.options.transportFor(file),
        controller: new AbortController(),
      });
      added.push(item);
    }
    this.changed();
    this.pump();
    return added.map((item) => this.find(item.id)!.item);
  }

  abort(id: string): void {
    const job = this.find(id);
    if (!job || (job.item.status !== 'pending' && job.item.status !== 'inProgress')) return;
    job.controller.abort();
    this.update(job, { status: 'aborted' });
    this.pump();
  }

  /** Removes every item that is not in progress. */
  clear(): void {
    this.jobs = this.jobs.filter((job) => job.item.status === 'inProgress');
    this.changed();
  }

  private find(id: string) {
    return this.jobs.find((job) => job.item.id === id);
  }

  private limit(): number {
    const running = this.jobs.filter((job) => job.item.status === 'inProgress');
    const alone = running.some((job) => job.item.relativePath || job.transport.runsAlone(job.file));
    return alone ? 1 : CONCURRENCY;
  }

  private pump(): void {
    for (;;) {
      const running = this.jobs.filter((job) => job.item.status === 'inProgress').length;
      const next = this.jobs.find((job) => job.item.status === 'pending');
      if (!next || running >= this.limit()) return;
      // A file that must run alone waits for the others to finish.
      if (running > 0 && (next.item.relativePath || next.transport.runsAlone(next.file))) return;
      this.update(next, { status: 'inProgress' });
      void this.run(next);
    }
  }

  private async run(job: Job): Promise<void> {
    const isOnline = this.options.isOnline ?? (() => navigator.onLine);
    const wait = this.options.wait ?? delay;
    let attempt = 0;
    for (;;) {
      let progressed = false;
      try {
        const entry = await this.attempt(job, () => {
          progressed = true;
        });
        this.update(job, {
          status: 'completed',
          entry,
          percentage: 100,
          bytesUploaded: job.file.size,
        });
        this.options.onCompleted?.(entry);
        break;
      } catch (error) {
        if (job.controller.signal.aborted && job.item.status === 'aborted') break;
        if (progressed) attempt = 0;
        const timedOut = error instanceof UploadError && error.message === 'Upload timed out';
        if (timedOut || attempt >= RETRY_DELAYS_MS.length || !isRetryable(error, isOnline())) {
          this.update(job, { status: 'failed', errorMessage: messageOf(error) });
          break;
        }
        try {
          await wait(RETRY_DELAYS_MS[attempt]!, job.controller.signal);
        } catch {
          break;
        }
        attempt += 1;
      }
    }
    this.pump();
  }

  /** One try, failed with 'Upload timed out' when no bytes move for 30 s. */
  private attempt(job: Job, onProgressMade: () => void): Promise<FileEntry> {
    const attemptController = new AbortController();
    const stop = () => attemptController.abort();
    job.controller.signal.addEventListener('abort', stop);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fail: (error: Error) => void = () => {};
    const timedOut = new Promise<never>((_, reject) => (fail = reject));
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        attemptController.abort();
        fail(new UploadError('Upload timed out'));
      }, INACTIVITY_TIMEOUT_MS);
    };
    armTimer();
    const sent = job.transport.send(job.file, job.item, {
      signal: attemptController.signal,
      onProgress: (bytes) => {
        armTimer();
        if (bytes > job.item.bytesUploaded) onProgressMade();
        this.update(job, {
          bytesUploaded: bytes,
          percentage: job.file.size
            ? Math.min(100, Math.round((bytes / job.file.size) * 100))
            : 100,
        });
      },
    });
    return Promise.race([sent, timedOut]).finally(() => {
      clearTimeout(timer);
      job.controller.signal.removeEventListener('abort', stop);
    });
  }

  private update(job: Job, changes: Partial<UploadItem>): void {
    job.item = { ...job.item, ...changes };
    this.changed();
  }

  private changed(): void {
    this.snapshot = this.jobs.map((job) => job.item);
    this.listeners.forEach((listener) => listener());
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Upload failed';
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
