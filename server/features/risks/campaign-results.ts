/**
 * A campaign's figures (docs/decisions/026 §3–4, 040). Nothing about answers
 * exists while a campaign is open: only who was invited, which no answer
 * moves. Once it has closed, every number passes through the disclosure layer
 * (server/features/disclosure): each pooled row's respondents (riskParticipation),
 * and per shown row and dimension the mean risk index (riskIndex) and the
 * share in the adverse band (riskAdverse), from one value per respondent,
 * released once and stored. Rows are pooled on the noisy counts
 * (core/risk-suppression.ts), so a row's existence says nothing exact; the
 * hazard summary is computed from the released cells only. Nothing per
 * person leaves this file.
 */
import { eq } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { type FigureKind, figurePolicies, meanMargin } from "#core/disclosure.ts";
import { pooledInto, poolSmallGroups } from "#core/risk-suppression.ts";
import { findInstrument, hazards, type Instrument, riskBand, riskIndex } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { companies, type riskCampaigns, riskInvitations, riskResponses, riskSectors } from "#server/db/schema/index.ts";
import { type Disclosed, disclose, type FigureRequest } from "#server/features/disclosure/disclose.ts";
import { subtreeOf } from "./risk-scope.ts";

type Campaign = typeof riskCampaigns.$inferSelect;
type Band = "ok" | "attention" | "adverse";
const POOLED_ROOT_NAME = "Demais setores (agrupados)";

export type FigureDeps = { db: Db; privacyKey: Buffer; minGroup: number };

/** One released cell: index 0–100 and adverse share in %, each with its 90 % margin; null where the layer hid it. */
export type Cell = {
  id: string;
  name: string;
  index: number | null;
  margin: number | null;
  adverseShare: number | null;
  adverseMargin: number | null;
  band: Band | null;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The last day of a closed campaign in the company's time zone: the window its figures cover. */
function closingDay(campaign: Campaign, timeZone: string): string {
  const closed = campaign.closedAt ? localDay(campaign.closedAt, timeZone) : campaign.closesOn;
  return [closed, campaign.closesOn].sort()[0] ?? closed;
}

export async function campaignFigures(deps: FigureDeps, campaign: Campaign) {
  const { db, privacyKey, minGroup } = deps;
  const instrument = findInstrument(campaign.instrumentId);
  const sectors = await db
    .select({ id: riskSectors.id, parentId: riskSectors.parentId, name: riskSectors.name })
    .from(riskSectors)
    .where(eq(riskSectors.establishmentId, campaign.establishmentId));
  const invitations = await db
    .select({ sectorId: riskInvitations.sectorId })
    .from(riskInvitations)
    .where(eq(riskInvitations.campaignId, campaign.id));
  // Who was asked, never who answered: no answer moves this while the campaign is open.
  const participation = { invited: invitations.length, released: false };
  if (campaign.status === "draft" || campaign.status === "open" || !instrument) return { participation, results: null };

  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, campaign.companyId));
  const windowEnd = closingDay(campaign, company?.timezone ?? "America/Sao_Paulo");
  const root = campaign.establishmentId;
  const nodes = [{ id: root, parentId: null }, ...sectors.map((s) => ({ id: s.id, parentId: s.parentId ?? root }))];
  const nameOf = (id: string) => (id === root ? POOLED_ROOT_NAME : (sectors.find((s) => s.id === id)?.name ?? ""));
  const scope = subtreeOf(sectors, campaign.sectorIds);
  const responses = await db
    .select({ sectorId: riskResponses.sectorId, scores: riskResponses.scores })
    .from(riskResponses)
    .where(eq(riskResponses.campaignId, campaign.id));
  const subject = (rowId: string, dimensionId?: string) =>
    `campaign:${campaign.id}|row:${rowId}${dimensionId ? `|dimension:${dimensionId}` : ""}`;
  const release = (requests: FigureRequest[]) => disclose(db, privacyKey, campaign.companyId, minGroup, requests);

  // Each row is shown or pooled upward on its noisy count of respondents, released once.
  const counts = new Map<string, Disclosed>();
  const pools = await poolSmallGroups(
    nodes,
    (id) => responses.filter((r) => r.sectorId === id),
    async (id, items) => {
      const [count] = await release([
        { figure: "riskParticipation", subject: subject(id), windowEnd, values: items.map(() => 1) },
      ]);
      if (count) counts.set(id, count);
      return count?.shown ?? false;
    },
  );
  const shownIds = new Set(pools.shown.map((row) => row.id));
  const rows = [];
  for (const row of pools.shown) {
    const members = new Set([row.id, ...pooledInto(nodes, row.id, shownIds)]);
    const count = counts.get(row.id);
    const cells = await releaseCells(
      instrument,
      count?.count ?? 0,
      row.items.map((item) => item.scores),
      // A cell holds the row's respondents: it is shown because the row's noisy count was.
      (figure, dimensionId, values) => ({
        figure,
        subject: subject(row.id, dimensionId),
        windowEnd,
        values,
        shownWith: true,
      }),
      release,
    );
    rows.push({
      sectorId: row.id,
      name: nameOf(row.id),
      pooledFrom: [...members].filter((id) => id !== row.id && scope.has(id)).map(nameOf),
      invited: invitations.filter((i) => members.has(i.sectorId)).length,
      responses: count?.count ?? 0,
      responsesMargin: count?.countMargin ?? 0,
      cells,
    });
  }
  return {
    participation: { ...participation, released: true },
    results: {
      dimensions: instrument.dimensions.map((d) => ({ id: d.id, name: d.name, hazards: d.hazards })),
      rows,
      hiddenSectors: sectors.filter((s) => scope.has(s.id) && !shownIds.has(s.id)).map((s) => s.name),
      hazards: hazardSummary(instrument, rows),
      cutoffs: instrument.cutoffs,
    },
  };
}

