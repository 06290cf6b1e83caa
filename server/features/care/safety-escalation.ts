/**
 * A safety alert nobody acknowledged in time (docs/decisions/080, 102): a job
 * enqueued with the answer, due SAFETY_ESCALATION_HOURS later, marks the alert
 * escalated and e-mails every platform admin (Sereno's clinical coordination)
 * so someone calls the psychologist. The e-mail names the psychologist, who
 * must be reached, and nothing about the person: no name, no company, no
 * questionnaire, no item, no score. Audited without a company id.
 */
import { and, eq, isNull } from "drizzle-orm";
import { SAFETY_ESCALATION_HOURS } from "#core/care.ts";
import { careMeasures, profiles, psychologists } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import type { enqueueJob, JobContext } from "#server/jobs/runner.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export const SAFETY_ESCALATION_JOB = "care-safety-escalation";
export const SAFETY_ESCALATION_SUBJECT = `Alerta na agenda de um(a) psicólogo(a) sem confirmação há ${SAFETY_ESCALATION_HOURS} horas`;

/** The escalation of one alert, enqueued in the answer's transaction, keyed by it. */
export function escalationJob(measureId: string, answeredAt: Date): Parameters<typeof enqueueJob>[1] {
  return {
    name: SAFETY_ESCALATION_JOB,
    key: measureId,
    runAt: new Date(answeredAt.getTime() + SAFETY_ESCALATION_HOURS * 3_600_000),
    payload: { measureId },
  };
}

export async function escalateSafetyAlert(context: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const measureId = String(context.job.payload?.measureId ?? "");
  const [escalated] = await context.db
    .update(careMeasures)
    .set({ escalatedAt: context.now })
    .where(
      and(
        eq(careMeasures.id, measureId),
        eq(careMeasures.safetyPath, "alert"),
        isNull(careMeasures.acknowledgedAt),
        isNull(careMeasures.escalatedAt),
      ),
    )
    .returning({ psychologistId: careMeasures.psychologistId });
  if (!escalated) return { sent: 0 };
  const [psychologist] = await context.db
    .select({ fullName: psychologists.fullName, crp: psychologists.crpNumber, email: psychologists.email })
    .from(psychologists)
    .where(eq(psychologists.id, escalated.psychologistId));
  const admins = await context.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.role, "admin"));
  await writeAudit(context.db, { userId: null, email: "Sereno (tarefa automática)" }, "care-measure.escalate", {
    type: "psychologist",
    id: escalated.psychologistId,
    details: { autoavaliacao: measureId, horas: SAFETY_ESCALATION_HOURS, avisados: admins.length },
  });
  const who = psychologist
    ? `${psychologist.fullName} (CRP ${psychologist.crp}, ${psychologist.email})`
    : "um(a) psicólogo(a)";
  const paragraphs = [
    `Um alerta de segurança na agenda de ${who} está sem confirmação de leitura há mais de ${SAFETY_ESCALATION_HOURS} horas.`,
    "Entre em contato com o(a) psicólogo(a) agora, pelo protocolo clínico do Sereno, para que o alerta seja lido. Os detalhes da pessoa atendida ficam só na agenda dele(a).",
  ];
  const url = `${deps.appUrl}/admin/psychologists`;
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: SAFETY_ESCALATION_SUBJECT,
      html: layout(SAFETY_ESCALATION_SUBJECT, paragraphs, { label: "Abrir Psicólogos", url }, "Sereno"),
      text: `${paragraphs.join("\n\n")}\n\n${url}\n\nSereno`,
    });
  }
  return { sent: admins.length };
}
