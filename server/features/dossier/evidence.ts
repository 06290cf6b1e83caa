/**
 * What Sereno holds for each criterion of Lei 14.831 art. 3 (docs/decisions/094), as lines of plain text.
 * Care comes only from Resultados' released, noisy figures (docs/decisions/088): nothing here counts people
 * anew. Group sessions, trainings and verdicts are the company's own acts, counted plainly.
 */
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import type { EvidenceSource } from "#core/dossier.ts";
import { formatDayPtBR } from "#core/format.ts";
import { quarterLabel } from "#core/resultados.ts";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import type { Dossier } from "#core/schemas/dossier.ts";
import type { Resultados } from "#core/schemas/resultados.ts";
import type { Db } from "#server/db/client.ts";
import { groupSessions, riskActions, riskActionVerdicts } from "#server/db/schema/index.ts";

type Held = { kind: "workshop" | "support_group"; title: string };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const approx = (n: number | null, margin: number | null) =>
  `cerca de ${Math.round(n ?? 0)}${margin ? ` (± ${Math.round(margin)})` : ""}`;

/** The company's own group sessions held in the last 12 months (cancelled ones left out), titles and kinds only. */
export async function sessionsHeld(db: Db, companyId: string, now: Date): Promise<Held[]> {
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  return db
    .select({ kind: groupSessions.kind, title: groupSessions.title })
    .from(groupSessions)
    .where(
      and(
        eq(groupSessions.companyId, companyId),
        eq(groupSessions.status, "scheduled"),
        gte(groupSessions.startsAt, sql`${yearAgo.toISOString()}::timestamptz`),
        lte(groupSessions.startsAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(groupSessions.startsAt);
}

export async function verdictCounts(db: Db, companyId: string) {
  const rows = await db
    .select({ verdict: riskActionVerdicts.verdict, n: count() })
    .from(riskActionVerdicts)
    .where(eq(riskActionVerdicts.companyId, companyId))
    .groupBy(riskActionVerdicts.verdict);
  return Object.fromEntries(rows.map((row) => [row.verdict, row.n])) as Partial<Record<string, number>>;
}

export async function actionCounts(db: Db, companyId: string) {
  const rows = await db
    .select({ status: riskActions.status, n: count() })
    .from(riskActions)
    .where(eq(riskActions.companyId, companyId))
    .groupBy(riskActions.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Partial<Record<string, number>>;
}

type Inputs = {
  held: Held[];
  file: HarassmentFile;
  resultados: Resultados;
  verdicts: Partial<Record<string, number>>;
  actions: Partial<Record<string, number>>;
  goals: Dossier["goals"];
  notices: Dossier["notices"];
  today: string;
};

function programmes({ held }: Inputs): string[] {
  const workshops = held.filter((session) => session.kind === "workshop");
  const groups = held.length - workshops.length;
  if (held.length === 0) return [];
  const lines = [
    `Nos últimos 12 meses: ${plural(workshops.length, "oficina realizada", "oficinas realizadas")} e ${plural(groups, "grupo de apoio realizado", "grupos de apoio realizados")}.`,
  ];
  const titles = [...new Set(workshops.map((session) => session.title))].slice(0, 10);
  if (titles.length) lines.push(`Oficinas: ${titles.join("; ")}.`);
  return lines;
}

function care({ resultados }: Inputs): string[] {
  return resultados.care
    .filter((row) => row.sessionsPerPerson.shown)
    .slice(0, 4)
    .map((row) => {
      const people = approx(row.sessionsPerPerson.n, row.sessionsPerPerson.nMargin);
      const wait = row.waitMedianDays.shown ? `; espera mediana de ${row.waitMedianDays.value} dias` : "";
      return `${quarterLabel(row.quarter)}: ${people} pessoas em atendimento psicológico pelo Sereno${wait} (números publicados em Resultados, com ruído).`;
    });
}

function trainings({ file, today }: Inputs, level?: "lideranca"): string[] {
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const recent = file.trainings.filter(
    (training) => training.heldOn >= yearAgo && (!level || training.levels.includes(level)),
  );
  return recent.map(
    (training) =>
      `${formatDayPtBR(training.heldOn)}: ${training.title} (${training.durationMinutes} min, ${plural(training.attendees, "pessoa presente", "pessoas presentes")}).`,
  );
}

function harassment({ file }: Inputs): string[] {
  const lines: string[] = [];
  if (file.conduct) {
    lines.push(
      `Regras de conduta em vigor (versão ${file.conduct.version}, de ${formatDayPtBR(file.conduct.publishedOn)}): ciência de ${file.conduct.acknowledged} de ${file.conduct.members} pessoas.`,
    );
  }
  if (file.procedure.handlers.length)
    lines.push(`Procedimento de denúncia pelo Canal de escuta, anônimo se a pessoa quiser.`);
  if (file.meetings.length)
    lines.push(`${plural(file.meetings.length, "reunião", "reuniões")} da CIPA com o assédio em pauta.`);
  const covered = file.levels.filter((level) => level.lastTrainedOn && !level.overdue);
  if (covered.length)
    lines.push(`Treinamentos da Lei 14.457 em dia: ${covered.map((level) => level.label).join(", ")}.`);
  return lines.length ? [...lines, "Detalhes no dossiê da Lei 14.457 (mesma página, /conformidade)."] : [];
}

function verdicts({ verdicts: v }: Inputs): string[] {
  const total = (v.eficaz ?? 0) + (v.sem_efeito ?? 0) + (v.inconclusivo ?? 0);
  if (total === 0) return [];
  return [
    `Ações do NR-1 reavaliadas por campanha posterior: ${plural(total, "veredito", "vereditos")} (${v.eficaz ?? 0} eficaz, ${v.sem_efeito ?? 0} sem efeito, ${v.inconclusivo ?? 0} inconclusivo); cada 'sem efeito' abriu uma revisão do inventário.`,
  ];
}

function actions({ actions: a }: Inputs): string[] {
  const total = Object.values(a).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  if (total === 0) return [];
  return [
    `Plano de ação do NR-1 para os riscos psicossociais: ${plural(total, "ação", "ações")} (${a.concluida ?? 0} concluídas, ${a.em_andamento ?? 0} em andamento, ${a.planejada ?? 0} planejadas).`,
  ];
}

function goals({ goals: list }: Inputs): string[] {
  return list.map((goal) => {
    const reviews = goal.reviews.length
      ? ` Revisões: ${goal.reviews.map((review) => `${formatDayPtBR(review.reviewedOn)} – ${review.note}`).join(" | ")}.`
      : " Nenhuma revisão registrada ainda.";
    return `Meta: ${goal.metricLabel} – ${goal.target}. Revista a cada ${goal.reviewEveryMonths} meses; próxima revisão em ${formatDayPtBR(goal.nextReviewOn)}.${reviews}`;
  });
}

function notices({ notices: list }: Inputs): string[] {
  return list.map((notice) => `${formatDayPtBR(notice.publishedOn)}: "${notice.title}", publicado a todas as pessoas.`);
}

function listening({ file }: Inputs): string[] {
  if (!file.procedure.handlers.length) return [];
  return [
    `Canal de escuta do Sereno aberto a todas as pessoas, com ${plural(file.procedure.handlers.length, "pessoa responsável", "pessoas responsáveis")} por responder.`,
  ];
}

export const evidenceOf: Record<EvidenceSource, (inputs: Inputs) => string[]> = {
  programmes,
  care,
  trainings: (inputs) => trainings(inputs),
  leaderTrainings: (inputs) => trainings(inputs, "lideranca"),
  harassment,
  verdicts,
  actions,
  goals,
  notices,
  listening,
};
