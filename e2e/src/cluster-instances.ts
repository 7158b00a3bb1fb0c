import path from 'node:path';
import { spawnApp, untilAnswers, type AppChild } from '../../server/src/test/app-child.js';
import { freePort } from '../../server/src/test/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Instance extends AppChild {
  name: string;
  port: number;
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
  const start = (port: number, index: number): Instance => ({
    ...spawnApp({
      url: `http://127.0.0.1:${port}`,
      args: ['--enable-source-maps', 'server/dist/main.js'],
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    }),
    name: `instance ${String.fromCharCode(65 + index)} (:${port})`,
    port,
  });
  const instances: Instance[] = [];
  try {
    if (oneAtATime) {
      for (const [index, port] of ports.entries()) {
        const instance = start(port, index);
        instances.push(instance);
        await untilAnswers(instance, instance.name, startupSeconds);
      }
    } else {
      instances.push(...ports.map(start));
      await Promise.all(
        instances.map((instance) => untilAnswers(instance, instance.name, startupSeconds)),
      );
    }
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
  return instances;
}
