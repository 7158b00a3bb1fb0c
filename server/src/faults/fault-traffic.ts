import fs from 'node:fs';

/** One answer the traffic got: when it was asked (ms since the traffic began), and what came back. */
export interface Answer {
  kind: string;
  at: number;
  ms: number;
  /** 0: no answer within the client's timeout. */
  status: number;
  retryAfter: string | undefined;
}

type Send = () => Promise<{ statusCode: number; headers: Record<string, unknown> }>;

/**
 * Clients asking one request after another while a fault comes and goes: each loop sends its
 * next request once the last is answered (or given up after the client's timeout), and every
 * answer is kept with its time, to be judged per window.
 */
export class Traffic {
  readonly answers: Answer[] = [];
  private readonly began = performance.now();
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(private readonly timeoutMs = 10_000) {}

  /** Milliseconds since the traffic began. */
  now(): number {
    return performance.now() - this.began;
  }

  loop(kind: string, send: Send, pauseMs = 25): void {
    this.loops.push(
      (async () => {
        while (this.running) {
          this.answers.push(await this.timed(kind, send));
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      })(),
    );
  }

  /** Whether every one of `kinds` has been answered (below 400) by a request asked after `since`. */
  isBack(kinds: string[], since: number): boolean {
    return kinds.every((kind) =>
      this.answers.some(
        (answer) => answer.kind === kind && answer.at > since && answer.status < 400,
      ),
    );
  }

  /** Waits until every one of `kinds` is back after `since` (see `isBack`), or `withinMs` passed. */
  async untilBack(kinds: string[], since: number, withinMs: number): Promise<void> {
    while (!this.isBack(kinds, since) && this.now() - since < withinMs) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async timed(kind: string, send: Send): Promise<Answer> {
    const at = this.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.timeoutMs);
    });
    const answer = await Promise.race([send().catch(() => undefined), timeout]);
    clearTimeout(timer);
    const retryAfter = answer?.headers['retry-after'];
    return {
      kind,
      at,
      ms: this.now() - at,
      status: answer?.statusCode ?? 0,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    };
  }
}

/** What a fault did to the traffic, as the fault suite reports it. */
export interface FaultFigures {
  fault: string;
  /** Requests asked while the fault lasted. */
  requests: number;
  /**
   * Of those, answered 503 with a Retry-After: the clear refusal clients can act on (for a full
   * disk, 507: storage full).
   */
  unavailable: number;
  /** Answers anywhere in the run that were neither right nor that refusal (goal 0). */
  otherErrors: number;
  /** From the fault's end to the first request of each kind answered as before (goal < 5 s). */
  recoverySeconds: number;
  /** Writes answered as done that are not there afterwards (goal 0). */
  writesLost: number;
  /** Under load only: the requests answered per second over the whole load. */
  requestsPerSecond?: number;
  /** Under load only: the app's resident memory once warm, before the load, and after it (MB). */
  memoryBeforeMb?: number;
  memoryAfterMb?: number;
  /** Under load only: the JavaScript heap in use before and after the load (MB). */
  heapBeforeMb?: number;
  heapAfterMb?: number;
}

export const isRefusal = (answer: Answer) =>
  answer.status === 503 && answer.retryAfter !== undefined;

/** An answer that is neither a success nor the refusal a fault may cause. */
export const isOtherError = (answer: Answer) =>
  answer.status === 0 || (answer.status >= 500 && !isRefusal(answer));

/**
 * The figures of one fault that lasted from `from` to `to` (ms since the traffic began): the
 * recovery is the longest wait, over the kinds of request, for one asked after `to` to succeed.
 */
export function figuresOf(
  fault: string,
  answers: Answer[],
  { from, to }: { from: number; to: number },
  writesLost: number,
): FaultFigures {
  const during = answers.filter((answer) => answer.at >= from && answer.at < to);
  const kinds = [...new Set(answers.map((answer) => answer.kind))];
  const recoveries = kinds.map((kind) => {
    const back = answers.find(
      (answer) => answer.kind === kind && answer.at >= to && answer.status < 400,
    );
    return back ? (back.at + back.ms - to) / 1000 : Infinity;
  });
  return {
    fault,
    requests: during.length,
    unavailable: during.filter(isRefusal).length,
    otherErrors: answers.filter(isOtherError).length,
    recoverySeconds: Math.max(0, ...recoveries),
    writesLost,
  };
}

/**
 * One line per fault: the suite's report of what each did to the traffic; also kept as a JSON
 * line in the file FAULT_FIGURES names, for the benchmark to gather.
 */
export function report(figures: FaultFigures): void {
  const file = process.env.FAULT_FIGURES;
  if (file) fs.appendFileSync(file, `${JSON.stringify(figures)}\n`);
  process.stdout.write(
    `fault ${figures.fault}: ${figures.requests} requests during it, ${figures.unavailable} ` +
      `refused clearly, ${figures.otherErrors} other errors, back in ` +
      `${figures.recoverySeconds.toFixed(1)} s, ${figures.writesLost} acknowledged writes lost` +
      (figures.memoryBeforeMb === undefined
        ? ''
        : `, ${figures.requestsPerSecond?.toFixed(0)} requests/s, resident memory ` +
          `${figures.memoryBeforeMb.toFixed(0)} MB before, ${figures.memoryAfterMb?.toFixed(0)} MB after ` +
          `(heap in use ${figures.heapBeforeMb?.toFixed(0)} MB, ${figures.heapAfterMb?.toFixed(0)} MB)`) +
      '\n',
  );
}

/**
 * A tus creation request carrying the whole file, as a browser sends a small one, from a signed-in
 * client's cookies to the app at `base`.
 */
export async function sendTusCreation(
  base: string,
  client: { cookies: Map<string, string> },
  name: string,
  data: Buffer,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const answer = await fetch(`${base}/api/v1/tus/upload`, {
    method: 'POST',
    headers: {
      cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `clientName ${Buffer.from(name).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: data,
  });
  return {
    statusCode: answer.status,
    headers: Object.fromEntries(answer.headers) as Record<string, string>,
    body: await answer.text(),
  };
}
