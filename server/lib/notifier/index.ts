/**
 * Delivery of one-time codes and account messages. Pluggable: SMTP e-mail (nodemailer) and an
 * SMS-gateway webhook when configured; in demo mode every message is also kept in the demo outbox
 * (`GET /api/demo/outbox`, `npm run outbox`) so a new user and the tests can complete every flow.
 * Message bodies are never logged: they carry codes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { outboxRepository } from './outbox';

export interface OutgoingMessage {
  channel: 'SMS' | 'EMAIL';
  /** Normalised address: phone 0…, e-mail lower-case. */
  to: string;
  title: string;
  text: string;
  /** The one-time code inside `text`, kept only by the demo outbox. */
  code?: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

export interface NotifierOptions {
  db: Db;
  demoMode: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  smsWebhookUrl: string | null;
  log?: FastifyBaseLogger;
  /** Injected in unit tests. */
  fetch?: typeof fetch;
  transport?: Pick<Transporter, 'sendMail'>;
}

const SMS_TIMEOUT_MS = 10_000;

export function createNotifier(options: NotifierOptions): Notifier {
  const outbox = outboxRepository(options.db);
  const mailer = options.transport ?? (options.smtpUrl ? createTransport(options.smtpUrl) : null);
  const doFetch = options.fetch ?? fetch;

  async function sendSms(message: OutgoingMessage): Promise<boolean> {
    if (!options.smsWebhookUrl) return false;
    const res = await doFetch(options.smsWebhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    return true;
  }

  async function sendEmail(message: OutgoingMessage): Promise<boolean> {
    if (!mailer) return false;
    await mailer.sendMail({ from: options.mailFrom, to: message.to, subject: message.title, text: message.text });
    return true;
  }

  return {
    async send(message) {
      if (options.demoMode) await outbox.add(message);
      let delivered = false;
      try {
        delivered = message.channel === 'SMS' ? await sendSms(message) : await sendEmail(message);
      } catch (err) {
        // The address and the reason are logged, never the text (it holds the code).
        options.log?.error({ channel: message.channel, err: (err as Error).message }, 'message delivery failed');
        if (!options.demoMode) throw ApiError.unavailable();
      }
      if (!delivered && !options.demoMode) {
        options.log?.error({ channel: message.channel }, 'no delivery channel configured for this message');
        throw ApiError.unavailable();
      }
    },
  };
}
