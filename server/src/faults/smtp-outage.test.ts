import type { AdminJobs } from '@cadenza/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { startSmtpServer } from '../test/smtp.js';
import { ADMIN_EMAIL, createTestApp, signedInAdmin, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import { figuresOf, isOtherError, report, Traffic } from './fault-traffic.js';

/**
 * How long the mail server refuses: shorter than a real outage, as the first retry waits only
 * MAIL_RETRY_MS here (30 s in production), so several retries meet the refusal all the same.
 */
const OUTAGE_MS = 2_000;
const MAIL_RETRY_MS = 200;
const MAY_BE_LATE = 'It may take a few minutes to arrive.';

describe.each(['sqlite', 'postgres'] as const)(
  'the mail server refusing, then coming back (%s)',
  (dialect) => {
    /** A PostgreSQL of the test's own; none on SQLite. */
    let postgres: PostgresServer | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    let admin: TestClient;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      if (dialect === 'postgres') postgres = await startPostgres();
      t = await createTestApp(
        { MAIL_URL: smtp.url, MAIL_RETRY_MS: String(MAIL_RETRY_MS) },
        { postgresUrl: postgres?.url },
      );
      admin = await signedInAdmin(t.app);
      await t.app.services.settings.update({ require_email_confirmation: true });
    });

    afterAll(async () => {
      await t?.close();
      await smtp?.close();
      await postgres?.stop();
    });

    const addressesOf = (mail: (typeof smtp.inbox)[number]) =>
      (Array.isArray(mail.to) ? mail.to : [mail.to]).map((to) => to?.text ?? '').join(',');

    const mailsTo = (address: string, subject: RegExp) =>
      smtp.inbox.filter(
        (mail) => addressesOf(mail).includes(address) && subject.test(mail.subject ?? ''),
      ).length;

    async function mailQueue(): Promise<AdminJobs['queues'][number] | undefined> {
      const jobs = (await admin.get('/api/v1/admin/jobs')).json() as AdminJobs;
      return jobs.queues.find((queue) => queue.name === 'mail');
    }

    it('answers as usual, says the mail may be late, and delivers each mail once when it is back', async () => {
      const owner = await signedInUser(t.app);
      const workspace = (
        await owner.client.post('/api/v1/workspace', { name: 'Harbour Label' })
      ).json().workspace as { id: number };

      smtp.refuse();
      const arrivedBefore = smtp.inbox.length;
      const traffic = new Traffic();
      const invited: string[] = [];
      let sequence = 0;
      traffic.loop(
        'invite',
        async () => {
          const email = `guest${++sequence}@example.com`;
          const answer = await owner.client.post(`/api/v1/workspace/${workspace.id}/invite`, {
            emails: [email],
            role_id: 3,
          });
          if (answer.statusCode === 200) invited.push(email);
          return answer;
        },
        200,
      );

      // Registration with its verification code, and a password reset, answer as usual.
      const newcomer = 'newcomer@example.com';
      const registered = await new TestClient(t.app).visit();
      const registration = await registered.post('/auth/register', {
        email: newcomer,
        username: 'newcomer',
        password: 'correct-horse-1',
        password_confirmation: 'correct-horse-1',
      });
      expect(registration.statusCode, registration.body).toBe(200);
      expect(registration.json().status).toBe('needs_email_verification');
      const reset = await (
        await new TestClient(t.app).visit()
      ).post('/auth/forgot-password', { email: ADMIN_EMAIL });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toContain(MAY_BE_LATE);

      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      // The admin sees the mail waiting for its next try, and each refused try in the mail log.
      expect((await mailQueue())?.counts.delayed).toBeGreaterThan(0);
      const log = (await admin.get('/api/v1/admin/mail-log', { query: { query: newcomer } })).json()
        .pagination.data as { status: string; error: string | null }[];
      expect(log.length).toBeGreaterThan(0);
      expect(log.every((entry) => entry.status === 'failed')).toBe(true);
      expect(log[0]!.error).toContain('421');
      expect(smtp.inbox.length).toBe(arrivedBefore);

      smtp.accept();
      const to = traffic.now();
      await traffic.stop();
      const from = 0;
      await smtp.waitFor(newcomer, /verification code/i);
      await smtp.waitFor(ADMIN_EMAIL, /Reset your password/);
      for (const email of invited) await smtp.waitFor(email, /invited you/);
      const back = (traffic.now() - to) / 1000;
      // Nothing left to send, so a second copy would be there by now.
      for (let tries = 0; tries < 100; tries++) {
        const counts = (await mailQueue())?.counts;
        if (counts && counts.waiting + counts.active + counts.delayed === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      expect(mailsTo(newcomer, /verification code/i)).toBe(1);
      expect(mailsTo(ADMIN_EMAIL, /Reset your password/)).toBe(1);
      expect(invited.length).toBeGreaterThan(0);
      expect(invited.filter((email) => mailsTo(email, /invited you/) !== 1)).toEqual([]);
      expect((await mailQueue())?.counts.failed).toBe(0);

      const figures = figuresOf(`smtp-refusing-${dialect}`, traffic.answers, { from, to }, 0);
      report({ ...figures, recoverySeconds: back });
      expect(traffic.answers.filter(isOtherError)).toEqual([]);
      expect(traffic.answers.every((answer) => answer.status === 200)).toBe(true);
      expect(back).toBeLessThan(5);
    });
  },
);
