/** Resultados (issue 47, docs/decisions/088): the page's reply and the feed's rows, aggregates only. */
import { z } from "zod";

export const resultadosQuerySchema = z
  .object({ companyId: z.uuid({ error: "ID da empresa não encontrado" }).optional() })
  .strict();

/**
 * One released figure as the company reads it. `value` is a mean, a share (0–1) or a number of days; `n` the
 * noisy number of people it is about, `nMargin` that count's 90 % margin; `rate` the completion rate (n over
 * who could be in it). A hidden figure has no value and says when it can next be shown (`availableFrom`) or why not.
 */
const resultadoFigureSchema = z.object({
  shown: z.boolean(),
  value: z.number().nullable(),
  margin: z.number().nullable(),
  n: z.number().int().nullable(),
  nMargin: z.number().int(),
  rate: z.number().nullable(),
  /** Why the figure is hidden (pt-BR), null when shown. */
  hiddenReason: z.string().nullable(),
});
export type ResultadoFigure = z.infer<typeof resultadoFigureSchema>;

/** A dimension's company-wide risk index (0–100, higher is worse) in one campaign, from its released figures. */
const nr1SideSchema = z.object({
  index: z.number(),
  margin: z.number().nullable(),
  low: z.number(),
  high: z.number(),
});
export type Nr1Side = z.infer<typeof nr1SideSchema>;
const nr1CampaignSchema = z.object({
  id: z.string(),
  title: z.string(),
  closedAt: z.string(),
  /** The released (noisy) respondents of the shown rows, and that count's margin. */
  n: z.number().int(),
  nMargin: z.number().int(),
});

/** The NR-1 layer (docs/decisions/093): the last two closed campaigns; both null until two have closed. */
const nr1ComparisonSchema = z.object({
  before: nr1CampaignSchema.nullable(),
  after: nr1CampaignSchema.nullable(),
  dimensions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      before: nr1SideSchema.nullable(),
      after: nr1SideSchema.nullable(),
      /** after − before, in index points (negative: less risk). */
      change: z.number().nullable(),
    }),
  ),
});
export type Nr1Comparison = z.infer<typeof nr1ComparisonSchema>;

export const resultadosSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  /** Stated once on the page and in every document (issue 47). */
  caveat: z.string(),
  adoption: z.array(
    z.object({
      month: z.string(),
      eligible: z.number().int(),
      activated: resultadoFigureSchema,
      active: resultadoFigureSchema,
      steady: resultadoFigureSchema,
    }),
  ),
  wellbeing: z.array(
    z.object({
      quarter: z.string(),
      eligible: z.number().int(),
      who5: resultadoFigureSchema,
      /** The quarter's mean mood (1–5) from the daily and monthly figures the reports published (decision 093). */
      mood: resultadoFigureSchema,
      /** Each person's own change since `baseline`, paired inside the layer; null for the baseline itself. */
      change: resultadoFigureSchema.nullable(),
      baseline: z.string().nullable(),
    }),
  ),
  care: z.array(
    z.object({
      quarter: z.string(),
      waitMedianDays: resultadoFigureSchema,
      sessionsPerPerson: resultadoFigureSchema,
      /** Rate: the follow-up completion rate (people with two or more measures over those with one). */
      reliableImprovement: resultadoFigureSchema,
      recovery: resultadoFigureSchema,
    }),
  ),
  nr1: nr1ComparisonSchema,
  /** The next windows and the day their figures can first be read ('Disponível a partir de …'). */
  next: z.object({ month: z.string(), monthFrom: z.string(), quarter: z.string(), quarterFrom: z.string() }),
});
export type Resultados = z.infer<typeof resultadosSchema>;

/** One row of the aggregate-only feed (Power BI, Excel): a figure of a window, never a person. */
const feedRowSchema = z.object({
  camada: z.string(),
  periodo: z.string(),
  indicador: z.string(),
  valor: z.number().nullable(),
  margem: z.number().nullable(),
  n: z.number().int().nullable(),
  taxa_de_resposta: z.number().nullable(),
  observacao: z.string().nullable(),
});
export type FeedRow = z.infer<typeof feedRowSchema>;
export const feedSchema = z.object({ empresa: z.string(), aviso: z.string(), linhas: z.array(feedRowSchema) });
