/**
 * The records about a person that other parts of Sereno keep (issue 51, item 5;
 * docs/decisions/064): the company's HR roster record and the identity
 * provider's (SCIM) record, passkeys and the recovery code's date, the person's
 * own sign-in events, the psychologist profile, the Canal de escuta (the
 * handler role and the cases the person chose to be identified in) and how
 * many records name them as their author. Bounded per person, so read whole.
 * Never a hash, a key, a code, nor another person's data: an identified case
 * shows its public thread (as /escuta/acompanhar does), never the handlers'
 * internal notes nor who handled it.
 */
import { and, asc, count, eq, inArray, ne, notInArray } from "drizzle-orm";
import { auditActionLabels } from "#core/audit-labels.ts";
import { caseCategories, caseStatuses } from "#core/listening.ts";
import type { Db } from "#server/db/client.ts";
import {
  auditLog,
  companies,
  emailConfirmations,
  groupSessionMaterials,
  groupSessions,
  invites,
  listeningCases,
  listeningHandlers,
  listeningIdentities,
  listeningMessages,
  passkeys,
  psychologists,
  recoveryCodes,
  riskSectors,
  rosterApiAdditions,
  rosterApiKeys,
  rosterImports,
  rosterPeople,
  scimGroupMembers,
  scimGroups,
  scimTokens,
  scimUsers,
} from "#server/db/schema/index.ts";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The person's own access events (docs/decisions/032), as the Registro de acessos words them. */
const accessActions = ["auth.sign-in", "auth.sign-in-failed", "auth.sign-out", "session.revoke", "access.denied"];

const label = (action: string) => auditActionLabels[action as keyof typeof auditActionLabels] ?? action;
const detail = (details: Record<string, unknown> | null, key: string) => {
  const value = details?.[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
};

async function readIdentity(db: Db, userId: string) {
  const [roster, scim, groups, keys, [recovery], [pendingEmail]] = await Promise.all([
    db
      .select({ person: rosterPeople, company: companies.name, sector: riskSectors.name })
      .from(rosterPeople)
      .innerJoin(companies, eq(companies.id, rosterPeople.companyId))
      .leftJoin(riskSectors, eq(riskSectors.id, rosterPeople.sectorId))
      .where(eq(rosterPeople.userId, userId))
      .orderBy(asc(rosterPeople.createdAt)),
    db
      .select({ scim: scimUsers, company: companies.name })
      .from(scimUsers)
      .innerJoin(companies, eq(companies.id, scimUsers.companyId))
      .where(eq(scimUsers.userId, userId))
      .orderBy(asc(scimUsers.createdAt)),
    db
      .select({ scimUserId: scimGroupMembers.scimUserId, group: scimGroups.displayName })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
      .where(eq(scimUsers.userId, userId))
      .orderBy(asc(scimGroups.displayName)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db.select({ createdAt: recoveryCodes.createdAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    // The personal e-mail given at /ativar, not yet confirmed (docs/decisions/066); never the link's token.
    db
      .select({ email: emailConfirmations.email, createdAt: emailConfirmations.createdAt })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, userId)),
  ]);
  return {
    cadastroDaEmpresa: roster.map(({ person, company, sector }) => ({
      empresa: company,
      nome: person.name,
      cpfFinal: `…${person.cpfLast2}`,
      matricula: person.matricula,
      emailCorporativo: person.email,
      emailPessoal: person.personalEmail,
      cargo: person.jobTitle,
      setor: sector ?? person.sectorPath,
      cnpjDoEstabelecimento: person.establishmentCnpj,
      gestorInformado: person.managerRef,
      admitidoEm: person.admittedOn,
      desligadoEm: iso(person.leftAt),
      cadastradoEm: iso(person.createdAt),
      atualizadoEm: iso(person.updatedAt),
    })),
    cadastroDoProvedorDeIdentidade: scim.map(({ scim: row, company }) => ({
      empresa: company,
      usuario: row.userName,
      idExterno: row.externalId,
      nome: row.formattedName ?? row.displayName ?? ([row.givenName, row.familyName].filter(Boolean).join(" ") || null),
      email: row.email,
      matricula: row.employeeNumber,
      departamento: row.department,
      ativo: row.active,
      grupos: groups.filter((g) => g.scimUserId === row.id).map((g) => g.group),
      recebidoEm: iso(row.createdAt),
      atualizadoEm: iso(row.updatedAt),
    })),
    chavesDeAcesso: keys.map((key) => ({
      aparelho: key.name,
      criadaEm: iso(key.createdAt),
      usadaEm: iso(key.lastUsedAt),
    })),
    codigoDeRecuperacao: recovery ? { criadoEm: iso(recovery.createdAt) } : null,
    emailAguardandoConfirmacao: pendingEmail
      ? { email: pendingEmail.email, enviadoEm: iso(pendingEmail.createdAt) }
      : null,
  };
}

async function readActivity(db: Db, userId: string) {
  const [events, otherActions] = await Promise.all([
    db
      .select({ action: auditLog.action, at: auditLog.createdAt, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), inArray(auditLog.action, accessActions)))
      .orderBy(asc(auditLog.createdAt)),
    // What the person did in an admin, manager or handler role concerns the company and the people acted on: counted here, listed in the company's Registro de acessos.
    db
      .select({ action: auditLog.action, total: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), notInArray(auditLog.action, accessActions)))
      .groupBy(auditLog.action)
      .orderBy(asc(auditLog.action)),
  ]);
  return {
    entradasNaConta: events.map((row) => ({
      evento: label(row.action),
      em: iso(row.at),
      aparelho: detail(row.details, "device"),
      ip: detail(row.details, "ip"),
      tentativas: Number(detail(row.details, "attempts") ?? 1),
    })),
    acoesRegistradas: otherActions.map((row) => ({ acao: label(row.action), vezes: row.total })),
  };
}

