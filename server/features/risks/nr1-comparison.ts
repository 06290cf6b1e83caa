/**
 * The NR-1 layer of Resultados (issue 47 item 3, docs/decisions/093): each dimension's risk index,
 * company-wide, in the company's last two closed campaigns of one instrument ('before' and 'after' the
 * action plan). Each side is read from the campaign's released figures (campaignFigures, the same read as
 * the action re-measurement of docs/decisions/091: released once and stored, decision 040) and pooled over
 * the shown rows, weighted by their released (noisy) counts: arithmetic on released figures only, never
 * a new read of one person's answers, and nothing finer than a shown row.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Nr1Comparison, Nr1Side } from "#core/schemas/resultados.ts";
import { riskCampaigns } from "#server/db/schema/index.ts";
import { campaignFigures, type FigureDeps } from "./campaign-results.ts";

type Campaign = typeof riskCampaigns.$inferSelect;
type Rows = NonNullable<Awaited<ReturnType<typeof campaignFigures>>["results"]>["rows"];

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A dimension's company-wide index: the shown rows' indexes weighted by their noisy counts, margins combined. */
function pooled(rows: Rows, dimensionId: string): Pick<Nr1Side, "index" | "margin"> | null {
  let weight = 0;
  let sum = 0;
  let variance = 0;
  for (const row of rows) {
    const cell = row.cells.find((c) => c.id === dimensionId);
    const n = Math.max(0, row.responses);
    if (!cell || cell.index === null || n === 0) continue;
    weight += n;
    sum += n * cell.index;
    variance += (n * (cell.margin ?? 0)) ** 2;
  }
  if (weight === 0) return null;
  return { index: oneDecimal(sum / weight), margin: oneDecimal(Math.sqrt(variance) / weight) };
}

async function sideOf(deps: FigureDeps, campaign: Campaign) {
  const { results } = await campaignFigures(deps, campaign);
  const rows = results?.rows ?? [];
  const n = rows.reduce((total, row) => total + Math.max(0, row.responses), 0);
  const nMargin = Math.round(Math.sqrt(rows.reduce((total, row) => total + row.responsesMargin ** 2, 0)));
  return {
    summary: { id: campaign.id, title: campaign.title, closedAt: campaign.closedAt?.toISOString() ?? "", n, nMargin },
    dimensions: results?.dimensions ?? [],
    indexOf: (dimensionId: string) => pooled(rows, dimensionId),
  };
}

export async function nr1Comparison(deps: FigureDeps, companyId: string): Promise<Nr1Comparison> {
  const closed = await deps.db
    .select()
    .from(riskCampaigns)
    .where(and(eq(riskCampaigns.companyId, companyId), inArray(riskCampaigns.status, ["closed", "published"])))
    .orderBy(desc(riskCampaigns.closedAt));
  const latest = closed.find((c) => c.closedAt);
  const earlier =
    latest && closed.find((c) => c.closedAt && c.id !== latest.id && c.instrumentId === latest.instrumentId);
  if (!latest || !earlier) return { before: null, after: null, dimensions: [] };
  const [before, after] = await Promise.all([sideOf(deps, earlier), sideOf(deps, latest)]);
  const side = (s: typeof before, id: string): Nr1Side | null => {
    const figure = s.indexOf(id);
    return (
      figure && {
        ...figure,
        low: Math.max(0, oneDecimal(figure.index - (figure.margin ?? 0))),
        high: Math.min(100, oneDecimal(figure.index + (figure.margin ?? 0))),
      }
    );
  };
  return {
    before: before.summary,
    after: after.summary,
    dimensions: after.dimensions.map((dimension) => {
      const b = side(before, dimension.id);
      const a = side(after, dimension.id);
      return {
        id: dimension.id,
        name: dimension.name,
        before: b,
        after: a,
        change: a && b ? oneDecimal(a.index - b.index) : null,
      };
    }),
  };
}
