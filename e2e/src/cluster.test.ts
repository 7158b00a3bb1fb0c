import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminJobs } from '@cadenza/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../../server/src/test/redis-server.js';
import { startS3Standin, type S3Standin } from '../../server/src/test/s3-standin.js';
import { Visitor } from '../../server/src/test/app-child.js';
import { instancePorts, startInstances, type Instance } from './cluster-instances.js';
import { startPostgres } from '../../server/src/test/postgres-server.js';
import { startNginx, type Service } from './cluster-services.js';

/*
 * Several instances as one site, as the README's "Running several instances" sets it up: the
 * built app started as the systemd unit starts it, on a PostgreSQL database, a Redis and an
 * S3-compatible bucket of the test's own, behind nginx with deploy/'s very configuration.
 */

/** Three instances: the third is the one killed mid-traffic, two are left to show sharing. */
const INSTANCES = 3;
/**
 * The instances start in the same moment on the new database, as a site restarting after an
 * upgrade does. CLUSTER_START_ONE_AT_A_TIME=1 lets the first migrate and seed before the others
 * start, to tell a start-up fault apart from one of the running site.
 */
const START_ONE_AT_A_TIME = process.env.CLUSTER_START_ONE_AT_A_TIME === '1';
const ADMIN = { email: 'admin@example.com', password: 'cluster-admin-password' };
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');

interface Site {
  proxy: string;
  instances: Instance[];
}

