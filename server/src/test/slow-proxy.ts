import net from 'node:net';

export interface SlowProxy {
  url: string;
  /** From now on, each answer's bytes reach the client `ms` later (0: at once again). */
  delay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (`target`, host:port) that can make its answers slow, as a
 * storage server under load or behind a congested link is: what the client sends goes through at
 * once, what the server answers waits `delay` ms.
 */
export async function startSlowProxy(target: { host: string; port: number }): Promise<SlowProxy> {
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    // Answers keep their order: each waits for its own time, after the one before it.
    let last = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const wait = delayMs;
      last = last.then(async () => {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!client.destroyed) client.write(chunk);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    delay(ms) {
      delayMs = ms;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
