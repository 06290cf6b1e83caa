/**
 * A psychologist's verification lasts 12 months (docs/decisions/025): a
 * daily sweep finds those expiring within 30 days and enqueues one warning
 * each (keyed by the verification, so renewing starts a new one); the
 * warning job mails every admin.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { VERIFICATION_WARNING_DAYS, verificationExpiresAt } from "#core/care.ts";
import { formatDatePtBR } from "#core/format.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, psychologists } from "#server/db/schema/index.ts";
import { enqueueJob, type JobContext } from "#server/jobs/runner.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export async function sweepVerifications(db: Db, now: Date) {
  const rows = await db
    .select({ id: psychologists.id, verifiedAt: psychologists.verifiedAt })
    .from(psychologists)
    .where(and(eq(psychologists.status, "verified"), isNotNull(psychologists.verifiedAt)));
  let enqueued = 0;
  for (const row of rows) {
    if (!row.verifiedAt) continue;
    const expires = verificationExpiresAt(row.verifiedAt);
    const warnFrom = new Date(expires.getTime() - VERIFICATION_WARNING_DAYS * 86_400_000);
    if (now < warnFrom || now >= expires) continue;
    const isNew = await enqueueJob(db, {
      name: "verification-warning",
      key: `${row.id}|${row.verifiedAt.toISOString()}`,
      runAt: now,
      payload: { psychologistId: row.id },
    });
    if (isNew) enqueued += 1;
  }
  return { enqueued };
}

export async function sendVerificationWarning(context: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const id = String(context.job.payload?.psychologistId ?? "");
  const [row] = await context.db.select().from(psychologists).where(eq(psychologists.id, id));
  if (!row?.verifiedAt || row.status !== "verified") return { sent: 0 };
  const admins = await context.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.role, "admin"));
  const expires = formatDatePtBR(verificationExpiresAt(row.verifiedAt).toISOString());
  const subject = `Verificação de ${row.fullName} vence em ${expires}`;
  const paragraphs = [
    `A verificação de ${row.fullName} (CRP ${row.crpNumber}) vence em ${expires}.`,
    "Confira o CRP e o cadastro e-Psi e verifique de novo em Administração › Psicólogos; sem isso, a agenda sai do diretório no vencimento.",
  ];
  const url = `${deps.appUrl}/admin/psychologists`;
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject,
      html: layout(subject, paragraphs, { label: "Abrir Psicólogos", url }, "Sereno"),
      text: `${paragraphs.join("\n\n")}\n\n${url}`,
    });
  }
  return { sent: admins.length };
}
