import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IcyStation {
  /** The station's root: `/live` streams, `/page` is a web page, `/to-private` redirects inward. */
  url: string;
  /** Listeners connected now. */
  openStreams(): number;
  close(): Promise<void>;
}

/**
 * A stand-in for an Icecast/SHOUTcast server: `/live` streams `audio` in a loop without end, with
 * an ICY metadata block carrying `title` every `metaint` bytes for players that ask
 * (`Icy-MetaData: 1`). The first four blocks go at once, then one every `intervalMs` (a real
 * station's pace, or faster for tests that only read).
 */
export async function startIcyStation({
  audio,
  title,
  metaint = 4096,
  intervalMs = 20,
}: {
  audio: Buffer;
  title: string;
  metaint?: number;
  intervalMs?: number;
}): Promise<IcyStation> {
  let open = 0;
  const text = Buffer.from(`StreamTitle='${title}';`);
  const block = Buffer.alloc(Math.ceil(text.length / 16) * 16);
  text.copy(block);
  const metadata = Buffer.concat([Buffer.from([block.length / 16]), block]);

  const server = http.createServer((request, response) => {
    if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
      return;
    }
    if (request.url === '/to-private') {
      response.writeHead(302, { location: 'http://10.1.2.3/live' }).end();
      return;
    }
    const withMetadata = request.headers['icy-metadata'] === '1';
    response.writeHead(200, {
      'content-type': 'audio/mpeg',
      'icy-name': 'Night Owls FM',
      ...(withMetadata ? { 'icy-metaint': String(metaint) } : {}),
    });
    open++;
    response.once('close', () => open--);
    let offset = 0;
    const send = () => {
      if (response.destroyed) return;
      const part = Buffer.alloc(metaint);
      for (let i = 0; i < metaint; i++) part[i] = audio[(offset + i) % audio.length]!;
      offset += metaint;
      response.write(withMetadata ? Buffer.concat([part, metadata]) : part);
      setTimeout(send, offset < 4 * metaint ? 0 : intervalMs);
    };
    send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openStreams: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
