// The framework's own ceiling: Fastify with nothing of the app's but the same response headers,
// in a process of its own. `/` answers the health check's JSON; `/page` the bytes of BARE_PAGE.
// Set beside bare node:http, it shows how much of the app's share is the framework's.
import fs from 'node:fs';
import Fastify from 'fastify';

const page = process.env.BARE_PAGE ? fs.readFileSync(process.env.BARE_PAGE) : Buffer.from('');
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');

const app = Fastify();
app.get('/', async (_request, reply) => {
  reply.headers(headers);
  return { status: 'ok' };
});
app.get('/page', async (_request, reply) => {
  reply.headers(headers).type('text/html; charset=utf-8');
  return page;
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
