/**
 * Everything Sereno holds about one person, for 'Baixar meus dados' (LGPD
 * art. 18, II and V; docs/decisions/015). Every query is scoped to the
 * person's user id. Practice rows (check-ins and exercise completions, the
 * person's activities) are read in pages, so a long history streams out
 * instead of being built in memory. Never tokens or password hashes.
 */
import { and, asc, eq, gt, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { ptBR } from "#core/exercises.ts";
import { moodLabels } from "#core/mood.ts";
import { describeDays } from "#core/reminders.ts";
import { pointsBalance, redemptionStatusLabels } from "#core/rewards.ts";
import type { Db } from "#server/db/client.ts";
import {
  account,
  auditLog,
  companies,
  consentEvents,
  exercises,
  profiles,
  pushSubscriptions,
  rewardRedemptions,
  session,
  user,
  userProgress,
} from "#server/db/schema/index.ts";

const PAGE_SIZE = 500;

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

/** The small, bounded part of the export: profile, consents, sign-in methods, sessions, operator accesses. */
export async function readExportHeader(db: Db, userId: string) {
  const [[person], consents, methods, sessions, accesses, redemptions, pushBrowsers] = await Promise.all([
    db
      .select({ profile: profiles, company: companies.name, accountCreatedAt: user.createdAt })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .leftJoin(companies, eq(companies.id, profiles.companyId))
      .where(eq(user.id, userId)),
    db
      .select({ kind: consentEvents.kind, version: consentEvents.version, at: consentEvents.at })
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(asc(consentEvents.at)),
    db
      .select({ provider: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId)),
    db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        userAgent: session.userAgent,
        ip: session.ipAddress,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db
      .select({ action: auditLog.action, at: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)))
      .orderBy(asc(auditLog.createdAt)),
    // Bounded by the points a person can earn, so read whole (docs/decisions/028).
    db
      .select()
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.userId, userId))
      .orderBy(asc(rewardRedemptions.createdAt)),
    // Only that a browser is subscribed: the push service's address and keys are machine secrets (docs/decisions/027).
    db
      .select({ createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
  ]);
  const profile = person?.profile;
  const preferences = profile?.notificationPreferences;
  return {
    geradoEm: new Date().toISOString(),
    fusoHorario: profile?.timezone ?? "America/Sao_Paulo",
    perfil: {
      nome: profile?.name ?? null,
      email: profile?.email ?? null,
      // Where care notices and calendar invites go (chosen at the first booking); null: the account's e-mail.
      emailParaCuidado: profile?.careEmail ?? null,
      papel: profile?.role ?? null,
      // Microsoft Entra's id of the person, from the company's Entra sign-in: what binds their Teams chat (decision 109).
      idNoMicrosoftEntra: profile?.entraObjectId ?? null,
      empresa: person?.company ?? null,
      nivel: profile?.level ?? 1,
      xp: profile?.xp ?? 0,
      pontos: profile?.engagementPoints ?? 0,
      pontosUsados: profile?.pointsSpent ?? 0,
      saldoDePontos: pointsBalance(profile?.engagementPoints ?? 0, profile?.pointsSpent ?? 0),
      tema: profile?.themePreference ?? null,
      notificacoes: profile?.notificationPreferences ?? null,
      contaCriadaEm: iso(person?.accountCreatedAt ?? null),
    },
    consentimentoAtual: profile?.wellbeingConsentVersion
      ? { versao: profile.wellbeingConsentVersion, em: iso(profile.wellbeingConsentAt) }
      : null,
    historicoDeConsentimentos: consents.map((event) => ({
      tipo: event.kind === "given" ? "dado" : "revogado",
      versao: event.version,
      em: iso(event.at),
    })),
    formasDeEntrar: methods.map((method) => ({
      tipo: method.provider === "credential" ? "e-mail e senha" : method.provider,
      desde: iso(method.createdAt),
    })),
    sessoes: sessions.map((row) => ({
      criadaEm: iso(row.createdAt),
      expiraEm: iso(row.expiresAt),
      navegador: row.userAgent,
      ip: row.ip,
    })),
    acessosDeOperadores: accesses.map((row) => ({ acao: row.action, em: iso(row.at) })),
    resgatesDeRecompensas: redemptions.map((row) => ({
      recompensa: row.rewardTitle,
      pontos: row.pointsCost,
      situacao: redemptionStatusLabels[row.status],
      pedidoEm: iso(row.createdAt),
      concluidoEm: iso(row.decidedAt),
    })),
    notificacoesPush: pushBrowsers.map((row) => ({ navegadorInscritoEm: iso(row.createdAt) })),
    // The reminder settings in the words of Configurações › Notificações; perfil.notificacoes keeps the raw object.
    lembretes: preferences
      ? {
          notificacoesPorEmail: preferences.email,
          lembretesDeCheckIn: preferences.reminders,
          notificacoesPush: preferences.push,
          novidadesDoSereno: preferences.updates,
          horarioDoLembrete: preferences.reminderTime,
          diasDoLembrete: preferences.reminderDays.length ? describeDays(preferences.reminderDays) : "nenhum dia",
          silencioAPartirDe: preferences.quietStart,
          silencioAte: preferences.quietEnd,
          navegadoresComPush: pushBrowsers.length,
        }
      : null,
  };
}

