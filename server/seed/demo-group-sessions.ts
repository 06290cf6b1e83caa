/**
 * DEMO=1 group sessions (docs/decisions/024): past and upcoming workshops and
 * support groups of 'Empresa Demo', with registrations, a waitlist, marked
 * attendance and anonymous feedback, so both sides of /group-sessions have
 * something to show.
 */
import { addDays, localDay } from "#core/dates.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import type { Db } from "#server/db/client.ts";
import {
  groupSessionFeedback,
  groupSessionFeedbackGiven,
  groupSessionRegistrations,
  groupSessions,
} from "#server/db/schema/index.ts";

type Plan = {
  session: Omit<typeof groupSessions.$inferInsert, "companyId" | "audience" | "startsAt"> & {
    day: number;
    hour: number;
  };
  registered: number;
  waitlisted?: number;
  attended?: number;
  ratings?: number[];
  comments?: string[];
};

const plans: Plan[] = [
  {
    session: {
      day: -10,
      hour: 15,
      kind: "workshop",
      title: "Gestão do estresse no dia a dia",
      description: "Como reconhecer sinais de sobrecarga e três práticas curtas para o meio do expediente.",
      facilitatorName: "Renata Prado",
      durationMinutes: 60,
      capacity: 15,
      modality: "online",
      location: "https://meet.exemplo.com.br/estresse",
    },
    registered: 11,
    attended: 10,
    ratings: [5, 4, 5, 4, 4, 5, 3, 5, 4, 5],
    comments: ["Gostei das pausas guiadas.", "Poderia ter mais tempo para perguntas.", "Vou usar a respiração 4-7-8."],
  },
  {
    session: {
      day: -5,
      hour: 18,
      kind: "support_group",
      title: "Grupo de apoio: ansiedade",
      description: "Um espaço seguro, conduzido por psicóloga, para conversar sobre ansiedade.",
      facilitatorName: "Dra. Helena Castro",
      durationMinutes: 90,
      capacity: 8,
      modality: "in_person",
      location: "Sala Jasmim, 3º andar",
    },
    registered: 6,
    attended: 5,
    ratings: [5, 4, 5],
  },
  {
    session: {
      day: 3,
      hour: 14,
      kind: "workshop",
      title: "Comunicação não violenta",
      description: "Conversas difíceis com mais clareza e menos atrito, com exercícios em duplas.",
      facilitatorName: "Marcelo Tavares",
      durationMinutes: 60,
      capacity: 15,
      modality: "online",
      location: "https://meet.exemplo.com.br/cnv",
    },
    registered: 6,
  },
  {
    session: {
      day: 5,
      hour: 10,
      kind: "workshop",
      title: "Liderança e saúde mental",
      description: "Para quem lidera: como abrir espaço para o cuidado sem invadir a privacidade de ninguém.",
      facilitatorName: "Renata Prado",
      durationMinutes: 90,
      capacity: 4,
      modality: "in_person",
      location: "Auditório, térreo",
    },
    registered: 4,
    waitlisted: 2,
  },
  {
    session: {
      day: 6,
      hour: 18,
      kind: "support_group",
      title: "Grupo de apoio: luto e perdas",
      description: "Encontro acolhedor para quem está atravessando uma perda. Sigilo garantido.",
      facilitatorName: "Dra. Helena Castro",
      durationMinutes: 90,
      capacity: 8,
      modality: "online",
      location: "https://meet.exemplo.com.br/apoio",
    },
    registered: 3,
  },
];

export async function seedDemoGroupSessions(db: Db, companyId: string, memberIds: string[], now: Date) {
  const today = localDay(now, "America/Sao_Paulo");
  for (const [index, plan] of plans.entries()) {
    const { day, hour, ...fields } = plan.session;
    const startsAt = zonedInstant(addDays(today, day), hour, "America/Sao_Paulo");
    const isPast = day < 0;
    const [session] = await db
      .insert(groupSessions)
      .values({
        ...fields,
        audience: "company",
        companyId,
        startsAt,
        attendedCount: fields.kind === "support_group" && isPast ? (plan.attended ?? null) : null,
        attendanceMarkedAt: isPast ? new Date(startsAt.getTime() + 2 * 3_600_000) : null,
      })
      .returning({ id: groupSessions.id });
    if (!session) continue;
    // Each session takes its people from a different point of the list, so everyone has some history.
    const people = memberIds.map((_, i) => memberIds[(i + index * 3) % memberIds.length] as string);
    const taking = people.slice(0, plan.registered + (plan.waitlisted ?? 0));
    for (const [position, userId] of taking.entries()) {
      const isWaiting = position >= plan.registered;
      const hasAttended = fields.kind === "workshop" && isPast && position < (plan.attended ?? 0);
      await db.insert(groupSessionRegistrations).values({
        sessionId: session.id,
        userId,
        status: isWaiting ? "waitlisted" : hasAttended ? "attended" : "registered",
        queuedAt: new Date(now.getTime() - (30 - position) * 3_600_000),
      });
    }
    for (const [i, rating] of (plan.ratings ?? []).entries()) {
      await db.insert(groupSessionFeedbackGiven).values({ sessionId: session.id, userId: taking[i] as string });
      await db
        .insert(groupSessionFeedback)
        .values({ sessionId: session.id, rating, comment: plan.comments?.[i] ?? null });
    }
  }
}
