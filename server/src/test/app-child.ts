import { spawn, type ChildProcess } from 'node:child_process';

/** The app running in a process of its own, started by a test. */
export interface AppChild {
  url: string;
  child: ChildProcess;
  /** Ends the process at once, as a crash or `kill -9` would: nothing of it runs any more. */
  kill(): Promise<void>;
  /** Asks it to shut down as a service manager does, and waits until it has. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node <args>` in `cwd` on `env` (over this process's own) and answers at once: wait for
 * it with `untilAnswers`. One process, with no launcher between, so killing it kills the app.
 */
export function spawnApp({
  url,
  args,
  cwd,
  env,
  output = 'ignore',
}: {
  url: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Where the app's standard output goes; its errors always show. */
  output?: 'ignore' | 'inherit';
}): AppChild {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', output, 'inherit'],
  });
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Resolves once the app's health check answers; throws when it exits or `seconds` pass. */
export async function untilAnswers(app: AppChild, name: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (app.child.exitCode !== null) {
      throw new Error(`${name} exited with code ${app.child.exitCode}`);
    }
    try {
      if ((await fetch(`${app.url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A visitor as a browser is one: cookies kept (whichever host and port answered, as cookies ignore
 * ports) and the anti-forgery cookie echoed on every write. Paths are taken from `base`; a full
 * URL goes where it says.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly base = '') {}

  headers(method = 'GET'): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET' && method !== 'HEAD') {
      headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    }
    return headers;
  }

  async request(
    target: string,
    init: {
      method?: string;
      json?: unknown;
      body?: RequestInit['body'];
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers = { ...this.headers(method), ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(/^https?:/.test(target) ? target : this.base + target, {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Signs in through the login endpoint, as the login form does. */
  async signIn(email: string, password: string, userAgent?: string): Promise<void> {
    const headers: Record<string, string> = userAgent ? { 'user-agent': userAgent } : {};
    await this.request('/', { headers });
    const response = await this.request('/auth/login', {
      method: 'POST',
      json: { email, password, remember: false },
      headers,
    });
    if (!response.ok) {
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    }
  }
}
