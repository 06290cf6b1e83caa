/**
 * Building a published inventory version (NR-1 1.5.7.3.2 a–f) from a
 * campaign's assessments, its aggregate results and the criteria in force.
 * The snapshot carries everything an inspector needs, so it stands alone
 * after the company, its sectors or its criteria are gone (docs/decisions/026),
 * with the plan and records of the day, so its documents never change (059).
 */
import { eq, sql } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { formatNumber } from "#core/format.ts";
import { describeClassified, formatRange } from "#core/nr1-figures.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { findInstrument } from "#core/risks.ts";
import type { RiskInventoryContent, RiskInventoryLine } from "#core/schemas/risk-inventory.ts";
import type { Db } from "#server/db/client.ts";
import { type riskCampaigns, riskEstablishments, riskInventoryVersions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import type { Viewer } from "#server/features/auth/index.ts";
import { listeningMonitoring } from "#server/features/listening/index.ts";
import { campaignFigures } from "./campaign-results.ts";
import { currentPlan } from "./inventory-plan.ts";
import { draftInventory } from "./inventory-preview.ts";

type Campaign = typeof riskCampaigns.$inferSelect;

/** The aggregate survey figures behind one line (d): the shown row that holds this sector's answers. */
function monitoringOf(
  figures: Awaited<ReturnType<typeof campaignFigures>>,
  sectorId: string,
  sectorName: string,
  hazard: string,
  campaignTitle: string,
): string {
  const results = figures.results;
  if (!results) return "";
  const row =
    results.rows.find((r) => r.sectorId === sectorId) ?? results.rows.find((r) => r.pooledFrom.includes(sectorName));
  if (!row) return `${campaignTitle}: respostas do setor ocultas (grupo menor que o mínimo de anonimato).`;
  const dimensionIds = results.dimensions.filter((d) => (d.hazards as string[]).includes(hazard)).map((d) => d.id);
  // The dimension the criteria would classify highest: the largest adverse share.
  const cell = row.cells
    .filter((c) => dimensionIds.includes(c.id) && c.indexRange !== null)
    .sort((a, b) => (b.adverseShare ?? 0) - (a.adverseShare ?? 0))[0];
  if (!cell) return `${campaignTitle}: resultado oculto para proteger o anonimato.`;
  const group = row.sectorId === sectorId ? "" : ` (agrupado em "${row.name}")`;
  const labels = results.classification.probabilityLabels;
  const respondents = `cerca de ${formatNumber(row.responses)} respostas${group}`;
  // Too uncertain to classify: merged upward to the establishment when that classifies (decision 060).
  const establishment = results.hazards.find((h) => h.id === hazard);
  const upward =
    cell.inconclusive && establishment?.probability
      ? `; no estabelecimento, ${describeClassified(establishment, labels)}`
      : "";
  return `${campaignTitle}: ${describeClassified(cell, labels)}${upward}; índice de risco ${formatRange(cell.indexRange ?? { low: 0, high: 100 })} (0 a 100), ${respondents}.`;
}

export async function publishInventory(
  db: Db,
  options: {
    campaign: Campaign;
    companyName: string;
    /** The company's time zone: the survey's period is printed in its days. */
    timeZone: string;
    /** Who publishes: named in the version and in the audit trail. */
    actor: Pick<Viewer, "userId" | "email" | "name">;
    privacyKey: Buffer;
    minGroup: number;
    today: string;
    /** The publisher saw the preview and confirmed what it leaves out. */
    isConfirmed: boolean;
  },
) {
  const { campaign } = options;
  const { criteria, sectors, lines: drafted, preview } = await draftInventory(db, campaign);
  if (drafted.length === 0) throw new AppError("BAD_REQUEST", riskMessages.inventoryEmpty);
  // Leaving lines or actions out of the legal record is a choice the publisher confirms (docs/decisions/059).
  if (preview.needsConfirmation && !options.isConfirmed)
    throw new AppError("CONFLICT", riskMessages.inventoryNeedsConfirmation);
  const figures = await campaignFigures({ db, privacyKey: options.privacyKey, minGroup: options.minGroup }, campaign);
  const instrument = findInstrument(campaign.instrumentId);
  // Line d also carries the Canal de escuta's last closed quarter, company-wide (issue 35).
  const heard = await listeningMonitoring(
    { db, privacyKey: options.privacyKey, minGroup: options.minGroup },
    campaign.companyId,
    options.today,
  );
  const lines: RiskInventoryLine[] = drafted.map((line) => ({
    ...line,
    monitoring: [
      monitoringOf(
        figures,
        line.sectorId,
        sectors.find((s) => s.id === line.sectorId)?.name ?? "",
        line.hazard,
        campaign.title,
      ),
      heard.get(line.hazard),
    ]
      .filter(Boolean)
      .join(" "),
  }));
  return db.transaction(async (tx) => {
    const [establishment] = await tx
      .select()
      .from(riskEstablishments)
      .where(eq(riskEstablishments.id, campaign.establishmentId))
      .for("update");
    if (!establishment) throw new AppError("NOT_FOUND", riskMessages.establishmentNotFound);
    // NR-1 1.5.4.4.6: the next review is due 24 months after this one; the version keeps that date.
    const [reviewed] = await tx
      .update(riskEstablishments)
      .set({ nextReviewOn: sql`(current_date + interval '24 months')::date` })
      .where(eq(riskEstablishments.id, establishment.id))
      .returning({ nextReviewOn: riskEstablishments.nextReviewOn });
    const content: RiskInventoryContent = {
      companyName: options.companyName,
      establishmentName: establishment.name,
      cnpj: establishment.cnpj,
      campaignTitle: campaign.title,
      campaignPeriod: {
        from: localDay(campaign.openedAt ?? campaign.createdAt, options.timeZone),
        to: campaign.closedAt ? localDay(campaign.closedAt, options.timeZone) : campaign.closesOn,
      },
      instrument: { title: instrument?.title ?? campaign.instrumentId, licence: instrument?.licence.note ?? "" },
      criteria: { ...criteria.content, version: criteria.version },
      lines,
      // The plan and records as they stand now, so this version's documents never change (docs/decisions/059).
      plan: { ...(await currentPlan(tx, establishment.id)), nextReviewOn: reviewed?.nextReviewOn ?? null },
    };
    const [row] = await tx
      .insert(riskInventoryVersions)
      .values({
        companyId: campaign.companyId,
        establishmentId: establishment.id,
        version: sql`(select coalesce(max(version), 0) + 1 from risk_inventory_versions where establishment_id = ${establishment.id})`,
        retainUntil: sql`(current_date + interval '20 years')::date`,
        publishedBy: options.actor.name,
        content,
      })
      .returning({ id: riskInventoryVersions.id, version: riskInventoryVersions.version });
    // In the same transaction: no published version without its line in the audit trail.
    await writeAudit(tx, options.actor, "risk-inventory.publish", {
      type: "risk_inventory_version",
      id: row?.id ?? null,
      companyId: campaign.companyId,
      details: {
        establishment: establishment.name,
        version: row?.version ?? null,
        lines: lines.length,
        campaign: campaign.title,
      },
    });
    return row;
  });
}