async function readRoles(db: Db, userId: string) {
  const [[psychologist], handlerRoles, identified] = await Promise.all([
    db.select().from(psychologists).where(eq(psychologists.userId, userId)),
    db
      .select({ company: companies.name, isActive: listeningHandlers.isActive, since: listeningHandlers.appointedOn })
      .from(listeningHandlers)
      .innerJoin(companies, eq(companies.id, listeningHandlers.companyId))
      .where(eq(listeningHandlers.userId, userId))
      .orderBy(asc(listeningHandlers.appointedOn)),
    db
      .select({ case: listeningCases })
      .from(listeningIdentities)
      .innerJoin(listeningCases, eq(listeningCases.id, listeningIdentities.caseId))
      .where(eq(listeningIdentities.userId, userId))
      .orderBy(asc(listeningCases.receivedOn)),
  ]);
  const caseIds = identified.map((row) => row.case.id);
  const thread = caseIds.length
    ? await db
        .select({
          caseId: listeningMessages.caseId,
          author: listeningMessages.author,
          body: listeningMessages.body,
          on: listeningMessages.writtenOn,
        })
        .from(listeningMessages)
        // The public thread only, as the reporter's follow-up page shows it: internal notes are the handlers' work.
        .where(and(inArray(listeningMessages.caseId, caseIds), ne(listeningMessages.isInternal, true)))
        .orderBy(asc(listeningMessages.caseId), asc(listeningMessages.seq))
    : [];
  return {
    perfilDePsicologo: psychologist
      ? {
          nome: psychologist.fullName,
          email: psychologist.email,
          crp: `${psychologist.crpNumber}/${psychologist.crpUf}`,
          ePsiConfirmadoEm: psychologist.epsiConfirmedOn,
          abordagens: psychologist.approaches,
          especialidades: psychologist.specialties,
          idiomas: psychologist.languages,
          online: psychologist.online,
          cidadePresencial: psychologist.inPersonCity,
          apresentacao: psychologist.bio,
          situacao: psychologist.status,
          verificadoEm: iso(psychologist.verifiedAt),
        }
      : null,
    canalDeEscuta: {
      responsavelPeloCanal: handlerRoles.map((row) => ({
        empresa: row.company,
        desde: row.since,
        ativo: row.isActive,
      })),
      relatosIdentificados: identified.map(({ case: item }) => ({
        protocolo: item.protocol,
        tipo: item.kind === "denuncia" ? "Denúncia" : "Mensagem",
        categoria: caseCategories[item.category].label,
        situacao: caseStatuses[item.status],
        recebidoEm: item.receivedOn,
        concluidoEm: item.closedOn,
        mensagens: thread
          .filter((m) => m.caseId === item.id)
          .map((m) => ({ de: m.author === "reporter" ? "Você" : "Equipe do canal", em: m.on, texto: m.body })),
      })),
    },
  };
}

/** How many records name the person as their author (the records are the company's and hold other people's data). */
async function readAuthorship(db: Db, userId: string) {
  const tally = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;
  const [sessions, materials, invitations, imports, apiKeys, tokens, allowances] = await Promise.all([
    tally(db.select({ total: count() }).from(groupSessions).where(eq(groupSessions.createdBy, userId))),
    tally(
      db.select({ total: count() }).from(groupSessionMaterials).where(eq(groupSessionMaterials.uploadedBy, userId)),
    ),
    tally(db.select({ total: count() }).from(invites).where(eq(invites.invitedBy, userId))),
    tally(db.select({ total: count() }).from(rosterImports).where(eq(rosterImports.createdBy, userId))),
    tally(db.select({ total: count() }).from(rosterApiKeys).where(eq(rosterApiKeys.createdBy, userId))),
    tally(db.select({ total: count() }).from(scimTokens).where(eq(scimTokens.createdBy, userId))),
    tally(db.select({ total: count() }).from(rosterApiAdditions).where(eq(rosterApiAdditions.allowedBy, userId))),
  ]);
  return {
    registrosQueVoceCriou: {
      encontrosEmGrupo: sessions,
      materiaisDeEncontros: materials,
      convitesEnviados: invitations,
      importacoesDeLista: imports,
      chavesDaApiDeRh: apiKeys,
      tokensScim: tokens,
      liberacoesDaApiDeRh: allowances,
    },
  };
}

export async function readRecords(db: Db, userId: string) {
  const [identity, activity, roles, authorship] = await Promise.all([
    readIdentity(db, userId),
    readActivity(db, userId),
    readRoles(db, userId),
    readAuthorship(db, userId),
  ]);
  return { ...identity, ...activity, ...roles, ...authorship };
}

export type ExportRecords = Awaited<ReturnType<typeof readRecords>>;
