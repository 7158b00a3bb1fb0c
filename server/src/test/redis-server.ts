import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

export interface RedisServer {
  url: string;
  /** Kills the server at once (SIGKILL), as a crash would: what it held in memory is gone. */
  halt(): Promise<void>;
  /** Starts it again on the same port, empty. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own (`redis-server` from the PATH) on a free port, in memory only,
 * so that tests of several instances neither need nor disturb a Redis of the machine.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  const ended = (process: ChildProcess) => process.exitCode !== null || process.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (ended(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    halt: () => end('SIGKILL'),
    async resume() {
      if (ended(child)) child = await launch(port);
    },
    stop: () => end('SIGTERM'),
  };
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    child.once('error', (error) =>
      reject(
        new Error(
          `redis-server is needed for this test (apt install redis-server): ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
  });
}