export type ExportHeader = Awaited<ReturnType<typeof readExportHeader>>;
export type ExportedCheckIn = {
  dia: string;
  humor: number | null;
  humorTexto: string | null;
  /** Optional, 1 to 5 (docs/decisions/023). */
  energia: number | null;
  estresse: number | null;
  anotacao: string | null;
  registradoEm: string;
  xp: number;
};
export type ExportedCompletion = { dia: string; exercicio: string; concluidoEm: string; xp: number };

/** The person's practice rows, oldest day first, one page at a time (keyset on day, id: exact, unlike timestamps read back into JS). */
async function* practicePages(db: Db, userId: string, kind: SQL) {
  let after: { day: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: userProgress.id,
        day: userProgress.day,
        mood: userProgress.mood,
        energy: userProgress.energy,
        stress: userProgress.stress,
        notes: userProgress.notes,
        completedAt: userProgress.completedAt,
        xpEarned: userProgress.xpEarned,
        title: exercises.title,
      })
      .from(userProgress)
      .leftJoin(exercises, eq(exercises.id, userProgress.exerciseId))
      .where(
        and(
          eq(userProgress.userId, userId),
          kind,
          after
            ? or(gt(userProgress.day, after.day), and(eq(userProgress.day, after.day), gt(userProgress.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(userProgress.day), asc(userProgress.id))
      .limit(PAGE_SIZE);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { day: last.day, id: last.id };
    if (rows.length < PAGE_SIZE) return;
  }
}

export async function* exportedCheckIns(db: Db, userId: string): AsyncGenerator<ExportedCheckIn> {
  for await (const page of practicePages(db, userId, isNull(userProgress.exerciseId))) {
    for (const row of page) {
      yield {
        dia: row.day,
        humor: row.mood,
        humorTexto: row.mood ? (moodLabels[row.mood as 1 | 2 | 3 | 4 | 5] ?? null) : null,
        energia: row.energy,
        estresse: row.stress,
        anotacao: row.notes,
        registradoEm: new Date(row.completedAt).toISOString(),
        xp: row.xpEarned,
      };
    }
  }
}

export async function* exportedCompletions(db: Db, userId: string): AsyncGenerator<ExportedCompletion> {
  for await (const page of practicePages(db, userId, isNotNull(userProgress.exerciseId))) {
    for (const row of page) {
      yield {
        dia: row.day,
        exercicio: row.title ? ptBR(row.title) : "Exercício",
        concluidoEm: new Date(row.completedAt).toISOString(),
        xp: row.xpEarned,
      };
    }
  }
}
