import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../server/src/test/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  port: number;
  /** The instance itself, past the proxy. */
  url: string;
  child: ChildProcess;
  /** Ends the process at once, as a crash or `kill -9` would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function answers(url: string, child: ChildProcess, name: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Free ports for the instances, known before they start so the proxy can list them. */
export async function instancePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

/**
 * Starts the built app once per port, as the systemd unit of deploy/ does (`server/dist/main.js`
 * with one shared environment and its own PORT), all in the same moment; waits until each answers.
 * `oneAtATime` lets the first finish starting (migrating a new database) before the others start.
 */
export async function startInstances(
  ports: number[],
  env: Record<string, string>,
  { oneAtATime = false, startupSeconds = 90 } = {},
): Promise<Instance[]> {
  const start = (port: number, index: number): Instance => {
    const name = `instance ${String.fromCharCode(65 + index)} (:${port})`;
    const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
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
  };
  const instances: Instance[] = [];
  try {
    if (oneAtATime) {
      for (const [index, port] of ports.entries()) {
        const instance = start(port, index);
        instances.push(instance);
        await answers(instance.url, instance.child, instance.name, startupSeconds);
      }
    } else {
      instances.push(...ports.map(start));
      await Promise.all(
        instances.map(({ url, child, name }) => answers(url, child, name, startupSeconds)),
      );
    }
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
  return instances;
}

/**
 * A visitor as a browser is one: cookies kept (whichever host and port answered, as cookies
 * ignore ports) and the anti-forgery cookie echoed on every write.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: {
      method?: string;
      json?: unknown;
      body?: RequestInit['body'];
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && init.method && init.method !== 'GET')
      headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method: init.method ?? 'GET',
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

  /** Signs in through the login endpoint of `base`, as the login form does. */
  async signIn(base: string, email: string, password: string, userAgent?: string) {
    const headers: Record<string, string> = userAgent ? { 'user-agent': userAgent } : {};
    await this.request(`${base}/`, { headers });
    const response = await this.request(`${base}/auth/login`, {
      method: 'POST',
      json: { email, password, remember: false },
      headers,
    });
    if (!response.ok)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
}
