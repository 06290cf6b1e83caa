/**
 * The member's care data in their export (docs/decisions/025): their
 * appointments, their message threads and their session credits. Bounded per person (a few dozen
 * sessions a year), so read in one query each.
 */
import { asc, eq } from "drizzle-orm";
import { careInstruments, scoreMeasure } from "#core/questionnaires/care-measures.ts";
import { frequencyOptions } from "#core/questionnaires/pfizer-screeners.ts";
import { phq9 } from "#core/questionnaires/phq9.ts";
import type { Db } from "#server/db/client.ts";
import {
  appointments,
  careMeasures,
  careMessages,
  companies,
  creditLedger,
  psychologists,
} from "#server/db/schema/index.ts";

export type ExportedAppointment = { inicio: string; fim: string; psicologo: string; situacao: string };
export type ExportedMessage = {
  enviadaEm: string;
  psicologo: string;
  deMim: boolean;
  texto: string;
  lidaEm: string | null;
};
/** A PHQ-9 or GAD-7 the member answered in care (docs/decisions/079): the items and answers in words, and the score. */
export type ExportedMeasure = {
  respondidaEm: string;
  questionario: string;
  psicologo: string;
  respostas: { item: string; resposta: string }[];
  dificuldade: string | null;
  pontuacao: number;
  pontuacaoMaxima: number;
  faixa: string;
  alertaReconhecidoEm: string | null;
};
export type ExportedCredit = { em: string; empresa: string; cicloDesde: string; movimento: string; quantidade: number };

const statusLabels: Record<string, string> = {
  booked: "Agendada",
  held: "Realizada",
  no_show: "Falta",
  cancelled: "Cancelada",
};

const creditLabels: Record<string, string> = {
  grant: "Sessões liberadas no ciclo",
  hold: "Reservada para uma consulta",
  consume: "Usada numa consulta",
  release: "Devolvida",
  expire: "Expiradas no fim do ciclo",
};

export async function* exportedAppointments(db: Db, userId: string): AsyncGenerator<ExportedAppointment> {
  const rows = await db
    .select({ appointment: appointments, name: psychologists.fullName })
    .from(appointments)
    .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
    .where(eq(appointments.memberId, userId))
    .orderBy(asc(appointments.startsAt));
  for (const { appointment, name } of rows) {
    yield {
      inicio: appointment.startsAt.toISOString(),
      fim: appointment.endsAt.toISOString(),
      psicologo: name,
      situacao: statusLabels[appointment.status] ?? appointment.status,
    };
  }
}

export async function* exportedMessages(db: Db, userId: string): AsyncGenerator<ExportedMessage> {
  const rows = await db
    .select({ message: careMessages, name: psychologists.fullName })
    .from(careMessages)
    .innerJoin(psychologists, eq(psychologists.id, careMessages.psychologistId))
    .where(eq(careMessages.memberId, userId))
    .orderBy(asc(careMessages.createdAt));
  for (const { message, name } of rows) {
    yield {
      enviadaEm: message.createdAt.toISOString(),
      psicologo: name,
      deMim: message.fromMember,
      texto: message.body,
      lidaEm: message.readAt?.toISOString() ?? null,
    };
  }
}

export async function* exportedCredits(db: Db, userId: string): AsyncGenerator<ExportedCredit> {
  const rows = await db
    .select({ credit: creditLedger, company: companies.name })
    .from(creditLedger)
    .innerJoin(companies, eq(companies.id, creditLedger.companyId))
    .where(eq(creditLedger.memberId, userId))
    .orderBy(asc(creditLedger.createdAt));
  for (const { credit, company } of rows) {
    yield {
      em: credit.createdAt.toISOString(),
      empresa: company,
      cicloDesde: credit.cycleStart,
      movimento: creditLabels[credit.kind] ?? credit.kind,
      quantidade: credit.amount,
    };
  }
}

export async function* exportedMeasures(db: Db, userId: string): AsyncGenerator<ExportedMeasure> {
  const rows = await db
    .select({ measure: careMeasures, name: psychologists.fullName })
    .from(careMeasures)
    .innerJoin(psychologists, eq(psychologists.id, careMeasures.psychologistId))
    .where(eq(careMeasures.memberId, userId))
    .orderBy(asc(careMeasures.createdAt));
  for (const { measure, name } of rows) {
    const instrument = careInstruments[measure.instrument];
    const { maxScore, band } = scoreMeasure(measure.instrument, measure.answers);
    yield {
      respondidaEm: measure.createdAt.toISOString(),
      questionario: instrument.name,
      psicologo: name,
      respostas: instrument.items.map((item, index) => ({
        item,
        resposta: frequencyOptions[measure.answers[index] ?? 0]?.label ?? "",
      })),
      dificuldade: measure.difficulty === null ? null : (phq9.difficulty.options[measure.difficulty] ?? null),
      pontuacao: measure.score,
      pontuacaoMaxima: maxScore,
      faixa: band,
      alertaReconhecidoEm: measure.acknowledgedAt?.toISOString() ?? null,
    };
  }
}
