/**
 * A campaign's figures (docs/decisions/026): response rate per sector, and
 * after closing the sector × dimension heatmap and the 13 hazards. Every row
 * pools fewer than PRIVACY_MIN_GROUP people into its parent
 * (core/risk-suppression.ts); nothing per person leaves this file.
 */
import { eq } from "drizzle-orm";
import { poolSmallGroups } from "#core/risk-suppression.ts";
import { findInstrument, hazards, type Instrument, riskBand, riskIndex } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { type riskCampaigns, riskInvitations, riskResponses, riskSectors } from "#server/db/schema/index.ts";

type Campaign = typeof riskCampaigns.$inferSelect;
const POOLED_ROOT_NAME = "Demais setores (agrupados)";

type Cell = { id: string; name: string; index: number; adverseShare: number; band: "ok" | "attention" | "adverse" };

function cellsOf(instrument: Instrument, scores: Record<string, number>[]): Cell[] {
  return instrument.dimensions.map((dimension) => {
    const indexes = scores
      .map((score) => score[dimension.id])
      .filter((value): value is number => value !== undefined)
      .map((value) => riskIndex(dimension.polarity, value));
    const mean = indexes.length ? indexes.reduce((a, b) => a + b, 0) / indexes.length : 0;
    const adverse = indexes.filter((value) => riskBand(instrument, value) === "adverse").length;
    const index = Math.round(mean * 10) / 10;
    return {
      id: dimension.id,
      name: dimension.name,
      index,
      adverseShare: indexes.length ? Math.round((adverse / indexes.length) * 1000) / 10 : 0,
      band: riskBand(instrument, index),
    };
  });
}

export async function campaignFigures(db: Db, campaign: Campaign, minGroup: number) {
  const instrument = findInstrument(campaign.instrumentId);
  const sectors = await db
    .select({
      id: riskSectors.id,
      parentId: riskSectors.parentId,
      name: riskSectors.name,
      headcount: riskSectors.headcount,
    })
    .from(riskSectors)
    .where(eq(riskSectors.establishmentId, campaign.establishmentId));
  const root = campaign.establishmentId;
  const nodes = [{ id: root, parentId: null }, ...sectors.map((s) => ({ id: s.id, parentId: s.parentId ?? root }))];
  const nameOf = (id: string) => (id === root ? POOLED_ROOT_NAME : (sectors.find((s) => s.id === id)?.name ?? ""));
  const invitations = await db
    .select({ sectorId: riskInvitations.sectorId, hasAnswered: riskInvitations.hasAnswered })
    .from(riskInvitations)
    .where(eq(riskInvitations.campaignId, campaign.id));
  const ratePools = poolSmallGroups(nodes, (id) => invitations.filter((i) => i.sectorId === id), minGroup);
  const answered = invitations.filter((i) => i.hasAnswered).length;
  const participation = {
    invited: invitations.length,
    answered,
    rate: invitations.length ? Math.round((answered / invitations.length) * 1000) / 10 : 0,
    sectors: ratePools.shown.map((row) => {
      const done = row.items.filter((i) => i.hasAnswered).length;
      return {
        sectorId: row.id,
        name: nameOf(row.id),
        pooledFrom: row.pooledFrom.map(nameOf),
        invited: row.items.length,
        answered: done,
        rate: Math.round((done / row.items.length) * 1000) / 10,
      };
    }),
    hiddenSectors: ratePools.hidden.filter((id) => id !== root).map(nameOf),
  };
  if (campaign.status === "draft" || campaign.status === "open" || !instrument) return { participation, results: null };

  const responses = await db
    .select({ sectorId: riskResponses.sectorId, scores: riskResponses.scores })
    .from(riskResponses)
    .where(eq(riskResponses.campaignId, campaign.id));
  const pools = poolSmallGroups(nodes, (id) => responses.filter((r) => r.sectorId === id), minGroup);
  const shownScores = pools.shown.flatMap((row) => row.items.map((item) => item.scores));
  const rows = pools.shown.map((row) => ({
    sectorId: row.id,
    name: nameOf(row.id),
    pooledFrom: row.pooledFrom.map(nameOf),
    responses: row.items.length,
    cells: cellsOf(
      instrument,
      row.items.map((item) => item.scores),
    ),
  }));
  const overall = cellsOf(instrument, shownScores);
  const hazardSummary = hazards.map((hazard) => {
    const dimensionIds = instrument.dimensions.filter((d) => d.hazards.includes(hazard.id)).map((d) => d.id);
    const cells = overall.filter((cell) => dimensionIds.includes(cell.id));
    const worst = cells.sort((a, b) => b.index - a.index)[0];
    return {
      id: hazard.id,
      name: hazard.name,
      index: worst?.index ?? null,
      adverseShare: worst?.adverseShare ?? null,
      band: worst?.band ?? null,
    };
  });
  return {
    participation,
    results: {
      dimensions: instrument.dimensions.map((d) => ({ id: d.id, name: d.name, hazards: d.hazards })),
      rows,
      hiddenSectors: pools.hidden.filter((id) => id !== root).map(nameOf),
      hazards: hazardSummary,
      cutoffs: instrument.cutoffs,
    },
  };
}
