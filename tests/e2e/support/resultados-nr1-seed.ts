/**
 * Resultados' NR-1 layer with a before and an after (tests/e2e/resultados.spec.ts, docs/decisions/093): a
 * company whose manager ran two campaigns of one instrument in two sectors, closed 200 and 12 days ago (30
 * answers a sector each, stored as the batch stores them), then released as the product releases them: the
 * results screen's read (`nr1Comparison` → `campaignFigures`, released once and stored, decision 040), with
 * the server's own privacy key and minimum group.
 */
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import { DEFAULT_PRIVACY_MIN_GROUP } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import { companies, riskCampaigns, riskEstablishments, riskResponses, riskSectors } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { privacyKeyFrom } from "#server/features/disclosure/index.ts";
import { nr1Comparison } from "#server/features/risks/index.ts";
import { NR1_RESULTS_COMPANY, nr1ResultsManager } from "./fixtures.ts";

const DAY = 86_400_000;
const ANSWERS_PER_SECTOR = 30;

export async function seedResultadosNr1Company(db: Db, founded: Date, secret: string): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({ ...NR1_RESULTS_COMPANY, createdAt: founded })
    .returning();
  if (!company) throw new Error("no NR-1 results company");
  await createAccount(db, {
    ...nr1ResultsManager,
    companyId: company.id,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  const [establishment] = await db
    .insert(riskEstablishments)
    .values({ companyId: company.id, name: "Centro de Distribuição", cnpj: "11222333000181" })
    .returning();
  const establishmentId = establishment?.id ?? "";
  const sectors = await db
    .insert(riskSectors)
    .values(
      ["Expedição", "Motoristas"].map((name) => ({
        companyId: company.id,
        establishmentId,
        name,
        kind: "setor" as const,
        headcount: 40,
      })),
    )
    .returning({ id: riskSectors.id });
  const instrument = instruments[0] ?? (undefined as never);
  // Each answer's risk index per dimension: the campaign's level, a step per dimension and a spread per person.
  const scoresOf = (level: number, person: number) =>
    Object.fromEntries(
      instrument.dimensions.map((d, i) => {
        const index = Math.min(100, Math.max(0, level + (i % 4) * 3 + ((person * 7) % 21) - 10));
        return [d.id, d.polarity === "positive" ? 100 - index : index];
      }),
    );
  const campaign = async (title: string, daysAgo: number, level: number) => {
    const [row] = await db
      .insert(riskCampaigns)
      .values({
        companyId: company.id,
        establishmentId,
        title,
        instrumentId: instrumentKey(instrument),
        sectorIds: sectors.map((s) => s.id),
        status: "closed",
        closesOn: new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10),
        closedAt: new Date(Date.now() - daysAgo * DAY),
        notice: "Pesquisa anônima e voluntária.",
      })
      .returning({ id: riskCampaigns.id });
    await db.insert(riskResponses).values(
      sectors.flatMap((sector) =>
        Array.from({ length: ANSWERS_PER_SECTOR }, (_, person) => ({
          campaignId: row?.id ?? "",
          sectorId: sector.id,
          isoWeek: "2026-01-05",
          answers: {},
          scores: scoresOf(level, person),
        })),
      ),
    );
  };
  await campaign("Pesquisa do 1º semestre", 200, 62);
  await campaign("Pesquisa do 2º semestre", 12, 46);
  // Released as the results screen releases them: the figures the manager's Resultados reads are stored.
  const comparison = await nr1Comparison(
    { db, privacyKey: privacyKeyFrom(secret), minGroup: DEFAULT_PRIVACY_MIN_GROUP },
    company.id,
  );
  if (comparison.dimensions.some((d) => !d.before || !d.after)) throw new Error("NR-1 results company: a side hidden");
}