let postgres: Service | undefined;
let redis: Service | undefined;
let s3: S3Standin | undefined;
let nginx: (Service & { errorLog: () => string }) | undefined;
let dataDir: string;
const site: Site = { proxy: '', instances: [] };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-cluster-data-'));
  [postgres, redis, s3] = await Promise.all([
    startPostgres(),
    startRedisServer(),
    startS3Standin('cadenza-cluster'),
  ]);
  const ports = await instancePorts(INSTANCES);
  nginx = await startNginx(ports);
  site.proxy = nginx.url;
  site.instances = await startInstances(
    ports,
    {
      ...s3.env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      APP_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      APP_URL: nginx.url,
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
    },
    { oneAtATime: START_ONE_AT_A_TIME },
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(site.instances.map((instance) => instance.stop()));
  await nginx?.stop();
  await Promise.all([s3?.close(), redis?.stop(), postgres?.stop()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const [a, b] = [() => site.instances[0]!, () => site.instances[1]!];

async function signedInAdmin(base: string, userAgent?: string): Promise<Visitor> {
  const visitor = new Visitor(base);
  await visitor.signIn(ADMIN.email, ADMIN.password, userAgent);
  return visitor;
}

/** A notification stream held open, as the web app's EventSource holds it. */
async function openStream(base: string, visitor: Visitor) {
  const controller = new AbortController();
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${base}/api/v1/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const events: { event: string; data: string }[] = [];
  void (async () => {
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += Buffer.from(value).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const event = field('event');
          if (event) events.push({ event, data: field('data') ?? '' });
        }
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    /** Waits for an event named `name` whose data contains `text`, for up to five seconds. */
    async next(name: string, text = ''): Promise<void> {
      const deadline = Date.now() + 5_000;
      while (!events.some((event) => event.event === name && event.data.includes(text))) {
        if (Date.now() > deadline) {
          throw new Error(`no ${name} event with ${text}: ${JSON.stringify(events)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
}

describe('several instances behind nginx as one site', () => {
  it('has every instance ready, each with its own metrics, which the proxy does not offer', async () => {
    for (const base of [site.proxy, ...site.instances.map((i) => i.url)]) {
      const ready = await fetch(`${base}/api/v1/health/ready`);
      expect(ready.status, base).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok', storage: 'ok' },
      });
    }
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    const metrics = await fetch(`${a().url}/metrics`, { headers: bearer });
    expect(await metrics.text()).toContain('http_request_duration_seconds_bucket');
    expect((await fetch(`${site.proxy}/metrics`, { headers: bearer })).status).toBe(404);
  });

  it('signs in on one instance and is the same person on every other and through the proxy', async () => {
    const visitor = await signedInAdmin(a().url);
    for (const base of [b().url, site.proxy, ...site.instances.map((i) => i.url)]) {
      const me = await visitor.request(`${base}/api/v1/me`);
      expect(me.status, base).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
    }
    // The anti-forgery token the first instance issued is good on the second.
    const created = await visitor.request(`${b().url}/api/v1/playlists`, {
      method: 'POST',
      json: { name: 'Made on the second instance' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it('delivers an event caused on one instance to streams held on the others', async () => {
    const visitor = await signedInAdmin(site.proxy, 'Cluster test (Linux) Firefox/140.0');
    const onB = await openStream(b().url, visitor);
    const throughProxy = await openStream(site.proxy, visitor);
    await Promise.all([onB.next('unread'), throughProxy.next('unread')]);
    try {
      // A sign-in from another browser on the first instance notifies the account's streams.
      await signedInAdmin(a().url, 'Mozilla/5.0 (Macintosh) AppleWebKit Safari/605.1.15');
      await Promise.all([
        onB.next('notification', 'New sign-in'),
        throughProxy.next('notification', 'New sign-in'),
      ]);
    } finally {
      onB.close();
      throughProxy.close();
    }
  });

  it('shows a setting changed on one instance on every other within a second', async () => {
    const siteNameOn = async (base: string) => {
      const response = await fetch(`${base}/api/v1/bootstrap-data`);
      const { bootstrapData } = (await response.json()) as {
        bootstrapData: { settings: { branding: { site_name: string } } };
      };
      return bootstrapData.settings.branding.site_name;
    };
    const others = site.instances.slice(1);
    // Each instance has read the settings, and keeps them.
    for (const instance of others) await siteNameOn(instance.url);

    const admin = await signedInAdmin(a().url);
    const name = `Radio ${crypto.randomBytes(3).toString('hex')}`;
    const saved = await admin.request(`${a().url}/api/v1/settings`, {
      method: 'POST',
      json: { 'branding.site_name': name },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const deadline = Date.now() + 1_000;
    for (const instance of others) {
      while ((await siteNameOn(instance.url)) !== name && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await siteNameOn(instance.url), instance.name).toBe(name);
    }
    // The guest page each instance keeps, asked through the proxy, which takes turns.
    for (let visit = 0; visit < site.instances.length; visit++) {
      const page = await fetch(`${site.proxy}/`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain(`<title>${name}</title>`);
    }
  });

  it('counts failed sign-ins on every instance together, whatever address a client claims', async () => {
    const statuses: number[] = [];
    const bases = [a().url, b().url, site.proxy];
    for (let attempt = 0; attempt < 7; attempt++) {
      const visitor = new Visitor();
      const base = bases[attempt % bases.length]!;
      await visitor.request(`${base}/`);
      const response = await visitor.request(`${base}/auth/login`, {
        method: 'POST',
        json: { email: 'nobody-here@example.com', password: 'not the password' },
        // Through the proxy, a made-up client address changes nothing: nginx replaces it.
        headers: base === site.proxy ? { 'x-forwarded-for': `203.0.113.${attempt}` } : {},
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('resumes on another instance an upload begun on one, and makes a file of it', async () => {
    const visitor = await signedInAdmin(site.proxy);
    const tus = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' };
    const data = Buffer.alloc(64 * 1024, 0x20);
    Buffer.from('%PDF-1.4\n').copy(data);
    const created = await visitor.request(`${a().url}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(data.length),
        'upload-metadata': `clientName ${Buffer.from('score.pdf').toString('base64')}`,
      },
      body: data.subarray(0, 20_000),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;

    const rest = await visitor.request(`${b().url}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '20000' },
      body: data.subarray(20_000),
    });
    expect(rest.status, await rest.clone().text()).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(data.length));

    const entry = await visitor.request(`${site.proxy}/api/v1/tus/entries`, {
      method: 'POST',
      json: { uploadKey: location },
    });
    expect(entry.status, await entry.clone().text()).toBe(200);
    const { fileEntry } = (await entry.json()) as { fileEntry: { url: string; size: number } };
    expect(fileEntry.size).toBe(data.length);
    const stored = await visitor.request(`${site.proxy}${fileEntry.url}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(data)).toBe(true);
    // A range asked through the proxy is answered by the app as asked.
    const head = await visitor.request(`${site.proxy}${fileEntry.url}`, {
      headers: { range: 'bytes=0-7' },
    });
    expect(head.status).toBe(206);
    expect(await head.text()).toBe('%PDF-1.4');
  });

  it('holds each scheduled task once for the whole site, not once per instance', async () => {
    const visitor = await signedInAdmin(site.proxy);
    const scheduled = ['library-rescan', 'scheduled-releases', 'session-pruning', 'upload-cleanup'];
    // Each instance asked for every schedule as it started: the site holds one next run of each
    // (or the one running now), where instances on their own timers would hold one each.
    await expect
      .poll(async () => {
        const answer = await visitor.request(`${site.proxy}/api/v1/admin/jobs`);
        const jobs = (await answer.json()) as AdminJobs;
        expect(jobs.backend).toBe('redis');
        return scheduled.map((name) => {
          const counts = jobs.queues.find((queue) => queue.name === name)?.counts;
          return counts ? counts.waiting + counts.active + counts.delayed : 0;
        });
      })
      .toEqual(scheduled.map(() => 1));
  });

  it('carries on when an instance is killed mid-traffic, losing no acknowledged write', async () => {
    const visitor = await signedInAdmin(site.proxy);
    const victim = site.instances[INSTANCES - 1]!;
    const acknowledged: number[] = [];
    const afterKill: number[] = [];
    let killed = false;
    const writer = async (name: string) => {
      for (let n = 0; n < 20; n++) {
        const startedAfterKill = killed;
        const response = await visitor.request(`${site.proxy}/api/v1/playlists`, {
          method: 'POST',
          json: { name: `${name} ${n}` },
        });
        if (startedAfterKill) afterKill.push(response.status);
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { playlist: { id: number } }).playlist.id);
        }
        if (n === 6 && name === 'writer 0') {
          await victim.kill();
          killed = true;
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map((index) => writer(`writer ${index}`)));
    expect(victim.child.signalCode).toBe('SIGKILL');
    // Every write begun after the instance died reached a living one.
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.every((status) => status === 201)).toBe(true);

    const listed = await visitor.request(`${a().url}/api/v1/users/me/playlists?perPage=100&page=1`);
    const { pagination } = (await listed.json()) as { pagination: { data: { id: number }[] } };
    const ids = new Set(pagination.data.map((playlist) => playlist.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });
});
