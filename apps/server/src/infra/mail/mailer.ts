import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message is about, logged when mail goes to the outbox. */
  link?: string;
  /** Files sent with the message: a survey's site file, feedback's attachments. */
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
}

/**
 * SMTP when a URL is configured; otherwise each message becomes an .eml file in
 * DATA_DIR/outbox and its link is logged, so a single machine needs no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async (message) => {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      await mkdir(options.outboxDir, { recursive: true });
      const safeRecipient = message.to.replace(/[^\w.@-]/g, '_');
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, file, link: message.link },
        `mail written to the outbox: ${message.subject}`,
      );
    },
  };
}
