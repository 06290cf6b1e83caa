/**
 * What publishing a campaign's inventory now would hold and leave out
 * (docs/decisions/059, issue 45): a version holds only the lines assessed in
 * its campaign, so a line of the version in force that was not assessed again
 * leaves the legal record, a surveyed sector may have no line at all, and an
 * action of the plan may point at a line that is gone. The preview names them;
 * publishing refuses without an explicit confirmation while any is left out.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { riskMessages } from "#core/risk-messages.ts";
import { hazardName, levelOf } from "#core/risks.ts";
import type { InventoryPreview, RiskInventoryLine } from "#core/schemas/risk-inventory.ts";
import { evidenceLabels } from "#core/schemas/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  riskActions,
  riskAssessments,
  type riskCampaigns,
  riskCriteria,
  riskInventoryVersions,
  riskSectors,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { subtreeOf } from "./risk-scope.ts";

type Campaign = typeof riskCampaigns.$inferSelect;
const lineKey = (line: { sectorId: string; hazard: string }) => `${line.sectorId}|${line.hazard}`;

export async function latestPublishedCriteria(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(riskCriteria)
    .where(and(eq(riskCriteria.companyId, companyId), eq(riskCriteria.status, "published")))
    .orderBy(desc(riskCriteria.version))
    .limit(1);
  return row ?? null;
}

/** The campaign's assessed lines (line d left empty: publishing fills it) and what they leave out. */
export async function draftInventory(db: Db, campaign: Campaign) {
  const criteria = await latestPublishedCriteria(db, campaign.companyId);
  if (!criteria) throw new AppError("CONFLICT", riskMessages.criteriaMissing);
  const [assessments, sectors, [current], actions] = await Promise.all([
    db.select().from(riskAssessments).where(eq(riskAssessments.campaignId, campaign.id)),
    db.select().from(riskSectors).where(eq(riskSectors.establishmentId, campaign.establishmentId)),
    db
      .select({ version: riskInventoryVersions.version, content: riskInventoryVersions.content })
      .from(riskInventoryVersions)
      .where(eq(riskInventoryVersions.establishmentId, campaign.establishmentId))
      .orderBy(desc(riskInventoryVersions.version))
      .limit(1),
    db
      .select()
      .from(riskActions)
      .where(and(eq(riskActions.establishmentId, campaign.establishmentId), ne(riskActions.status, "cancelada"))),
  ]);
  const lines: RiskInventoryLine[] = assessments
    .map((a) => {
      const sector = sectors.find((s) => s.id === a.sectorId);
      const level = levelOf(criteria.content, a.severity, a.probability);
      return {
        sectorId: a.sectorId,
        sectorName: sector?.name ?? "",
        activities: sector?.activities ?? "",
        hazard: a.hazard,
        hazardName: hazardName(a.hazard),
        harms: a.harms,
        sources: a.sources,
        exposed: sector?.headcount ?? 0,
        measuresInPlace: a.measuresInPlace,
        monitoring: "",
        severity: a.severity,
        probability: a.probability,
        level: level.name,
        levelIndex: level.index,
        decision: level.decision,
        rationale: a.rationale,
        evidence: a.evidence.map((e) => evidenceLabels[e as keyof typeof evidenceLabels] ?? e),
      };
    })
    .sort((a, b) => b.levelIndex - a.levelIndex || a.sectorName.localeCompare(b.sectorName, "pt-BR"));
  const kept = new Set(lines.map(lineKey));
  const surveyed = subtreeOf(sectors, campaign.sectorIds);
  const sectorName = (id: string) => sectors.find((s) => s.id === id)?.name ?? "";
  const droppedLines = (current?.content.lines ?? [])
    .filter((line) => !kept.has(lineKey(line)))
    .map(({ sectorId, hazard, hazardName, level }) => ({
      sectorId,
      // The sector's name now, or as the version printed it if the sector is gone.
      sectorName:
        sectorName(sectorId) || (current?.content.lines.find((l) => l.sectorId === sectorId)?.sectorName ?? ""),
      hazard,
      hazardName,
      level,
    }));
  const sectorsWithoutLines = sectors
    .filter((sector) => surveyed.has(sector.id) && !lines.some((line) => line.sectorId === sector.id))
    .map((sector) => ({ id: sector.id, name: sector.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  const orphanedActions = actions
    .filter((action) => !kept.has(lineKey(action)))
    .map((action) => ({
      id: action.id,
      title: action.title,
      sectorName: sectorName(action.sectorId),
      hazardName: hazardName(action.hazard),
    }));
  const preview: InventoryPreview = {
    version: (current?.version ?? 0) + 1,
    replaces: current?.version ?? null,
    lines: lines.map(({ sectorId, sectorName, hazard, hazardName, level, levelIndex, decision }) => ({
      sectorId,
      sectorName,
      hazard,
      hazardName,
      level,
      levelIndex,
      decision,
    })),
    droppedLines,
    sectorsWithoutLines,
    orphanedActions,
    needsConfirmation: droppedLines.length + sectorsWithoutLines.length + orphanedActions.length > 0,
  };
  return { criteria, sectors, lines, preview };
}
