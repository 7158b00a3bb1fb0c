import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port that keeps what it receives, so tests read the mail a
 * user would get. Point the app at it with `MAIL_URL: smtp.url`.
 */
export async function startSmtpServer() {
  const inbox: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  /** While set, every sender is refused with this temporary failure, as a mail server in trouble. */
  let refusal: string | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Answers every message with 421 and `reason` until `accept` is called. */
    refuse(reason = 'Service not available, try again later') {
      refusal = reason;
    },
    accept() {
      refusal = undefined;
    },
    /** The first message to `to` (and matching `subject`), waiting up to 10 s for it. */
    async waitFor(to: string, subject?: RegExp): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = inbox.find(
          (mail) =>
            (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text.includes(to)) &&
            (!subject || subject.test(mail.subject ?? '')),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within 10 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
