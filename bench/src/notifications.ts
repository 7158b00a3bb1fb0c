// Notifications under load: the list a signed-in user opens (GET /api/v1/notifications, 30 a
// page) next to the bare node:http baseline, and the live fan-out: BENCH_STREAMS (default 1,000)
// event streams open at once, one notification sent, the time until every stream has it, and
// the server's memory per open stream.
import fs from 'node:fs';
import http from 'node:http';
import { Client } from './client.js';
import { load, printTable, startApp, startBare } from './http.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const NOTIFICATIONS = 60;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const LISTENER = { email: 'listener@example.com', password: 'a long bench walk home' };

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Opens one event stream; resolves `received` when its first notification event arrives. */
function openStream(url: string, cookie: string) {
  let resolveReceived!: (at: number) => void;
  const received = new Promise<number>((resolve) => (resolveReceived = resolve));
  let resolveOpen!: () => void;
  const opened = new Promise<void>((resolve) => (resolveOpen = resolve));
  const request = http.get(
    url,
    { headers: { cookie, accept: 'text/event-stream' } },
    (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: unread')) resolveOpen();
        if (text.includes('event: notification')) resolveReceived(performance.now());
      });
    },
  );
  return { opened, received, close: () => request.destroy() };
}

async function main(): Promise<void> {
  const bare = await startBare();
  const app = await startApp({
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'fatal',
  });
  const streams: ReturnType<typeof openStream>[] = [];
  try {
    const admin = new Client(app.url);
    await admin.send('GET', '/api/v1/bootstrap-data');
    await admin.send('POST', '/auth/login', { ...ADMIN, remember: false });
    const listener = new Client(app.url);
    await listener.send('GET', '/api/v1/bootstrap-data');
    await listener.send('POST', '/auth/register', {
      email: LISTENER.email,
      username: 'listener',
      password: LISTENER.password,
      password_confirmation: LISTENER.password,
    });

    // Each workspace invitation is a notification for the listener.
    console.log(`Sending ${NOTIFICATIONS} invitations…`);
    const invite = async (index: number, beforeInviting?: () => void) => {
      const { workspace } = (await admin.send('POST', '/api/v1/workspace', {
        name: `Bench ${index}`,
      })) as { workspace: { id: number } };
      beforeInviting?.();
      await admin.send('POST', `/api/v1/workspace/${workspace.id}/invite`, {
        emails: [LISTENER.email],
        role_id: 3,
      });
    };
    for (let index = 0; index < NOTIFICATIONS; index++) await invite(index);

    const before = rssKb(app.pid);
    const streamUrl = `${app.url}/api/v1/notifications/stream`;
    for (let index = 0; index < STREAMS; index++) {
      streams.push(openStream(streamUrl, listener.cookieHeader));
    }
    await Promise.all(streams.map((stream) => stream.opened));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = rssKb(app.pid);

    let sentAt = 0;
    await invite(NOTIFICATIONS, () => (sentAt = performance.now()));
    const arrivals = await Promise.all(streams.map((stream) => stream.received));
    const last = Math.max(...arrivals) - sentAt;
    const sorted = arrivals.map((at) => at - sentAt).sort((a, b) => a - b);
    console.log(`\nLive fan-out to ${STREAMS} open streams of one user, one notification`);
    console.log(
      `  every stream received it within ${last.toFixed(0)} ms of the request that made it`,
    );
    console.log(`  median arrival ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms`);
    console.log(
      `  server memory: ${(before / 1024).toFixed(1)} MB before, ${(after / 1024).toFixed(1)} MB with the streams open, ${((after - before) / STREAMS).toFixed(1)} KB per stream`,
    );
    streams.forEach((stream) => stream.close());
    streams.length = 0;

    const list = await load(`${app.url}/api/v1/notifications?perPage=30`, {
      cookie: listener.cookieHeader,
    });
    console.log(`\nThe notification list (${NOTIFICATIONS} notifications, a page of 30)`);
    printTable([
      { name: 'GET /api/v1/notifications', app: list, bare: await load(`${bare.url}/`) },
    ]);
  } finally {
    streams.forEach((stream) => stream.close());
    bare.close();
    await app.stop();
  }
}

await main();
