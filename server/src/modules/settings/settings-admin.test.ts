import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { startSmtpServer } from '../../test/smtp.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

/* The settings screens' own calls: the test e-mail, the mail log and the brand's pictures. */

let t: TestApp;
let admin: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const upload = (client: TestClient, image: string, data: Buffer, type = 'image/png') => {
  const form = multipartFile(data, { filename: 'logo.png', type });
  return client.request('POST', `/api/v1/admin/branding/${image}`, form.body, {
    headers: form.headers,
  });
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#1db954' } })
    .png()
    .toBuffer();

describe('the mail settings', () => {
  it('send a test e-mail to the admin, and the mail log lists it', async () => {
    const sent = await admin.post('/api/v1/admin/mail/test');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`A test e-mail was sent to ${ADMIN_EMAIL}.`);
    const mail = await smtp.waitFor(ADMIN_EMAIL, /^Test e-mail from /);
    expect(mail.text).toContain('can send e-mail with its current settings');

    const log = (await admin.get('/api/v1/admin/mail-log?query=test e-mail')).json().pagination;
    expect(log.data[0]).toMatchObject({
      recipient: ADMIN_EMAIL,
      subject: 'Test e-mail from Cadenza',
      status: 'sent',
      error: null,
    });
  });

  it('say why a test e-mail failed, and log the failure', async () => {
    const broken = await createTestApp({ MAIL_URL: 'smtp://127.0.0.1:9' });
    try {
      const client = new TestClient(broken.app);
      await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const sent = await client.post('/api/v1/admin/mail/test');
      expect(sent.statusCode).toBe(502);
      expect(sent.json().message).toMatch(/^The test e-mail could not be sent: /);
      const log = (await client.get('/api/v1/admin/mail-log')).json().pagination;
      expect(log.data[0]).toMatchObject({ recipient: ADMIN_EMAIL, status: 'failed' });
      expect(log.data[0].error).toBeTruthy();
    } finally {
      await broken.close();
    }
  });

  it('are closed to users (403) and guests (401)', async () => {
    const { client } = await signedInUser(t.app);
    const guest = await new TestClient(t.app).visit();
    for (const [method, url] of [
      ['POST', '/api/v1/admin/mail/test'],
      ['GET', '/api/v1/admin/mail-log'],
      ['POST', '/api/v1/admin/branding/favicon'],
    ] as const) {
      expect((await client.request(method, url)).statusCode, url).toBe(403);
      expect((await guest.request(method, url)).statusCode, url).toBe(401);
    }
  });
});

describe('the brand’s pictures', () => {
  it('replace a logo with an uploaded picture, scaled into its box', async () => {
    const response = await upload(admin, 'logo_dark', await png(1600, 400));
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/storage\/branding\/logo_dark-[\w-]+\.png$/);
    const { settings } = (await admin.get('/api/v1/settings')).json();
    expect(settings['branding.logo_dark']).toBe(url);
    const served = await new TestClient(t.app).get(url);
    expect(served.statusCode).toBe(200);
    const size = await sharp(served.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([800, 200]);
    // The page every visitor gets points at it.
    expect((await new TestClient(t.app).get('/')).body).toContain(url);

    const again = (await upload(admin, 'logo_dark', await png(100, 20))).json().url;
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(again)).statusCode).toBe(200);
  });

  it('refuse what is not a raster picture, whatever its name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await upload(admin, 'favicon', svg, 'image/svg+xml');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toBe(
      'The file must be a PNG, JPEG, WebP, GIF or AVIF image.',
    );
    const text = await upload(admin, 'favicon', Buffer.from('hello'), 'image/png');
    expect(text.statusCode).toBe(422);
    const empty = await admin.request('POST', '/api/v1/admin/branding/favicon');
    expect(empty.json().errors.file).toBe('Please select an image.');
    expect((await upload(admin, 'wallpaper', await png(10, 10))).statusCode).toBe(422);
  });
});
