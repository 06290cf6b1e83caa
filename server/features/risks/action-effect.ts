/**
 * An action's effect, re-measured (docs/decisions/091): the campaign of its establishment that closed
 * last before the action was created ('before') and the one that closed last after it ('after'), each
 * covering the action's sector; for each dimension the action names, the risk index of the row that
 * holds the sector, as the campaign's figures were released through the disclosure layer (decision 040:
 * released once and stored, so this reads what the results screen and the inventory printed), with its
 * range. Nothing here is finer than a shown row.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { suggestVerdict, type Verdict } from "#core/action-effect.ts";
import { type FigureRange, formatRange } from "#core/nr1-figures.ts";
import { findInstrument } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { type riskActions, riskActionVerdicts, riskCampaigns, riskSectors } from "#server/db/schema/index.ts";
import { campaignFigures, type FigureDeps } from "./campaign-results.ts";
import { subtreeOf } from "./risk-scope.ts";

type Action = typeof riskActions.$inferSelect;
type Campaign = typeof riskCampaigns.$inferSelect;
type Side = { index: number; margin: number | null; range: FigureRange; text: string } | null;

/** Closed campaigns of the action's establishment whose scope holds its sector, oldest closing first. */
async function campaignsCovering(db: Db, action: Action): Promise<Campaign[]> {
  const [campaigns, sectors] = await Promise.all([
    db
      .select()
      .from(riskCampaigns)
      .where(
        and(
          eq(riskCampaigns.establishmentId, action.establishmentId),
          inArray(riskCampaigns.status, ["closed", "published"]),
        ),
      )
      .orderBy(desc(riskCampaigns.closedAt)),
    db
      .select({ id: riskSectors.id, parentId: riskSectors.parentId })
      .from(riskSectors)
      .where(eq(riskSectors.establishmentId, action.establishmentId)),
  ]);
  return campaigns.filter((c) => c.closedAt && subtreeOf(sectors, c.sectorIds).has(action.sectorId)).reverse();
}

/** The campaign pair an action is measured by: the last closed before it was created and the last closed after. */
async function measuringCampaigns(db: Db, action: Action) {
  const covering = await campaignsCovering(db, action);
  const created = action.createdAt.getTime();
  const before = covering.filter((c) => (c.closedAt?.getTime() ?? 0) <= created).at(-1) ?? null;
  const after = covering.filter((c) => (c.closedAt?.getTime() ?? 0) > created).at(-1) ?? null;
  return { before, after };
}

async function sideOf(deps: FigureDeps, campaign: Campaign | null, action: Action, sectorName: string) {
  if (!campaign) return new Map<string, Side>();
  const { results } = await campaignFigures(deps, campaign);
  const row =
    results?.rows.find((r) => r.sectorId === action.sectorId) ??
    results?.rows.find((r) => r.pooledFrom.includes(sectorName));
  const sides = new Map<string, Side>();
  for (const cell of row?.cells ?? []) {
    if (cell.index === null || !cell.indexRange) continue;
    sides.set(cell.id, {
      index: cell.index,
      margin: cell.margin,
      range: cell.indexRange,
      text: formatRange(cell.indexRange),
    });
  }
  return sides;
}

export async function actionEffect(deps: FigureDeps, action: Action) {
  const { db } = deps;
  const { before, after } = await measuringCampaigns(db, action);
  const [sector] = await db
    .select({ name: riskSectors.name })
    .from(riskSectors)
    .where(eq(riskSectors.id, action.sectorId));
  const instrument = findInstrument((after ?? before)?.instrumentId ?? "");
  const [beforeSides, afterSides] = await Promise.all([
    sideOf(deps, before, action, sector?.name ?? ""),
    sideOf(deps, after, action, sector?.name ?? ""),
  ]);
  const dimensions = action.dimensions.map((id) => ({
    id,
    name: instrument?.dimensions.find((d) => d.id === id)?.name ?? id,
    before: beforeSides.get(id) ?? null,
    after: afterSides.get(id) ?? null,
  }));
  const [verdict] = after
    ? await db
        .select()
        .from(riskActionVerdicts)
        .where(and(eq(riskActionVerdicts.actionId, action.id), eq(riskActionVerdicts.afterCampaignId, after.id)))
    : [];
  const summary = (c: Campaign | null) => c && { id: c.id, title: c.title, closedAt: c.closedAt?.toISOString() ?? "" };
  return {
    before: summary(before),
    after: summary(after),
    dimensions,
    suggestion: (after
      ? suggestVerdict(dimensions.map((d) => ({ before: d.before?.range ?? null, after: d.after?.range ?? null })))
      : null) as Verdict | null,
    verdict: verdict
      ? {
          verdict: verdict.verdict,
          note: verdict.note,
          confirmedBy: verdict.confirmedBy,
          confirmedAt: verdict.confirmedAt.toISOString(),
          triggerId: verdict.triggerId,
        }
      : null,
  };
}
