import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the recipient would read it. */
export interface ReceivedMail {
  from: string;
  /** Every recipient address, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  /** Every http(s) address in the text, in order. */
  links: string[];
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for `startTestServer({ smtpUrl })` or `createMailer`. */
  url: string;
  /** Everything received so far, in order. */
  messages: ReceivedMail[];
  /**
   * The first message not yet returned by `next` that matches (already received or arriving within
   * `timeoutMs`); rejects when none comes.
   */
  next(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** A real SMTP server inside the test process (no auth, no TLS) that parses what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const returned = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const take = (predicate: (mail: ReceivedMail) => boolean) => {
    const found = messages.find((mail) => !returned.has(mail) && predicate(mail));
    if (found) returned.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(predicate = () => true, timeoutMs = 5_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const wake = () => {
          const found = take(predicate);
          if (!found) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching mail arrived within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
