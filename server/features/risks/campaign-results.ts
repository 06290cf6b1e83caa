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
import { and, desc, eq } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { type FigureKind, figurePolicies, meanMargin } from "#core/disclosure.ts";
import { pooledInto, poolSmallGroups } from "#core/risk-suppression.ts";
import { defaultCriteria, findInstrument, type Instrument, riskBand, riskIndex } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  type riskCampaigns,
  riskCriteria,
  riskInvitations,
  riskResponses,
  riskSectors,
} from "#server/db/schema/index.ts";
import { type Disclosed, disclose, type FigureRequest } from "#server/features/disclosure/index.ts";
import { type Cell, type Classification, classifyCell, hazardSummary } from "./hazard-summary.ts";
import { subtreeOf } from "./risk-scope.ts";

type Campaign = typeof riskCampaigns.$inferSelect;
const POOLED_ROOT_NAME = "Demais setores (agrupados)";

export type FigureDeps = { db: Db; privacyKey: Buffer; minGroup: number };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The last day of a closed campaign in the company's time zone: the window its figures cover. */
function closingDay(campaign: Campaign, timeZone: string): string {
  const closed = campaign.closedAt ? localDay(campaign.closedAt, timeZone) : campaign.closesOn;
  return [closed, campaign.closesOn].sort()[0] ?? closed;
}

/**
 * What a cell is classified by: the company's criteria in force (their probability bands by % adverse,
 * docs/decisions/060), or the default 5-point scale the criteria screen starts from while none is published.
 */
async function classificationOf(db: Db, companyId: string, instrument: Instrument): Promise<Classification> {
  const [published] = await db
    .select({ content: riskCriteria.content })
    .from(riskCriteria)
    .where(and(eq(riskCriteria.companyId, companyId), eq(riskCriteria.status, "published")))
    .orderBy(desc(riskCriteria.version))
    .limit(1);
  const content = published?.content ?? defaultCriteria(5);
  return {
    size: content.size,
    probabilityLabels: content.probability.map((p) => p.label),
    adverseCutoff: instrument.cutoffs.adverse,
  };
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
  const classification = await classificationOf(db, campaign.companyId, instrument);
  const rows = [];
  for (const row of pools.shown) {
    const members = new Set([row.id, ...pooledInto(nodes, row.id, shownIds)]);
    const count = counts.get(row.id);
    const cells = await releaseCells(
      instrument,
      classification,
      count?.count ?? 0,
      row.items.map((item) => item.scores),
      // A cell holds the row's respondents: it is shown because the row's noisy count was.
      (figure, dimensionId, values) => ({
        figure,
        subject: subject(row.id, dimensionId),
        windowEnd,
        values,
        shownWith: true,
        // The sums are divided by the row's released count, never by the exact one (issue 51, decision 060).
        over: count?.count ?? values.length,
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
      hazards: hazardSummary(instrument, classification, rows),
      cutoffs: instrument.cutoffs,
      classification,
    },
  };
}

/** A shown row's 13 cells: one index (0–100) and one adverse flag (0 or 1) per respondent and dimension. */
async function releaseCells(
  instrument: Instrument,
  classification: Classification,
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
    const mean = released[2 * i]?.mean ?? null;
    const share = released[2 * i + 1]?.mean ?? null;
    return classifyCell(
      { id: dimension.id, name: dimension.name },
      {
        index: mean === null ? null : oneDecimal(mean),
        margin: mean === null || indexMargin === null ? null : oneDecimal(Math.min(100, indexMargin)),
        adverseShare: share === null ? null : oneDecimal(share * 100),
        adverseMargin: share === null || adverseMargin === null ? null : oneDecimal(Math.min(100, adverseMargin * 100)),
      },
      classification,
    );
  });
}
