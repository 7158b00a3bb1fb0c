import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Name resolution; replaceable in tests. */
  lookup?: (hostname: string) => Promise<string[]>;
  /** Which addresses may be contacted; public unicast by default. */
  isAllowed?: (ip: string) => boolean;
}

/** Public unicast only: no private, loopback, link-local, multicast, reserved or mapped tricks. */
export function isAllowedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === 'unicast';
}

async function systemLookup(hostname: string): Promise<string[]> {
  const records = await dns.lookup(hostname, { all: true, verbatim: true });
  return records.map((record) => record.address);
}

/**
 * Fetches a user-given URL from the server without letting it reach internal addresses: the
 * name is resolved first, every address must be public, and the connection goes to the checked
 * address (no second lookup to rebind). Redirects are followed by hand and checked the same way.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<Buffer> {
  const { maxBytes, timeoutMs = 5000 } = options;
  return guardedHops(rawUrl, options, async (url, address) => {
    const result = await get(url, address, maxBytes, timeoutMs);
    return 'redirect' in result ? result : { done: result.body };
  });
}

/**
 * Follows a user-given URL hop by hop: each hop's addresses are checked before `hop` connects
 * to the checked one, and a redirect starts the next hop.
 */
async function guardedHops<T>(
  rawUrl: string,
  {
    maxRedirects = 3,
    lookup = systemLookup,
    isAllowed = isAllowedAddress,
  }: Pick<SafeFetchOptions, 'maxRedirects' | 'lookup' | 'isAllowed'>,
  hop: (url: URL, address: string) => Promise<{ redirect: string } | { done: T }>,
): Promise<T> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SafeFetchError('Enter a valid URL.');
  }
  for (let hops = 0; hops <= maxRedirects; hops++) {
    const address = await checkedAddress(url, lookup, isAllowed);
    const result = await hop(url, address);
    if ('done' in result) return result.done;
    url = new URL(result.redirect, url);
  }
  throw new SafeFetchError('The URL redirects too many times.');
}

/** The address to connect to for `url`, once every address its name has is allowed. */
async function checkedAddress(
  url: URL,
  lookup: (hostname: string) => Promise<string[]>,
  isAllowed: (ip: string) => boolean,
): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('Only http and https URLs can be used.');
  }
  if (url.username || url.password) throw new SafeFetchError('Enter a valid URL.');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(hostname) ? [hostname] : await lookup(hostname);
  } catch {
    throw new SafeFetchError('The address of this URL could not be found.');
  }
  if (addresses.length === 0 || !addresses.every(isAllowed)) {
    throw new SafeFetchError('This URL points to an address that cannot be used.');
  }
  return addresses[0]!;
}

export interface SafeStreamOptions extends Omit<SafeFetchOptions, 'maxBytes'> {
  headers?: Record<string, string>;
  /** Ends the response early, as the caller's own listener going away does. */
  signal?: AbortSignal;
}

/**
 * Opens a user-given URL with the same guard as `safeFetch` (every hop's addresses checked, the
 * connection made to the checked one) and answers the response as it starts, for a body that
 * does not end (a radio stream): the caller reads what it needs and destroys it. `timeoutMs`
 * bounds the wait for the answer's headers.
 */
export async function safeStream(
  rawUrl: string,
  options: SafeStreamOptions = {},
): Promise<http.IncomingMessage> {
  const { timeoutMs = 5000 } = options;
  return guardedHops<http.IncomingMessage>(rawUrl, options, async (url, address) => {
    const response = await open(url, address, timeoutMs, options);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      return { redirect: response.headers.location };
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new SafeFetchError(`The URL answered with status ${status}.`);
    }
    return { done: response };
  });
}

const connectTo = (address: string) =>
  ((_hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
    const family = address.includes(':') ? 6 : 4;
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as never;

function open(
  url: URL,
  address: string,
  timeoutMs: number,
  { headers, signal }: SafeStreamOptions,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: connectTo(address),
        headers: { 'user-agent': 'Cadenza', ...headers },
        ...(signal ? { signal } : {}),
      },
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new SafeFetchError('The URL took too long to answer.')),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError('The URL could not be reached.'),
      );
    });
  });
}

function get(
  url: URL,
  address: string,
  maxBytes: number,
  timeoutMs: number,
): Promise<{ body: Buffer } | { redirect: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        // Connect to the address that was checked; TLS still verifies the host name.
        lookup: connectTo(address),
        timeout: timeoutMs,
        headers: { 'user-agent': 'Cadenza avatar fetcher', accept: 'image/*' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new SafeFetchError('The image could not be downloaded.'));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          request.destroy();
          reject(new SafeFetchError('The image is larger than allowed.'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new SafeFetchError('The image is larger than allowed.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', () =>
          reject(new SafeFetchError('The image could not be downloaded.')),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new SafeFetchError('The image took too long to download.'));
    }, timeoutMs);
    request.on('timeout', () =>
      request.destroy(new SafeFetchError('The image took too long to download.')),
    );
    request.on('error', (error) =>
      reject(
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError('The image could not be downloaded.'),
      ),
    );
    request.on('close', () => clearTimeout(timer));
  });
}
