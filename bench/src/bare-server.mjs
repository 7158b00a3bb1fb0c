// The baseline: a bare node:http server in a process of its own. `/` answers a small JSON body;
// `/page` answers the bytes of BARE_PAGE (a file), as the app's page would be if it cost nothing.
// BARE_HEADERS (JSON) adds headers to both: what the headers alone cost.
import fs from 'node:fs';
import http from 'node:http';

const json = JSON.stringify({ status: 'ok' });
const page = process.env.BARE_PAGE ? fs.readFileSync(process.env.BARE_PAGE) : Buffer.from('');
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');

const server = http.createServer((request, response) => {
  if (request.url === '/page') {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-length': page.length,
    });
    response.end(page);
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
