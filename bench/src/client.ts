// A signed-in user's side of the benchmarks: cookies kept, the anti-forgery token echoed.

/** A browser's cookies and anti-forgery echo, for one signed-in user. */
export class Client {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The headers a browser sends with every call: its cookies and the anti-forgery echo. */
  headers(): Record<string, string> {
    return {
      cookie: this.cookieHeader,
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
    };
  }

  async send(method: string, path: string, body?: unknown) {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        ...this.headers(),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  }
}
