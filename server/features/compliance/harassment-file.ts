/**
 * What the Lei 14.457/2022 file holds (docs/decisions/090), read for the screen and the PDF alike:
 * the rules of conduct in force and how many members acknowledged them, the complaint procedure
 * written from the Canal de escuta's settings, the CIPA meetings with harassment on the agenda, the
 * trainings with each level's last date (flagged past 12 months), and the Canal de escuta's counts
 * per closed quarter as the disclosure layer released them (the same figures as inventory line d).
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { levelStatuses } from "#core/compliance.ts";
import type { IsoDay } from "#core/dates.ts";
import { caseCategories, DEFAULT_RETENTION_YEARS } from "#core/listening.ts";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import type { Db } from "#server/db/client.ts";
import {
  conductAcknowledgements,
  harassmentTrainingAttendance,
  harassmentTrainings,
  listeningHandlers,
  listeningSettings,
  profiles,
  riskParticipationRecords,
} from "#server/db/schema/index.ts";
import { listeningFigures } from "#server/features/listening/index.ts";
import { currentConduct } from "./conduct.routes.ts";

type Deps = { db: Db; privacyKey: Buffer; minGroup: number };
type Company = { id: string; name: string; timezone: string };

/** The Canal de escuta categories the law's file is about: harassment and the other forms of violence. */
const FILE_CATEGORIES = ["assedio_sexual", "assedio_moral", "discriminacao", "violencia"] as const;

function procedureParagraphs(handlers: readonly string[], retentionYears: number): string[] {
  const who = handlers.length
    ? `As denúncias são recebidas e apuradas por ${handlers.join(", ")}, pessoas nomeadas pela empresa para o Canal de escuta.`
    : "A empresa ainda não nomeou quem recebe e apura as denúncias no Canal de escuta.";
  return [
    "Qualquer pessoa da empresa pode fazer uma denúncia pelo Canal de escuta do Sereno, a qualquer hora, pelo celular ou pelo computador.",
    "A denúncia pode ser anônima: o caso não guarda quem o enviou nem a hora, só o dia; quem denuncia recebe um protocolo e uma senha para acompanhar o caso e conversar com quem o apura. Identificar-se é uma escolha de quem denuncia.",
    who,
    "Quem denuncia pode excluir do seu caso uma das pessoas responsáveis (por exemplo, quando a denúncia é sobre ela).",
    "Cada caso passa por recebida, em análise, em apuração e concluída ou arquivada; quem apura define o prazo de resposta do caso, e quem denunciou o vê no acompanhamento.",
    `Os casos concluídos ou arquivados são guardados por ${retentionYears} ${retentionYears === 1 ? "ano" : "anos"} e depois apagados.`,
  ];
}

export async function harassmentFile(deps: Deps, company: Company, today: IsoDay): Promise<HarassmentFile> {
  const { db } = deps;
  const conduct = await currentConduct(db, company.id);
  const [members] = await db.select({ n: count() }).from(profiles).where(eq(profiles.companyId, company.id));
  const [acknowledged] = conduct
    ? await db
        .select({ n: count() })
        .from(conductAcknowledgements)
        .innerJoin(profiles, eq(profiles.userId, conductAcknowledgements.userId))
        .where(and(eq(conductAcknowledgements.versionId, conduct.id), eq(profiles.companyId, company.id)))
    : [];
  const handlers = await db
    .select({ name: profiles.name })
    .from(listeningHandlers)
    .innerJoin(profiles, eq(profiles.userId, listeningHandlers.userId))
    .where(and(eq(listeningHandlers.companyId, company.id), eq(listeningHandlers.isActive, true)))
    .orderBy(profiles.name);
  const [settings] = await db
    .select({ years: listeningSettings.retentionYears })
    .from(listeningSettings)
    .where(eq(listeningSettings.companyId, company.id));
  const retentionYears = settings?.years ?? DEFAULT_RETENTION_YEARS;
  const meetings = await db
    .select({
      id: riskParticipationRecords.id,
      heldOn: riskParticipationRecords.heldOn,
      description: riskParticipationRecords.description,
      files: sql<number>`jsonb_array_length(${riskParticipationRecords.files})::int`,
    })
    .from(riskParticipationRecords)
    .where(
      and(
        eq(riskParticipationRecords.companyId, company.id),
        eq(riskParticipationRecords.kind, "cipa"),
        eq(riskParticipationRecords.harassmentOnAgenda, true),
      ),
    )
    .orderBy(sql`${riskParticipationRecords.heldOn} desc`);
  const trainingRows = await db
    .select()
    .from(harassmentTrainings)
    .where(eq(harassmentTrainings.companyId, company.id))
    .orderBy(sql`${harassmentTrainings.heldOn} desc, ${harassmentTrainings.createdAt} desc`);
  const attendance = trainingRows.length
    ? await db
        .select({ trainingId: harassmentTrainingAttendance.trainingId, n: count() })
        .from(harassmentTrainingAttendance)
        .where(
          inArray(
            harassmentTrainingAttendance.trainingId,
            trainingRows.map((t) => t.id),
          ),
        )
        .groupBy(harassmentTrainingAttendance.trainingId)
    : [];
  const attendeesOf = (id: string) => attendance.find((a) => a.trainingId === id)?.n ?? 0;
  const trainings = trainingRows.map((t) => ({
    id: t.id,
    title: t.title,
    heldOn: t.heldOn,
    durationMinutes: t.durationMinutes,
    levels: t.levels,
    attendees: attendeesOf(t.id),
    code: t.heldOn === today ? t.code : null,
  }));
  const figures = await listeningFigures(deps, company.id, today, 4);
  return {
    companyName: company.name,
    today,
    conduct: conduct && {
      version: conduct.version,
      text: conduct.text,
      publishedOn: conduct.publishedAt.toISOString(),
      acknowledged: acknowledged?.n ?? 0,
      members: members?.n ?? 0,
    },
    procedure: {
      handlers: handlers.map((h) => h.name),
      retentionYears,
      paragraphs: procedureParagraphs(
        handlers.map((h) => h.name),
        retentionYears,
      ),
    },
    meetings,
    trainings,
    levels: levelStatuses(trainings, today),
    listening: figures.quarters.map((quarter) => ({
      quarter: quarter.label,
      categories: FILE_CATEGORIES.map((id) => {
        const cell = quarter.byCategory[id];
        return {
          label: caseCategories[id].label,
          shown: cell?.shown ?? false,
          count: cell?.shown ? (cell.count ?? null) : null,
          margin: cell?.shown ? (cell.margin ?? null) : null,
        };
      }),
    })),
  };
}
