// The package ships no types; these are the few parts the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Middleware = (
    ctx: { path: string; body: unknown },
    next: () => Promise<void>,
  ) => Promise<void>;

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    use(middleware: Middleware): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
