import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress, safeFetch } from './safe-fetch.js';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/redirect-private') {
      response.writeHead(302, { location: 'http://10.1.2.3/secret' });
      response.end();
    } else if (request.url === '/big') {
      response.end(Buffer.alloc(4096));
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2000);
    } else {
      response.end('hello');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The test server lives on loopback; only here is loopback treated as public.
const loopbackAllowed = { isAllowed: (ip: string) => ip === '127.0.0.1', maxBytes: 1024 };

describe('isAllowedAddress', () => {
  it('allows public unicast and refuses internal ranges', () => {
    expect(isAllowedAddress('93.184.216.34')).toBe(true);
    expect(isAllowedAddress('2606:4700:4700::1111')).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isAllowedAddress(ip), ip).toBe(false);
    }
  });
});

describe('safeFetch', () => {
  it('refuses private addresses and names that resolve to them', async () => {
    for (const url of [
      'http://127.0.0.1/a.png',
      'http://10.0.0.8/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://localhost/a.png',
    ]) {
      await expect(safeFetch(url, { maxBytes: 1024 }), url).rejects.toThrow(
        /cannot be used|could not be found/,
      );
    }
  });

  it('refuses other schemes', async () => {
    await expect(safeFetch('file:///etc/passwd', { maxBytes: 10 })).rejects.toThrow(
      'Only http and https URLs can be used.',
    );
  });

  it('checks the target of every redirect', async () => {
    await expect(safeFetch(`${base}/redirect-private`, loopbackAllowed)).rejects.toThrow(
      'This URL points to an address that cannot be used.',
    );
  });

  it('stops at the size limit and the time limit', async () => {
    expect((await safeFetch(`${base}/ok`, loopbackAllowed)).toString()).toBe('hello');
    await expect(safeFetch(`${base}/big`, loopbackAllowed)).rejects.toThrow('larger than allowed');
    await expect(safeFetch(`${base}/slow`, { ...loopbackAllowed, timeoutMs: 200 })).rejects.toThrow(
      'too long',
    );
  });
});
