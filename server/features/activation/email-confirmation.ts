/**
 * A personal e-mail given at /ativar becomes the account's only once its owner
 * opens the link mailed to it (docs/decisions/066). The token is 256 random
 * bits, kept as its SHA-256, deleted as it is used; it holds 24 hours.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { EMAIL_CONFIRMATION_HOURS } from "#core/schemas/email-confirmation.ts";
import type { Db } from "#server/db/client.ts";
import { emailConfirmations } from "#server/db/schema/index.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";

export function hashConfirmationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link for this address, replacing any the person was sent before; returns the token, never stored. */
export async function startEmailConfirmation(
  db: Db,
  input: { userId: string; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(emailConfirmations).where(eq(emailConfirmations.userId, input.userId));
  await db.insert(emailConfirmations).values({
    userId: input.userId,
    email: input.email,
    tokenHash: hashConfirmationToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + EMAIL_CONFIRMATION_HOURS * 3600_000),
  });
  return token;
}

/** Sereno's own words and the person's name: the mail says nothing about their wellbeing. */
function emailConfirmationMail(to: string, name: string, url: string): Mail {
  const subject = "Confirme seu e-mail no Sereno";
  const paragraphs = [
    `Olá, ${name}!`,
    `Você informou este e-mail ao ativar seu acesso ao Sereno. Confirme que ele é seu pelo botão abaixo; o link vale por ${EMAIL_CONFIRMATION_HOURS} horas e só pode ser usado uma vez.`,
  ];
  const footer = "Se não foi você, ignore este e-mail: ele não será ligado a nenhuma conta.";
  return {
    to,
    subject,
    html: layout(subject, paragraphs, { label: "Confirmar meu e-mail", url }, footer),
    text: `${paragraphs.join("\n\n")}\n\nConfirmar meu e-mail: ${url}\n\n${footer}\n\nSereno`,
  };
}

/** Mails the link; a failed send is reported without the address (docs/style.md: logs hold no e-mails). */
export function sendConfirmationLink(
  mailer: Mailer,
  appUrl: string,
  mail: { to: string; name: string; token: string },
  onError: (error: unknown) => void,
): void {
  const url = new URL("/confirmar-email", appUrl);
  url.hash = `token=${mail.token}`;
  mailer.send(emailConfirmationMail(mail.to, mail.name, url.toString())).catch(onError);
}
