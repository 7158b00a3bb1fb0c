import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { insertPage } from './custom-pages.repo.js';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const DIRTY_BODY = [
  '<h2 onclick="steal()">Hello</h2>',
  '<script>alert(1)</script>',
  '<p>Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com/about">that</a>.</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src="/images/cover.png" alt="Cover" onerror="steal()">',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="inline">',
  '<table><tr><td>Cell</td></tr></table><pre><code>npm start</code></pre>',
].join('');

function expectClean(body: string) {
  expect(body).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|data:image/i);
  expect(body).toContain('<h2>Hello</h2>');
  expect(body).toContain('<a href="https://example.com/about" rel="noopener noreferrer">that</a>');
  expect(body).toContain('<img src="/images/cover.png" alt="Cover" />');
  expect(body).toContain('<td>Cell</td>');
  expect(body).toContain('<pre><code>npm start</code></pre>');
}

describe('custom pages for visitors', () => {
  it('the privacy policy and terms of service exist from the first start', async () => {
    const guest = new TestClient(t.app);
    const privacy = await guest.get('/api/v1/custom-pages/privacy-policy');
    expect(privacy.statusCode).toBe(200);
    const body = privacy.json();
    expect(body.page).toMatchObject({ slug: 'privacy-policy', title: 'Privacy policy' });
    expect(body.page.body).toContain('<h2>');
    expect(body.seo.title).toBe('Privacy policy');
    expect(body.seo.description.length).toBeGreaterThan(20);
    expect(body.set_seo).toBe(true);
    expect(Object.keys(body.page).sort()).toEqual(
      ['body', 'created_at', 'id', 'slug', 'title', 'type', 'updated_at'].sort(),
    );

    const byId = await guest.get(`/api/v1/custom-pages/${body.page.id}`);
    expect(byId.json().page.slug).toBe('privacy-policy');
    const terms = await guest.get('/api/v1/custom-pages/terms-of-service');
    expect(terms.json().page.title).toBe('Terms of service');
  });

  it('answers 404 for a page that does not exist', async () => {
    const response = await new TestClient(t.app).get('/api/v1/custom-pages/no-such-page');
    expect(response.statusCode).toBe(404);
    // A NUL, which PostgreSQL refuses in text, is simply no page either.
    const nul = await new TestClient(t.app).get('/api/v1/custom-pages/%00');
    expect(nul.statusCode).toBe(404);
    expect(response.json().message).toBe('This page does not exist.');
  });

  it('sanitizes a body again when serving it, whatever wrote it', async () => {
    const now = new Date().toISOString();
    await insertPage(t.db.kysely, {
      slug: 'imported-page',
      title: 'Imported',
      body: DIRTY_BODY,
      type: 'default',
      meta_description: null,
      user_id: null,
      created_at: now,
      updated_at: now,
    });
    const response = await new TestClient(t.app).get('/api/v1/custom-pages/imported-page');
    expectClean(response.json().page.body);
  });
});

