/**
 * The signed PGR journey's start (tests/e2e/signed-pgr.spec.ts): PGR_COMPANY with an establishment, a sector
 * holding the member, and inventory version 1 published with one line and its plan, as publishing freezes it
 * (docs/decisions/059). Inserted as the other fixtures are; the journey signs it through the screen.
 */
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { defaultCriteria, hazardName, levelOf } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  riskEstablishments,
  riskInventoryVersions,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { PGR_COMPANY, pgrManager, pgrMember } from "./fixtures.ts";

export async function seedPgrCompany(db: Db, founded: Date): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({ ...PGR_COMPANY, createdAt: founded })
    .returning();
  if (!company) throw new Error("no PGR company");
  const ids: string[] = [];
  for (const person of [pgrManager, pgrMember]) {
    const { userId } = await createAccount(db, {
      ...person,
      companyId: company.id,
      wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
    });
    ids.push(userId);
  }
  const [establishment] = await db
    .insert(riskEstablishments)
    .values({ companyId: company.id, name: "Canteiro Central", cnpj: "11222333000181" })
    .returning();
  const [sector] = await db
    .insert(riskSectors)
    .values({
      companyId: company.id,
      establishmentId: establishment?.id ?? "",
      name: "Obras",
      kind: "setor",
      activities: "Execução de obras",
      headcount: 40,
    })
    .returning();
  await db
    .insert(riskSectorMembers)
    .values({ userId: ids[1] ?? "", companyId: company.id, sectorId: sector?.id ?? "" });
  const criteria = defaultCriteria(5);
  const level = levelOf(criteria, 4, 3);
  await db.insert(riskInventoryVersions).values({
    companyId: company.id,
    establishmentId: establishment?.id ?? "",
    version: 1,
    retainUntil: "2046-12-01",
    publishedBy: pgrManager.name,
    content: {
      companyName: PGR_COMPANY.name,
      establishmentName: "Canteiro Central",
      cnpj: "11222333000181",
      campaignTitle: "Pesquisa 2026",
      campaignPeriod: { from: "2026-10-01", to: "2026-10-31" },
      instrument: { title: "Questionário de fatores psicossociais", licence: "Uso livre" },
      criteria: { ...criteria, version: 1 },
      lines: [
        {
          sectorId: sector?.id ?? "",
          sectorName: "Obras",
          activities: "Execução de obras",
          hazard: "sobrecarga",
          hazardName: hazardName("sobrecarga"),
          harms: "Estresse, fadiga",
          sources: "Prazos de entrega",
          exposed: 40,
          measuresInPlace: "Pausas programadas",
          monitoring: "Pesquisa de 2026",
          severity: 4,
          probability: 3,
          level: level.name,
          levelIndex: level.index,
          decision: level.decision,
          rationale: "Respostas em faixa adversa",
          evidence: ["pesquisa"],
        },
      ],
      plan: {
        nextReviewOn: "2028-10-31",
        actions: [
          {
            title: "Rever o cronograma das frentes de obra",
            sectorId: sector?.id ?? "",
            sectorName: "Obras",
            hazard: "sobrecarga",
            hierarchy: "organizacional",
            owner: "Engenharia",
            dueOn: "2027-03-31",
            status: "planejada",
            followUp: "",
            measurement: "",
            effectiveness: "",
            evidenceFiles: [],
          },
        ],
        records: [],
        triggers: [],
      },
    },
  });
}
