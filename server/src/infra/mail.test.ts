import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp.js';
import { memoryJobs } from './jobs/memory-jobs.js';
import { createMailer, queuedMailer, type Mailer } from './mail.js';

const from = async () => ({ name: 'Cadenza', address: 'no-reply@example.com' });
const smtpServers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(smtpServers.map((s) => s.close()));
});

describe('the mailer', () => {
  it('delivers through SMTP when MAIL_URL is set', async () => {
    const smtp = await startSmtpServer();
    smtpServers.push(smtp);
    const mailer = createMailer({ url: smtp.url, dropDir: os.tmpdir(), from });
    await mailer.send({
      to: 'fan@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>HTML body</p>',
    });
    const mail = await smtp.waitFor('fan@example.com', /Hello/);
    expect(mail.text?.trim()).toBe('Plain body');
    expect(mail.html).toContain('<p>HTML body</p>');
    expect(mail.from?.text).toContain('no-reply@example.com');
  });

  it('writes .eml files when there is no SMTP server', async () => {
    const dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-mail-'));
    await createMailer({ url: undefined, dropDir, from }).send({
      to: 'fan@example.com',
      subject: 'Saved',
      text: 'Kept on disk',
    });
    const [file] = fs.readdirSync(dropDir);
    const raw = fs.readFileSync(path.join(dropDir, file!), 'utf8');
    expect(raw).toContain('Subject: Saved');
    expect(raw).toContain('Kept on disk');
  });
});

describe('the queued mailer', () => {
  it('answers at once while the mail server refuses, and delivers when it takes the message', async () => {
    const smtp = await startSmtpServer();
    smtpServers.push(smtp);
    const server = createMailer({ url: smtp.url, dropDir: os.tmpdir(), from });
    let refusals = 2;
    const flaky: Mailer = {
      send: (message) =>
        refusals-- > 0 ? Promise.reject(new Error('421 Try again later')) : server.send(message),
    };
    const jobs = memoryJobs();
    try {
      const mailer = queuedMailer(jobs, flaky, { attempts: 3, backoffMs: 10 });
      await mailer.send({ to: 'late@example.com', subject: 'Patience', text: 'Third time' });
      const mail = await smtp.waitFor('late@example.com', /Patience/);
      expect(mail.text?.trim()).toBe('Third time');
      expect(await jobs.failed(10)).toEqual([]);
    } finally {
      await jobs.close();
    }
  });
});