describe('managing custom pages', () => {
  it('guests and members may not list, create, change or delete pages', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/custom-pages')).statusCode).toBe(401);
    expect((await guest.post('/api/v1/custom-pages', { title: 'x', body: 'y' })).statusCode).toBe(
      401,
    );

    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    expect((await member.get('/api/v1/custom-pages')).statusCode).toBe(403);
    expect(
      (await member.post('/api/v1/custom-pages', { title: 'Mine', body: '<p>x</p>' })).statusCode,
    ).toBe(403);
    expect(
      (await member.request('PUT', '/api/v1/custom-pages/1', { title: 'Hacked', body: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await member.request('DELETE', '/api/v1/custom-pages/1')).statusCode).toBe(403);
    expect((await member.get('/api/v1/admin/custom-pages/1')).statusCode).toBe(403);
    expect((await guest.get('/api/v1/admin/custom-pages/1')).statusCode).toBe(401);
    const privacy = await member.get('/api/v1/custom-pages/1');
    expect(privacy.json().page.title).not.toBe('Hacked');
  });

  it('an admin creates, lists, edits and deletes a page', async () => {
    const created = await admin.post('/api/v1/custom-pages', {
      title: 'Über uns & more',
      body: '<p>About <strong>us</strong></p>',
      meta_description: 'Who we are',
    });
    expect(created.statusCode).toBe(200);
    const page = created.json().page;
    expect(page).toMatchObject({ slug: 'uber-uns-more', type: 'default', user_id: 1 });

    const list = await admin.get('/api/v1/custom-pages', { query: { perPage: '2', page: '1' } });
    expect(list.statusCode).toBe(200);
    const { pagination } = list.json();
    expect(pagination).toMatchObject({ current_page: 1, per_page: 2 });
    expect(pagination.total).toBeGreaterThanOrEqual(3);
    expect(pagination.last_page).toBe(Math.ceil(pagination.total / 2));
    expect(pagination.data).toHaveLength(2);
    const search = await admin.get('/api/v1/custom-pages', { query: { query: 'UNS' } });
    expect(search.json().pagination.data.map((p: { id: number }) => p.id)).toEqual([page.id]);

    const updated = await admin.request('PUT', `/api/v1/custom-pages/${page.id}`, {
      title: 'About us',
      slug: 'about',
      body: '<p>Updated</p>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().page).toMatchObject({
      title: 'About us',
      slug: 'about',
      body: '<p>Updated</p>',
      meta_description: 'Who we are',
    });
    expect((await admin.get('/api/v1/custom-pages/about')).json().page.title).toBe('About us');

    const deleted = await admin.request('DELETE', `/api/v1/custom-pages/${page.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await admin.get('/api/v1/custom-pages/about')).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/v1/custom-pages/${page.id}`)).statusCode).toBe(404);

    // Each write is in the audit log, with the page before and after.
    const { pagination: log } = (
      await admin.get(`/api/v1/admin/audit-log?subject_type=custom_page&subject_id=${page.id}`)
    ).json();
    expect(log.data.map((entry: { action: string }) => entry.action).reverse()).toEqual([
      'custom_page.created',
      'custom_page.updated',
      'custom_page.deleted',
    ]);
    expect(log.data[1]).toMatchObject({
      before: { title: 'Über uns & more' },
      after: { title: 'About us' },
    });
  });

  it('opens a page in the editor with its description for search engines', async () => {
    const { page } = (
      await admin.post('/api/v1/custom-pages', {
        title: 'Press',
        body: '<p>Kit</p>',
        meta_description: 'Logos and photos',
      })
    ).json();
    const opened = await admin.get(`/api/v1/admin/custom-pages/${page.id}`);
    expect(opened.json().page).toMatchObject({
      title: 'Press',
      meta_description: 'Logos and photos',
    });
    expect((await admin.get('/api/v1/admin/custom-pages/99999')).statusCode).toBe(404);
  });

  it('sanitizes the body when saving it', async () => {
    const created = await admin.post('/api/v1/custom-pages', {
      title: 'Dirty',
      body: DIRTY_BODY,
    });
    expect(created.statusCode).toBe(200);
    expectClean(created.json().page.body);
    const updated = await admin.request('PUT', `/api/v1/custom-pages/${created.json().page.id}`, {
      title: 'Dirty',
      body: DIRTY_BODY,
    });
    expectClean(updated.json().page.body);
  });

  it('validates the title and keeps slugs unique', async () => {
    const missing = await admin.post('/api/v1/custom-pages', { title: ' ', body: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.title).toEqual(['The title field is required.']);

    const taken = await admin.post('/api/v1/custom-pages', {
      title: 'Another privacy page',
      slug: 'privacy-policy',
      body: '<p>x</p>',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toBe('The slug has already been taken.');

    const badSlug = await admin.post('/api/v1/custom-pages', {
      title: 'Bad',
      slug: '../admin',
      body: '<p>x</p>',
    });
    expect(badSlug.statusCode).toBe(422);
  });
});

describe('the HTML of a custom page', () => {
  it('carries the page title, description and Open Graph tags', async () => {
    const html = (await new TestClient(t.app).get('/pages/privacy-policy')).body;
    expect(html).toContain('<title>Privacy policy - Cadenza</title>');
    expect(html).toMatch(/<meta name="description" content="How we collect[^"]*" \/>/);
    expect(html).toContain('<meta property="og:title" content="Privacy policy - Cadenza" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/pages/privacy-policy" />`,
    );

    const terms = (await admin.get('/api/v1/custom-pages/terms-of-service')).json().page;
    const byId = (await new TestClient(t.app).get(`/pages/${terms.id}/terms-of-service`)).body;
    expect(byId).toContain('<title>Terms of service - Cadenza</title>');
  });

  it('escapes what an admin wrote, and falls back to the site title for unknown pages', async () => {
    await admin.post('/api/v1/custom-pages', {
      title: '</title><script>alert(1)</script>',
      slug: 'tricky',
      body: '<p>Tricky "quotes" & <b>bold</b></p>',
    });
    const html = (await new TestClient(t.app).get('/pages/tricky')).body;
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Cadenza</title>',
    );
    expect(html).toContain('content="Tricky &quot;quotes&quot; &amp; bold"');

    const unknown = await new TestClient(t.app).get('/pages/nothing-here');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Cadenza</title>');
  });
});
