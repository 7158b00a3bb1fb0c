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
  /** Of those, answered 503 with a Retry-After: the clear refusal clients can act on. */
  unavailable: number;
  /** Answers anywhere in the run that were neither right nor that refusal (goal 0). */
  otherErrors: number;
  /** From the fault's end to the first request of each kind answered as before (goal < 5 s). */
  recoverySeconds: number;
  /** Writes answered as done that are not there afterwards (goal 0). */
  writesLost: number;
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

/** One line per fault: the suite's report of what each did to the traffic. */
export function report(figures: FaultFigures): void {
  process.stdout.write(
    `fault ${figures.fault}: ${figures.requests} requests during it, ${figures.unavailable} ` +
      `answered 503, ${figures.otherErrors} other errors, back in ` +
      `${figures.recoverySeconds.toFixed(1)} s, ${figures.writesLost} acknowledged writes lost\n`,
  );
}
