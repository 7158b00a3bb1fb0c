// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    configureBuckets(): Promise<void>;
    /** The request handler, for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
