/**
 * What the member took part in, for their export (docs/decisions/015): the
 * companies they belonged to, group sessions (a support group's title is
 * health information) and NR-1 questionnaires they were invited to. Bounded
 * per person, so read whole. Group-session feedback and NR-1 answers are
 * anonymous by design (docs/decisions/024 and 026): only that one was given
 * is linked to the person, and the export says so.
 */
import { asc, eq } from "drizzle-orm";
import { groupSessionKindLabels } from "#core/schemas/group-sessions.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  companyMemberships,
  groupSessionFeedbackGiven,
  groupSessionRegistrations,
  groupSessions,
  riskCampaigns,
  riskInvitations,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";

const registrationLabels: Record<string, string> = {
  registered: "Inscrito(a)",
  waitlisted: "Lista de espera",
  cancelled: "Inscrição cancelada",
  attended: "Presente",
  requested: "Inscrição recebida (aguardando o sorteio das vagas)",
  not_drawn: "Não sorteado(a) para este encontro",
};

const feedbackNote =
  "Sua avaliação dos encontros (nota e comentário) é anônima: não é ligada ao seu nome; por isso só aparece aqui que você avaliou.";
const riskNote = "Suas respostas ao questionário NR-1 não são ligadas ao seu nome; por isso não aparecem aqui.";

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function readParticipation(db: Db, userId: string) {
  const [memberships, registrations, feedbackGiven, invitations, [sector]] = await Promise.all([
    db
      .select({ company: companies.name, joinedAt: companyMemberships.joinedAt, leftAt: companyMemberships.leftAt })
      .from(companyMemberships)
      .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
      .where(eq(companyMemberships.userId, userId))
      .orderBy(asc(companyMemberships.joinedAt)),
    db
      .select({ registration: groupSessionRegistrations, session: groupSessions })
      .from(groupSessionRegistrations)
      .innerJoin(groupSessions, eq(groupSessions.id, groupSessionRegistrations.sessionId))
      .where(eq(groupSessionRegistrations.userId, userId))
      .orderBy(asc(groupSessions.startsAt)),
    db
      .select({ sessionId: groupSessionFeedbackGiven.sessionId })
      .from(groupSessionFeedbackGiven)
      .where(eq(groupSessionFeedbackGiven.userId, userId)),
    db
      .select({
        campaign: riskCampaigns.title,
        sector: riskSectors.name,
        invitedAt: riskInvitations.invitedAt,
        remindedAt: riskInvitations.remindedAt,
        hasAnswered: riskInvitations.hasAnswered,
      })
      .from(riskInvitations)
      .innerJoin(riskCampaigns, eq(riskCampaigns.id, riskInvitations.campaignId))
      .innerJoin(riskSectors, eq(riskSectors.id, riskInvitations.sectorId))
      .where(eq(riskInvitations.userId, userId))
      .orderBy(asc(riskInvitations.invitedAt)),
    db
      .select({ name: riskSectors.name })
      .from(riskSectorMembers)
      .innerJoin(riskSectors, eq(riskSectors.id, riskSectorMembers.sectorId))
      .where(eq(riskSectorMembers.userId, userId)),
  ]);
  const rated = new Set(feedbackGiven.map((row) => row.sessionId));
  return {
    historicoDeEmpresas: memberships.map((row) => ({
      empresa: row.company,
      entrouEm: iso(row.joinedAt),
      saiuEm: iso(row.leftAt),
    })),
    sessoesEmGrupo: {
      observacao: feedbackNote,
      inscricoes: registrations.map(({ registration, session }) => ({
        titulo: session.title,
        tipo: groupSessionKindLabels[session.kind],
        facilitador: session.facilitatorName,
        inicio: session.startsAt.toISOString(),
        encontroCancelado: session.status === "cancelled",
        situacao: registrationLabels[registration.status] ?? registration.status,
        inscritoEm: registration.queuedAt.toISOString(),
        presente: registration.status === "attended",
        avaliou: rated.has(session.id),
      })),
    },
    questionariosNr1: {
      observacao: riskNote,
      setor: sector?.name ?? null,
      convites: invitations.map((row) => ({
        campanha: row.campaign,
        setor: row.sector,
        convidadoEm: iso(row.invitedAt),
        lembradoEm: iso(row.remindedAt),
        respondeu: row.hasAnswered,
      })),
    },
  };
}

export type ExportParticipation = Awaited<ReturnType<typeof readParticipation>>;
