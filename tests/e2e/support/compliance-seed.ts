/**
 * The compliance journeys' company (tests/e2e/compliance.spec.ts, docs/decisions/090 and 091): its SST
 * professional (a manager), an HR file with matrículas, a harassment training of more than 12 months ago
 * for 'demais níveis', and an establishment whose action of the plan was measured by a campaign closed
 * before it and one closed after it (40 answers each, stored as the batch stores them).
 */
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  harassmentTrainingAttendance,
  harassmentTrainings,
  riskActions,
  riskCampaigns,
  riskEstablishments,
  riskResponses,
  riskSectors,
  rosterPeople,
} from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { COMPLIANCE_COMPANY, COMPLIANCE_MATRICULAS, complianceManager } from "./fixtures.ts";

const DAY = 86_400_000;

export async function seedComplianceCompany(db: Db, founded: Date): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({ ...COMPLIANCE_COMPANY, createdAt: founded })
    .returning();
  if (!company) throw new Error("no compliance company");
  await createAccount(db, {
    ...complianceManager,
    companyId: company.id,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  const people = await db
    .insert(rosterPeople)
    .values(
      COMPLIANCE_MATRICULAS.map((matricula, i) => ({
        companyId: company.id,
        cpfHash: `e2e-aurora-${matricula}`,
        cpfLast2: String(10 + i),
        matricula,
        name: `Pessoa ${matricula}`,
      })),
    )
    .returning({ id: rosterPeople.id });
  const [old] = await db
    .insert(harassmentTrainings)
    .values({
      companyId: company.id,
      title: "Integração: respeito no trabalho",
      heldOn: new Date(Date.now() - 420 * DAY).toISOString().slice(0, 10),
      durationMinutes: 60,
      levels: ["demais"],
      code: "e2e-aurora-integracao",
      recordedBy: complianceManager.name,
    })
    .returning({ id: harassmentTrainings.id });
  await db
    .insert(harassmentTrainingAttendance)
    .values({ trainingId: old?.id ?? "", personId: people[0]?.id ?? "", source: "csv" });

  const [establishment] = await db
    .insert(riskEstablishments)
    .values({ companyId: company.id, name: "Fábrica Aurora", cnpj: "11222333000181" })
    .returning();
  const [sector] = await db
    .insert(riskSectors)
    .values({
      companyId: company.id,
      establishmentId: establishment?.id ?? "",
      name: "Usinagem",
      kind: "setor",
      activities: "Operação de tornos",
      headcount: 40,
    })
    .returning();
  const instrument = instruments[0] ?? (undefined as never);
  const campaign = async (title: string, daysAgo: number, index: number) => {
    const [row] = await db
      .insert(riskCampaigns)
      .values({
        companyId: company.id,
        establishmentId: establishment?.id ?? "",
        title,
        instrumentId: instrumentKey(instrument),
        sectorIds: [sector?.id ?? ""],
        status: "closed",
        closesOn: new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10),
        closedAt: new Date(Date.now() - daysAgo * DAY),
        notice: "Pesquisa anônima e voluntária.",
      })
      .returning({ id: riskCampaigns.id });
    const scores = Object.fromEntries(
      instrument.dimensions.map((d) => [d.id, d.polarity === "positive" ? 100 - index : index]),
    );
    await db.insert(riskResponses).values(
      Array.from({ length: 40 }, () => ({
        campaignId: row?.id ?? "",
        sectorId: sector?.id ?? "",
        isoWeek: "2026-01-05",
        answers: {},
        scores,
      })),
    );
  };
  await campaign("Pesquisa 2025", 300, 68);
  await db.insert(riskActions).values({
    companyId: company.id,
    establishmentId: establishment?.id ?? "",
    sectorId: sector?.id ?? "",
    hazard: "assedio",
    title: "Roda de conversa mensal com a liderança",
    hierarchy: "organizacional",
    owner: "RH",
    dueOn: new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10),
    status: "concluida",
    dimensions: ["assedio"],
    createdAt: new Date(Date.now() - 200 * DAY),
  });
  // Still under way: its dimensions are edited in compliance-signed.spec.ts (docs/decisions/098).
  await db.insert(riskActions).values({
    companyId: company.id,
    establishmentId: establishment?.id ?? "",
    sectorId: sector?.id ?? "",
    hazard: "falta_suporte",
    title: "Pausas combinadas por equipe",
    hierarchy: "organizacional",
    owner: "SESMT",
    dueOn: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10),
    status: "em_andamento",
    dimensions: ["assedio"],
    createdAt: new Date(Date.now() - 150 * DAY),
  });
  await campaign("Pesquisa 2026", 10, 70);
}
