import fs from 'node:fs';
import http from 'node:http';
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

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/** Whether `multipartExtras` answers this request rather than s3rver. */
function isExtraCall(request: http.IncomingMessage): boolean {
  const query = new URL(request.url ?? '/', 'http://s3').searchParams;
  const method = request.method ?? 'GET';
  return (
    ((method === 'GET' || method === 'DELETE') && query.has('uploadId')) ||
    (method === 'POST' && query.has('delete'))
  );
}

/**
 * The multipart calls s3rver leaves out, answered from its own storage folder in S3's protocol:
 * ListParts (`GET ?uploadId`), AbortMultipartUpload (`DELETE ?uploadId`) and DeleteObjects
 * (`POST ?delete`). Answers false for every other request, which s3rver serves.
 */
function multipartExtras(bucketRoot: (bucket: string) => string) {
  return (request: http.IncomingMessage, response: http.ServerResponse, body: string): boolean => {
    const address = new URL(request.url ?? '/', 'http://s3');
    const [, bucket = '', ...keyParts] = address.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = address.searchParams.get('uploadId');
    const uploadDir = path.join(bucketRoot(bucket), '._S3rver_uploads', uploadId ?? '');
    const send = (status: number, text = '') => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(text);
    };
    if (uploadId && (request.method === 'GET' || request.method === 'DELETE')) {
      if (!fs.existsSync(uploadDir)) {
        send(
          404,
          xml(
            '<Error><Code>NoSuchUpload</Code><Message>The upload does not exist.</Message></Error>',
          ),
        );
      } else if (request.method === 'DELETE') {
        fs.rmSync(uploadDir, { recursive: true, force: true });
        send(204);
      } else {
        const parts = fs
          .readdirSync(uploadDir)
          .filter((name) => /^\d+$/.test(name))
          .map(Number)
          .sort((a, b) => a - b)
          .map((number) => {
            const file = path.join(uploadDir, String(number));
            const md5 = fs.readFileSync(`${file}.md5`, 'utf8');
            const stat = fs.statSync(file);
            return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
          });
        send(
          200,
          xml(
            `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
          ),
        );
      }
      return true;
    }
    if (request.method === 'POST' && address.searchParams.has('delete') && keyParts.length === 0) {
      const keys = [...body.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
      for (const deleted of keys) {
        const base = path.join(bucketRoot(bucket), ...deleted.split('/'));
        for (const suffix of ['object', 'object.md5', 'metadata.json']) {
          fs.rmSync(`${base}._S3rver_${suffix}`, { force: true });
        }
      }
      const deletedXml = keys.map((deleted) => `<Deleted><Key>${deleted}</Key></Deleted>`).join('');
      send(
        200,
        xml(
          `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deletedXml}</DeleteResult>`,
        ),
      );
      return true;
    }
    return false;
  };
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API, signatures, presigned URLs, multipart
 * uploads; with the multipart calls it lacks added from its storage) on a free local port,
 * storing in a temporary folder, with one bucket. Point the app at it with `env`.
 */
export async function startS3Standin(
  bucket = 'cadenza-test',
  /** A browser origin allowed to send uploads straight to the bucket (CORS). */
  allowOrigin?: string,
) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-s3-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: allowOrigin ? [corsRules(allowOrigin)] : [] }],
  });
  await s3rver.configureBuckets();
  const serveS3 = s3rver.callback();
  const extras = multipartExtras((name) => path.join(directory, name));
  const server = http.createServer((request, response) => {
    if (!isExtraCall(request)) {
      serveS3(request, response);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!extras(request, response, Buffer.concat(chunks).toString('utf8'))) {
        response.writeHead(501).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
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
    /** Goes away as a crashed server does: connections dropped, new ones refused. */
    async halt() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
    /** Comes back on the same port, with everything it stored. */
    async resume() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Standin = Awaited<ReturnType<typeof startS3Standin>>;
