import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** Lets a page of `origin` PUT parts and read their ETag, as direct uploads need. */
const corsRules = (origin: string) => `<CORSConfiguration><CORSRule>
<AllowedOrigin>${origin}</AllowedOrigin>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

/**
 * A real S3-compatible server (s3rver: the S3 REST API, signatures, presigned URLs, multipart
 * uploads) on a free local port, storing in a temporary folder, with one bucket. Point the app at
 * it with `env`.
 */
export async function startS3Standin(
  bucket = 'cadenza-test',
  /** A browser origin allowed to send uploads straight to the bucket (CORS). */
  allowOrigin?: string,
) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: allowOrigin ? [corsRules(allowOrigin)] : [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    directory,
    env: {
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Keys of the objects in the bucket. */
    objects(): string[] {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      const suffix = '._S3rver_object';
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((file) => file.endsWith(suffix))
        .map((file) => file.slice(0, -suffix.length).split(path.sep).join('/'));
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Standin = Awaited<ReturnType<typeof startS3Standin>>;
