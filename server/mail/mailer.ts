/**
 * Outgoing mail: SMTP when SMTP_URL is set, else an outbox that writes each
 * message to DATA_DIR/outbox as an .eml file (kept 30 days), so a trial
 * install can still follow invitation and recovery links: open the file.
 * The log names the file only: links carry tokens, subjects carry names
 * (docs/decisions/016).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import { isInternalAddress } from "#core/internal-address.ts";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID, when a retry must be the same message (a job's: docs/decisions/099); else nodemailer makes one. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe on reminders and digests (docs/decisions/019). */
  headers?: Record<string, string>;
  /** A calendar invitation (text/calendar, also attached as .ics): care appointments (docs/decisions/025). */
  icalEvent?: { method: "PUBLISH"; filename: string; content: string };
};
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Resolves once every mail already handed over has been sent (used on shutdown). */
  drain(): Promise<void>;
};

/** Wraps a send function so shutdown can wait for mails still on their way. */
export function trackingMailer(send: (mail: Mail) => Promise<void>): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    send(mail) {
      // An account made at /ativar without any e-mail has an address no one reads (docs/decisions/045).
      if (isInternalAddress(mail.to)) return Promise.resolve();
      const promise = send(mail).finally(() => pending.delete(promise));
      pending.add(promise);
      return promise;
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}

/** nodemailer's transport, loaded with the first mail rather than on every start (docs/decisions/021). */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return trackingMailer(async (mail) => {
      await (await transport()).sendMail({ from: options.from, ...mail });
      options.log.info("mail sent over SMTP");
    });
  }
  const builder = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return trackingMailer(async (mail) => {
    const info = await (await builder()).sendMail({ from: options.from, ...mail });
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(
      options.outboxDir,
      `${new Date().toISOString().replaceAll(":", "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
    );
    await writeFile(file, info.message as Buffer);
    options.log.info({ file }, "mail written to the outbox: its links are in the file");
  });
}