/** A shown row's 13 cells: one index (0–100) and one adverse flag (0 or 1) per respondent and dimension. */
async function releaseCells(
  instrument: Instrument,
  /** The row's released (noisy) respondents: the margins are sized on it, not on anything exact. */
  respondents: number,
  scores: Record<string, number>[],
  request: (figure: FigureKind, dimensionId: string, values: number[]) => FigureRequest,
  release: (requests: FigureRequest[]) => Promise<Disclosed[]>,
): Promise<Cell[]> {
  const requests = instrument.dimensions.flatMap((dimension) => {
    const indexes = scores
      .map((score) => score[dimension.id])
      .filter((value): value is number => value !== undefined)
      .map((value) => riskIndex(dimension.polarity, value));
    const adverse = indexes.map((value) => (riskBand(instrument, value) === "adverse" ? 1 : 0));
    return [request("riskIndex", dimension.id, indexes), request("riskAdverse", dimension.id, adverse)];
  });
  const released = await release(requests);
  const indexMargin = meanMargin(figurePolicies.riskIndex, respondents);
  const adverseMargin = meanMargin(figurePolicies.riskAdverse, respondents);
  return instrument.dimensions.map((dimension, i) => {
    const index = released[2 * i];
    const adverse = released[2 * i + 1];
    const mean = index?.mean ?? null;
    return {
      id: dimension.id,
      name: dimension.name,
      index: mean === null ? null : oneDecimal(mean),
      margin: mean === null || indexMargin === null ? null : oneDecimal(Math.min(100, indexMargin)),
      adverseShare: adverse?.mean == null ? null : oneDecimal(adverse.mean * 100),
      adverseMargin:
        adverse?.mean == null || adverseMargin === null ? null : oneDecimal(Math.min(100, adverseMargin * 100)),
      band: mean === null ? null : riskBand(instrument, mean),
    };
  });
}

/**
 * The 13 hazards, from the released cells only (no new release): per
 * dimension the mean of the shown rows' cells weighted by their released
 * respondents, then the worst dimension of each hazard. The margin combines
 * the cells' margins as independent noises.
 */
function hazardSummary(
  instrument: Instrument,
  rows: { responses: number; cells: Cell[] }[],
): {
  id: string;
  name: string;
  index: number | null;
  margin: number | null;
  adverseShare: number | null;
  band: Band | null;
}[] {
  const overall = instrument.dimensions.map((dimension) => {
    const parts = rows.flatMap((row) => {
      const cell = row.cells.find((c) => c.id === dimension.id);
      return cell && cell.index !== null ? [{ weight: row.responses, cell }] : [];
    });
    const total = parts.reduce((sum, part) => sum + part.weight, 0);
    if (total <= 0) return { id: dimension.id, index: null, margin: null, adverseShare: null };
    const weighted = (value: (cell: Cell) => number) =>
      parts.reduce((sum, part) => sum + part.weight * value(part.cell), 0) / total;
    const adverseParts = parts.filter((part) => part.cell.adverseShare !== null);
    const adverseTotal = adverseParts.reduce((sum, part) => sum + part.weight, 0);
    return {
      id: dimension.id,
      index: oneDecimal(weighted((cell) => cell.index ?? 0)),
      margin: oneDecimal(Math.sqrt(parts.reduce((sum, p) => sum + (p.weight * (p.cell.margin ?? 0)) ** 2, 0)) / total),
      adverseShare:
        adverseTotal > 0
          ? oneDecimal(adverseParts.reduce((sum, p) => sum + p.weight * (p.cell.adverseShare ?? 0), 0) / adverseTotal)
          : null,
    };
  });
  return hazards.map((hazard) => {
    const dimensionIds = instrument.dimensions.filter((d) => d.hazards.includes(hazard.id)).map((d) => d.id);
    const worst = overall
      .filter((cell) => dimensionIds.includes(cell.id) && cell.index !== null)
      .sort((a, b) => (b.index ?? 0) - (a.index ?? 0))[0];
    return {
      id: hazard.id,
      name: hazard.name,
      index: worst?.index ?? null,
      margin: worst?.margin ?? null,
      adverseShare: worst?.adverseShare ?? null,
      band: worst?.index == null ? null : riskBand(instrument, worst.index),
    };
  });
}
