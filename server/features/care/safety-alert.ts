/**
 * The e-mail that tells a psychologist an alert waits in their agenda (docs/decisions/080):
 * enqueued with a PHQ-9 whose item 9 is above 0, keyed by the answer, sent only while the
 * alert is unacknowledged. Neutral on purpose: no name, no questionnaire, no item, no score,
 * since a mailbox is read on shared screens and kept by third parties.
 */
import { and, eq, isNull } from "drizzle-orm";
import { careMeasures, psychologists, user } from "#server/db/schema/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export const SAFETY_ALERT_SUBJECT = "Há um alerta na sua agenda do Sereno";

export async function sendSafetyAlertMail(context: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const measureId = String(context.job.payload?.measureId ?? "");
  const [row] = await context.db
    .select({ email: psychologists.email, accountEmail: user.email })
    .from(careMeasures)
    .innerJoin(psychologists, eq(psychologists.id, careMeasures.psychologistId))
    .leftJoin(user, eq(user.id, psychologists.userId))
    .where(and(eq(careMeasures.id, measureId), isNull(careMeasures.acknowledgedAt)));
  if (!row) return { sent: false };
  const paragraphs = [
    "Olá!",
    "Uma pessoa que você atende enviou uma autoavaliação que pede sua atenção o quanto antes.",
    "Abra sua agenda no Sereno para ver e confirmar a leitura. Os detalhes aparecem só lá.",
  ];
  const url = `${deps.appUrl}/care/agenda`;
  await deps.mailer.send({
    to: row.accountEmail ?? row.email,
    subject: SAFETY_ALERT_SUBJECT,
    html: layout(SAFETY_ALERT_SUBJECT, paragraphs, { label: "Abrir minha agenda", url }, "Sereno"),
    text: `${paragraphs.join("\n\n")}\n\n${url}\n\nSereno`,
  });
  return { sent: true };
}
