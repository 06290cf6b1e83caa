/**
 * DEMO=1, NR-1 part (docs/decisions/026): Empresa Demo's establishment and
 * sectors, published criteria, a published campaign with 11 anonymous
 * answers (the 4-person GHE hidden in the results), three assessed lines, a
 * published inventory, a plan (one action overdue) and a CIPA record.
 */
import { randomBytes } from "node:crypto";
import { addDays } from "#core/dates.ts";
import { defaultCriteria, instrumentKey, instruments, isoWeekMonday, scoreAnswers } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  riskActions,
  riskAssessments,
  riskCampaigns,
  riskCriteria,
  riskEstablishments,
  riskInvitations,
  riskParticipationRecords,
  riskResponses,
  riskReviewTriggers,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { publishInventory } from "#server/features/risks/index.ts";

export async function seedDemoRisks(
  db: Db,
  options: {
    companyId: string;
    companyName: string;
    /** The demo manager, who publishes the inventory (named in it and in the audit trail). */
    manager: { userId: string; email: string; name: string };
    memberIds: string[];
    today: string;
    random: () => number;
  },
) {
  const { companyId, memberIds, today, random } = options;
  const instrument = instruments[0];
  if (!instrument) return;
  const [establishment] = await db
    .insert(riskEstablishments)
    .values({ companyId, name: "Sede São Paulo", cnpj: "11444777000161" })
    .returning();
  if (!establishment) return;
  const [service] = await db
    .insert(riskSectors)
    .values({
      companyId,
      establishmentId: establishment.id,
      name: "Atendimento",
      kind: "setor",
      activities: "Central de atendimento a clientes por telefone e chat, metas por hora",
      headcount: 8,
    })
    .returning();
  const [night] = await db
    .insert(riskSectors)
    .values({
      companyId,
      establishmentId: establishment.id,
      parentId: service?.id ?? null,
      name: "Plantão noturno",
      kind: "ghe",
      activities: "Atendimento de 22h às 6h, equipe reduzida",
      headcount: 4,
    })
    .returning();
  if (!service || !night) return;
  const sectorOf = (index: number) => (index < 8 ? service.id : night.id);
  await db
    .insert(riskSectorMembers)
    .values(memberIds.map((userId, index) => ({ userId, companyId, sectorId: sectorOf(index) })));
  await db.insert(riskCriteria).values({
    companyId,
    version: 1,
    status: "published",
    content: defaultCriteria(5),
    publishedAt: new Date(`${addDays(today, -40)}T10:00:00-03:00`),
  });
  const [campaign] = await db
    .insert(riskCampaigns)
    .values({
      companyId,
      establishmentId: establishment.id,
      title: "Pesquisa psicossocial 2026",
      instrumentId: instrumentKey(instrument),
      sectorIds: [service.id],
      status: "published",
      closesOn: addDays(today, -10),
      notice:
        "Finalidade: conhecer as condições de trabalho para o PGR (NR-1). Respostas anônimas; a empresa vê só grupos de 5 ou mais pessoas. Participação voluntária.",
      openedAt: new Date(`${addDays(today, -30)}T09:00:00-03:00`),
      closedAt: new Date(`${addDays(today, -10)}T18:00:00-03:00`),
      publishedAt: new Date(`${addDays(today, -9)}T10:00:00-03:00`),
    })
    .returning();
  if (!campaign) return;
  // Eleven of twelve answered; the answers carry no person and only the ISO week (docs/decisions/026).
  await db.insert(riskInvitations).values(
    memberIds.map((userId, index) => ({
      campaignId: campaign.id,
      userId,
      sectorId: sectorOf(index),
      hasAnswered: index !== 3,
    })),
  );
  const week = isoWeekMonday(new Date(`${addDays(today, -20)}T12:00:00Z`));
  const responses = memberIds
    .map((_, index) => index)
    .filter((index) => index !== 3)
    .map((index) => {
      const answers = Object.fromEntries(
        instrument.items.map((item) => {
          // Overload and isolation run high in this demo; the rest sits around the middle.
          const heavy = item.dimension === "sobrecarga" || (index >= 8 && item.dimension === "trabalho_isolado");
          const base = heavy ? 4.3 : 2.6;
          const value = Math.max(1, Math.min(5, Math.round(base + (random() - 0.5) * 2)));
          return [item.id, item.reversed ? 6 - value : value];
        }),
      );
      return {
        campaignId: campaign.id,
        sectorId: sectorOf(index),
        isoWeek: week,
        answers,
        scores: scoreAnswers(instrument, answers),
      };
    });
  await db.insert(riskResponses).values(responses);
  const line = (
    sectorId: string,
    hazard: string,
    probability: number,
    severity: number,
    extra: Record<string, string>,
  ) => ({
    campaignId: campaign.id,
    sectorId,
    hazard,
    probability,
    severity,
    rationale: extra.rationale ?? "",
    sources: extra.sources ?? "",
    harms: extra.harms ?? "",
    measuresInPlace: extra.measures ?? "",
    evidence: ["pesquisa", ...(extra.more ? [extra.more] : [])],
  });
  await db.insert(riskAssessments).values([
    line(service.id, "sobrecarga", 4, 4, {
      rationale: "Mais da metade das respostas em faixa adversa; horas extras frequentes",
      sources: "Metas por hora e filas em horários de pico",
      harms: "Estresse, esgotamento, distúrbios do sono",
      measures: "Pausas da NR-17",
      more: "absenteismo",
    }),
    line(night.id, "trabalho_isolado", 3, 3, {
      rationale: "Grupo pequeno (resultado agregado ao setor) e relato da CIPA",
      sources: "Equipe reduzida à noite, sem liderança presente",
      harms: "Ansiedade, insegurança",
      measures: "Telefone de plantão da coordenação",
      more: "cipa",
    }),
    line(service.id, "assedio", 2, 5, {
      rationale: "Poucos relatos, dano potencial grave",
      sources: "Clientes agressivos ao telefone",
      harms: "Sofrimento psíquico, transtorno de estresse",
      measures: "Roteiro para encerrar chamadas abusivas",
    }),
  ]);
  const action = (
    title: string,
    sectorId: string,
    hazard: string,
    dueOn: string,
    status: "planejada" | "em_andamento" | "concluida",
  ) => ({
    companyId,
    establishmentId: establishment.id,
    sectorId,
    hazard,
    title,
    hierarchy: "organizacional" as const,
    owner: "Coordenação de Atendimento",
    dueOn,
    status,
    followUp: "Reunião mensal com a equipe e a CIPA",
    measurement: "Índice da dimensão na próxima pesquisa e horas extras por mês",
    effectiveness: status === "concluida" ? "Horas extras caíram 30% em dois meses" : "",
  });
  await db
    .insert(riskActions)
    .values([
      action("Redimensionar metas por hora com a equipe", service.id, "sobrecarga", addDays(today, 60), "em_andamento"),
      action(
        "Liderança de plantão presente ou por vídeo à noite",
        night.id,
        "trabalho_isolado",
        addDays(today, -5),
        "planejada",
      ),
      action("Protocolo para encerrar chamadas abusivas", service.id, "assedio", addDays(today, -15), "concluida"),
    ]);
  await db.insert(riskParticipationRecords).values({
    companyId,
    establishmentId: establishment.id,
    kind: "cipa",
    heldOn: addDays(today, -7),
    description: "Apresentação dos resultados da pesquisa e do plano de ação à CIPA",
    attendees: 9,
  });
  // NR-1 1.5.4.4.6: a recorded reason to review before the 2-year date (docs/decisions/026, section 14).
  await db.insert(riskReviewTriggers).values({
    companyId,
    establishmentId: establishment.id,
    kind: "solicitacao",
    occurredOn: addDays(today, -3),
    description: "A CIPA pediu nova avaliação do plantão noturno depois da mudança de escala.",
    recordedBy: options.manager.name,
  });
  // Published last, so the version holds the plan, the CIPA record and the review as its own (docs/decisions/059).
  await publishInventory(db, {
    campaign,
    companyName: options.companyName,
    timeZone: "America/Sao_Paulo",
    actor: options.manager,
    // The figures are drawn and stored now; a one-off random key is as unpredictable as the app's.
    privacyKey: randomBytes(32),
    minGroup: 5,
    today,
    // The demo leaves its sectors' other hazards unassessed on purpose, like a first real cycle (059).
    isConfirmed: true,
  });
}
