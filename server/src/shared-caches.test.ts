import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapDataOf } from './test/pages.js';
import { signedInAdmin } from './test/test-app.js';
import { TestClient } from './test/test-client.js';
import { startTestInstances, type TestInstances } from './test/test-instances.js';

/** A guest's page over HTTP, as a browser gets it: the edge sits before the app. */
async function guestPage(app: FastifyInstance, base: string, path = '/pricing'): Promise<string> {
  const response = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  const html = await response.text();
  // A page is kept just after it is sent: the next visit finds it.
  await app.edge.settled();
  return html;
}

/** Asks `check` again and again until it holds or `withinMs` has passed; whether it held. */
async function holdsWithin(withinMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  do {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (Date.now() < deadline);
  return check();
}

const siteName = (html: string) =>
  (bootstrapDataOf(html).settings.branding as { site_name: string }).site_name;

describe.each([
  { through: 'the database', env: {} as Record<string, string> },
  {
    through: 'Redis',
    env: {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `test-${crypto.randomBytes(6).toString('hex')}:`,
    },
  },
])('two instances hearing of changes through $through', ({ env }) => {
  let site: TestInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let onB: string;
  beforeAll(async () => {
    site = await startTestInstances(2, env);
    [a, b] = site.apps as [FastifyInstance, FastifyInstance];
    onB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('show a site name changed on one in the other’s guest pages and bootstrap data within a second', async () => {
    // B keeps its guest page: a second visit is answered by its edge. (A change either made
    // while starting may still reach B just after its first visit, and rightly clears the page.)
    const answeredByEdge = async () => {
      const before = await guestPage(b, onB);
      const sentBefore = b.edge.sent;
      return (await guestPage(b, onB)) === before && b.edge.sent === sentBefore + 1;
    };
    expect(await holdsWithin(5_000, answeredByEdge)).toBe(true);

    const admin = await signedInAdmin(a);
    const name = `Radio ${crypto.randomBytes(3).toString('hex')}`;
    const saved = await admin.post('/api/v1/settings', { 'branding.site_name': name });
    expect(saved.statusCode).toBe(200);

    expect(await holdsWithin(1_000, async () => siteName(await guestPage(b, onB)) === name)).toBe(
      true,
    );
    const page = await guestPage(b, onB, '/');
    expect(page).toContain(`<title>${name}</title>`);
    expect(siteName(page)).toBe(name);
  });

  it('show a permission taken from guests on one in the other’s guest role within a second', async () => {
    const guestCan = async (permission: string) =>
      bootstrapDataOf(await guestPage(b, onB)).guest_role?.permissions.some(
        (each) => each.name === permission,
      );
    expect(await guestCan('music.view')).toBe(true);

    // The admin takes listening away from guests on A.
    const admin = await signedInAdmin(a);
    const roles = (await admin.get('/api/v1/admin/roles', { query: { perPage: '50' } })).json()
      .pagination.data as { id: number; name: string; description: string | null }[];
    const guests = roles.find((role) => role.name === 'guests')!;
    const saved = await admin.put(`/api/v1/admin/roles/${guests.id}`, {
      name: guests.name,
      description: guests.description,
      permissions: [],
    });
    expect(saved.statusCode).toBe(200);

    expect(await holdsWithin(1_000, async () => (await guestCan('music.view')) === false)).toBe(
      true,
    );
  });

  it('serve the appearance editor’s script draft taken by one from the other', async () => {
    const admin = await signedInAdmin(a);
    const draft = await admin.post('/api/v1/admin/appearance/script-preview', {
      js: 'window.previewedElsewhere = true;',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    // The same browser, its next request taken by the other instance.
    const onOther = new TestClient(b);
    for (const [name, value] of admin.cookies) onOther.cookies.set(name, value);
    const served = await onOther.get((draft.json() as { url: string }).url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('window.previewedElsewhere = true;');
  });
});
