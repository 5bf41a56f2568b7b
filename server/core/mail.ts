import { createTransport } from 'nodemailer';
import type { Logger } from '../lib/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** True when SMTP_URL and MAIL_FROM are set. */
  readonly configured: boolean;
  /** `what` names the kind of mail for the log ("invite", "password reset"); never the body or a link. */
  send(message: MailMessage, what: string): Promise<'sent' | 'not-sent'>;
  /** Connects and signs in without sending: 'not-configured' without SMTP; rejects with MailUnavailableError. */
  verify(): Promise<'ok' | 'not-configured'>;
}

/** The SMTP server cannot be used: `reason` is safe to show anyone, `setting` is always SMTP_URL. */
export class MailUnavailableError extends Error {
  readonly setting = 'SMTP_URL';
  readonly reason: string;

  constructor(reason: string, cause: unknown) {
    super(`Mail cannot be sent: ${reason} (check SMTP_URL)`, { cause });
    this.name = 'MailUnavailableError';
    this.reason = reason;
  }
}

/** Nodemailer's codes for "nothing answered" (its own, and the socket's underneath). */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH']);

function mailFailureReason(error: unknown): string {
  const { code } = failureCodes(error);
  if (code === 'EAUTH') return 'the SMTP server refused the user name or password';
  if (code === 'ETLS') return "the SMTP server's TLS could not be set up";
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return 'nothing answers at the SMTP address';
  return `the SMTP server refused the connection${code ? ` (${code})` : ''}`;
}

/** How long a slow or silent SMTP server may hold a request (settings in SMTP_URL's query win). */
const SMTP_TIMEOUT_MS = 15_000;

/** What an SMTP failure may put in the log: its codes. Its message can quote the recipient's address. */
function failureCodes(error: unknown): { code?: string; responseCode?: number } {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}

/**
 * Mail through SMTP when `SMTP_URL` and `MAIL_FROM` are set. Without them, or when the server refuses
 * or cannot be reached, the mail is logged as not sent, naming only its kind (never the recipient, the
 * body or a link: a body can hold a one-time link). Never throws: the caller decides what to say.
 */
export function createMailer(settings: { smtpUrl?: string; from?: string } | undefined, log: Logger): Mailer {
  const { smtpUrl, from } = settings ?? {};
  if (!smtpUrl || !from) {
    return {
      configured: false,
      async send(_message, what) {
        log.info({ mail: what }, 'Mail not sent: SMTP_URL and MAIL_FROM are not set');
        return 'not-sent';
      },
      async verify() {
        return 'not-configured';
      },
    };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    configured: true,
    async send(message, what) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        log.info({ mail: what }, 'Mail sent');
        return 'sent';
      } catch (error) {
        log.warn({ mail: what, ...failureCodes(error) }, 'Mail not sent: the SMTP server refused it or could not be reached');
        return 'not-sent';
      }
    },
    async verify() {
      try {
        await transport.verify();
        return 'ok';
      } catch (error) {
        throw new MailUnavailableError(mailFailureReason(error), error);
      }
    },
  };
}
