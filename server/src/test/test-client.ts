import { XSRF_COOKIE } from '@cadenza/contracts/http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Skip sending the anti-forgery header, as a forged cross-site request would. */
  withoutXsrf?: boolean;
  remoteAddress?: string;
}

/**
 * Talks to the app the way a browser does: keeps cookies between requests and echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, as the web app's API client does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf && !options.withoutXsrf && method !== 'GET' && method !== 'HEAD')
      headers['x-xsrf-token'] = xsrf;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    this.storeCookies(response);
    return response;
  }

  private storeCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, undefined, options);
  post = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', url, body ?? {}, options);
  put = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('PUT', url, body ?? {}, options);
  delete = (url: string, options?: RequestOptions) =>
    this.request('DELETE', url, undefined, options);

  /** Visits a page first, as a browser would, so the session and XSRF cookies exist. */
  async visit(url = '/'): Promise<this> {
    await this.get(url);
    return this;
  }

  async login(email: string, password: string, remember = true) {
    if (!this.cookies.has(XSRF_COOKIE)) await this.visit();
    const response = await this.post('/auth/login', { email, password, remember });
    if (response.statusCode !== 200)
      throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
