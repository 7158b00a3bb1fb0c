import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { passBotCheck } from '../bot-check/bot-check.testing.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let addressCounter = 10;
/** Each test writes from its own address, so the per-address limit is not shared. */
const nextAddress = () => `192.0.2.${addressCounter++}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
  const admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.post('/api/v1/settings', { 'mail.contact_address': 'hello@cadenza.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const MESSAGE = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  message: 'Hi! The album <b>Tropicália</b> skips at 2:31.\n\nCould you check it?',
};

describe('the contact form', () => {
  it('requires a name, a valid e-mail address and a message', async () => {
    const client = await new TestClient(t.app).visit();
    const empty = await client.post('/api/v1/contact-page', { name: '', email: '', message: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      message: ['The message field is required.'],
    });
    const badEmail = await client.post('/api/v1/contact-page', { ...MESSAGE, email: 'ana@' });
    expect(badEmail.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
  });

  it('refuses a submission without a passed bot check', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post('/api/v1/contact-page', MESSAGE, {
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Could not verify you are human.');
  });

  it('e-mails the message to the contact address, replying to the sender', async () => {
    const client = await new TestClient(t.app).visit();
    const remoteAddress = nextAddress();
    await passBotCheck(client, 'contact');
    const response = await client.post('/api/v1/contact-page', MESSAGE, { remoteAddress });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your message has been submitted.' });

    const mail = await smtp.waitFor('hello@cadenza.test');
    expect(mail.subject).toBe('New message from Ana Souza via Cadenza');
    expect(mail.replyTo?.text).toBe('ana@example.com');
    expect(mail.text).toContain('The album <b>Tropicália</b> skips at 2:31.');
    expect(mail.html).toContain('The album &lt;b&gt;Tropicália&lt;/b&gt; skips at 2:31.');
    expect(mail.html).not.toContain('<b>Tropicália</b>');

    // One check, one message: the next needs a check of its own.
    const again = await client.post('/api/v1/contact-page', MESSAGE, { remoteAddress });
    expect(again.statusCode).toBe(422);
  });

  it('does not accept a check passed in another browser', async () => {
    const bot = await new TestClient(t.app).visit();
    const solver = await new TestClient(t.app).visit();
    await passBotCheck(solver, 'contact');
    const response = await bot.post('/api/v1/contact-page', MESSAGE, {
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(422);
  });

  it('limits messages from one address', async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = await new TestClient(t.app).visit();
      await passBotCheck(client);
      statuses.push(
        (await client.post('/api/v1/contact-page', MESSAGE, { remoteAddress })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('needs no bot check when the admin turned it off', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.post('/api/v1/settings', { 'recaptcha.enable.contact': false });
    const client = await new TestClient(t.app).visit();
    const response = await client.post(
      '/api/v1/contact-page',
      { ...MESSAGE, name: 'No Check' },
      { remoteAddress: nextAddress() },
    );
    expect(response.statusCode).toBe(200);
    await smtp.waitFor('hello@cadenza.test', /No Check/);
    await admin.post('/api/v1/settings', { 'recaptcha.enable.contact': true });
  });
});
