/**
 * NR-1 psychosocial risks (docs/decisions/026): the MTE guide's 13 hazards,
 * the instrument format, scoring 0–100 per dimension, the criteria matrix and
 * the probability proposed from a survey's results. Pure rules, no I/O.
 */
import { z } from "zod";
import { formatNumber } from "./format.ts";
import serenoV1 from "./instruments/sereno-psicossocial-v1.json" with { type: "json" };

export const hazards = [
  { id: "assedio", name: "Assédio de qualquer natureza" },
  { id: "falta_suporte", name: "Falta de suporte/apoio no trabalho" },
  { id: "gestao_mudancas", name: "Má gestão de mudanças organizacionais" },
  { id: "clareza_papel", name: "Baixa clareza de papel/função" },
  { id: "recompensas", name: "Baixas recompensas e reconhecimento" },
  { id: "controle_autonomia", name: "Baixo controle no trabalho/falta de autonomia" },
  { id: "justica", name: "Baixa justiça organizacional" },
  { id: "eventos_violentos", name: "Eventos violentos ou traumáticos" },
  { id: "subcarga", name: "Baixa demanda no trabalho (subcarga)" },
  { id: "sobrecarga", name: "Excesso de demandas no trabalho (sobrecarga)" },
  { id: "relacionamentos", name: "Maus relacionamentos no local de trabalho" },
  { id: "comunicacao_dificil", name: "Trabalho em condições de difícil comunicação" },
  { id: "trabalho_isolado", name: "Trabalho remoto e isolado" },
] as const;
export type HazardId = (typeof hazards)[number]["id"];
export const hazardIds = hazards.map((hazard) => hazard.id) as [HazardId, ...HazardId[]];
export function hazardName(id: string): string {
  return hazards.find((hazard) => hazard.id === id)?.name ?? id;
}

const scaleSchema = z.object({
  label: z.string(),
  options: z.array(z.object({ value: z.number().int(), label: z.string() })).min(2),
});

/** An instrument as data (core/instruments/*.json); a licensed one (COPSOQ, HSE) fits the same shape. */
export const instrumentSchema = z
  .object({
    id: z.string().min(1),
    version: z.number().int().positive(),
    title: z.string().min(1),
    licence: z.object({ name: z.string().min(1), note: z.string().min(1) }),
    scales: z.record(z.string(), scaleSchema),
    /** On the risk index (0 good – 100 bad): from `attention` the cell is yellow, from `adverse` red. */
    cutoffs: z.object({ attention: z.number().min(0).max(100), adverse: z.number().min(0).max(100) }),
    dimensions: z
      .array(
        z.object({
          id: z.string().min(1),
          name: z.string().min(1),
          hazards: z.array(z.enum(hazardIds)).min(1),
          /** positive: a high score is good (e.g. support); negative: a high score is bad (e.g. harassment). */
          polarity: z.enum(["positive", "negative"]),
        }),
      )
      .min(1),
    items: z
      .array(
        z.object({
          id: z.string().min(1),
          dimension: z.string().min(1),
          text: z.string().min(1),
          scale: z.string().min(1),
          reversed: z.boolean(),
        }),
      )
      .min(1),
  })
  .superRefine((instrument, context) => {
    const dimensionIds = new Set(instrument.dimensions.map((dimension) => dimension.id));
    for (const item of instrument.items) {
      if (!dimensionIds.has(item.dimension))
        context.addIssue({ code: "custom", message: `item ${item.id}: dimensão ${item.dimension} não existe` });
      if (!instrument.scales[item.scale])
        context.addIssue({ code: "custom", message: `item ${item.id}: escala ${item.scale} não existe` });
    }
    if (new Set(instrument.items.map((item) => item.id)).size !== instrument.items.length)
      context.addIssue({ code: "custom", message: "ids de itens repetidos" });
  });
export type Instrument = z.infer<typeof instrumentSchema>;

export const instruments: Instrument[] = [instrumentSchema.parse(serenoV1)];
export function findInstrument(id: string): Instrument | undefined {
  return instruments.find((instrument) => `${instrument.id}-v${instrument.version}` === id);
}
export function instrumentKey(instrument: Instrument): string {
  return `${instrument.id}-v${instrument.version}`;
}

function scaleBounds(instrument: Instrument, scale: string): { min: number; max: number } {
  const values = instrument.scales[scale]?.options.map((option) => option.value) ?? [1, 5];
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** Is every item answered with a value of its scale? Returns the first problem, or null. */
export function answersProblem(instrument: Instrument, answers: Record<string, number>): string | null {
  for (const item of instrument.items) {
    const value = answers[item.id];
    const allowed = instrument.scales[item.scale]?.options.map((option) => option.value) ?? [];
    if (value === undefined || !allowed.includes(value)) return item.id;
  }
  if (Object.keys(answers).some((id) => !instrument.items.some((item) => item.id === id))) return "extra";
  return null;
}

/**
 * 0–100 per dimension: each item mapped onto 0–100 within its scale (reversed
 * items flipped), averaged over the dimension's answered items, one decimal.
 */
export function scoreAnswers(instrument: Instrument, answers: Record<string, number>): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const dimension of instrument.dimensions) {
    const values: number[] = [];
    for (const item of instrument.items) {
      const value = answers[item.id];
      if (item.dimension !== dimension.id || value === undefined) continue;
      const { min, max } = scaleBounds(instrument, item.scale);
      const share = (value - min) / (max - min);
      values.push((item.reversed ? 1 - share : share) * 100);
    }
    if (values.length) scores[dimension.id] = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  }
  return scores;
}

/** The risk index of a dimension score: 0 best, 100 worst, whatever the polarity. */
export function riskIndex(polarity: "positive" | "negative", score: number): number {
  return polarity === "positive" ? Math.round((100 - score) * 10) / 10 : score;
}

export function riskBand(instrument: Instrument, index: number): "ok" | "attention" | "adverse" {
  if (index >= instrument.cutoffs.adverse) return "adverse";
  if (index >= instrument.cutoffs.attention) return "attention";
  return "ok";
}

/** Criteria: scales, matrix and the decision per level (NR-1 1.5.4.4.2). */
export const riskCriteriaContentSchema = z
  .object({
    size: z.union([z.literal(3), z.literal(5)]),
    severity: z.array(z.object({ label: z.string().trim().min(1).max(80), description: z.string().max(400) })),
    probability: z.array(z.object({ label: z.string().trim().min(1).max(80), description: z.string().max(400) })),
    levels: z
      .array(z.object({ name: z.string().trim().min(1).max(40), decision: z.string().trim().min(1).max(200) }))
      .length(3),
    /** matrix[severity − 1][probability − 1] = index into levels (0 lowest). */
    matrix: z.array(z.array(z.number().int().min(0).max(2))),
  })
  .superRefine((content, context) => {
    const ok =
      content.severity.length === content.size &&
      content.probability.length === content.size &&
      content.matrix.length === content.size &&
      content.matrix.every((row) => row.length === content.size);
    if (!ok) context.addIssue({ code: "custom", message: "A matriz precisa ter o mesmo tamanho das escalas." });
  });
export type RiskCriteriaContent = z.infer<typeof riskCriteriaContentSchema>;

function defaultMatrix(size: 3 | 5): number[][] {
  return Array.from({ length: size }, (_, s) =>
    Array.from({ length: size }, (_, p) => {
      const product = ((s + 1) * (p + 1)) / (size * size);
      return product >= 0.48 ? 2 : product >= 0.2 ? 1 : 0;
    }),
  );
}

export function defaultCriteria(size: 3 | 5 = 5): RiskCriteriaContent {
  const severity5 = [
    { label: "Muito baixa", description: "Desconforto passageiro, sem afastamento nem prejuízo ao trabalho." },
    { label: "Baixa", description: "Mal-estar ou estresse leve e reversível, sem afastamento." },
    { label: "Moderada", description: "Adoecimento leve (ansiedade, insônia) ou afastamento curto." },
    { label: "Alta", description: "Adoecimento mental com afastamento prolongado." },
    { label: "Muito alta", description: "Dano grave ou permanente: incapacidade, risco à vida." },
  ];
  const probability5 = [
    { label: "Rara", description: "Menos de 10% das respostas em faixa adversa; sem outros indícios." },
    { label: "Improvável", description: "De 10% a 25% das respostas em faixa adversa." },
    { label: "Possível", description: "De 25% a 50% das respostas em faixa adversa." },
    { label: "Provável", description: "De 50% a 75% das respostas em faixa adversa." },
    { label: "Quase certa", description: "75% ou mais das respostas em faixa adversa, ou ocorrências registradas." },
  ];
  const pick = <T>(list: T[]) => (size === 5 ? list : ([list[1], list[2], list[3]] as T[]));
  return {
    size,
    severity: pick(severity5),
    probability: pick(probability5),
    levels: [
      { name: "Baixo", decision: "Monitorar" },
      { name: "Moderado", decision: "Ação planejada" },
      { name: "Alto", decision: "Ação imediata" },
    ],
    matrix: defaultMatrix(size),
  };
}

export function levelOf(criteria: RiskCriteriaContent, severity: number, probability: number) {
  const index = criteria.matrix[severity - 1]?.[probability - 1] ?? 0;
  return { index, ...(criteria.levels[index] ?? { name: "", decision: "" }) };
}

/** Probability proposed from the share of adverse answers (0–100), on a 3- or 5-point scale. */
export function proposedProbability(adverseShare: number, size: 3 | 5): number {
  const limits = size === 5 ? [10, 25, 50, 75] : [25, 50];
  return limits.filter((limit) => adverseShare >= limit).length + 1;
}

/** Monday of the ISO week of a date, as yyyy-MM-dd (UTC calendar). */
export function isoWeekMonday(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() - (weekday - 1));
  return day.toISOString().slice(0, 10);
}

/**
 * Whether an action of the plan is late on `today`, the manager's own calendar day: its due day has passed and it
 * is neither done nor cancelled. Not UTC's day: from 21:00 in São Paulo that is already tomorrow.
 */
export function isActionOverdue(action: { dueOn: string; status: string }, today: string): boolean {
  return action.dueOn < today && action.status !== "concluida" && action.status !== "cancelada";
}

/** Action priority: the level (1–3) × the workers exposed, so a high risk over many people comes first. */
export function actionPriority(levelIndex: number, exposed: number): number {
  return (levelIndex + 1) * Math.max(1, exposed);
}

/**
 * A released NR-1 count with its 90 % margin, as the results print a row's
 * respondents: '12 ± 2' (whole people). Means and shares are printed as ranges
 * on their scale instead (core/nr1-figures.ts, docs/decisions/060).
 */
export function formatWithMargin(value: number, margin: number | null): string {
  const shown = formatNumber(Math.round(value));
  return margin === null ? shown : `${shown} ± ${formatNumber(Math.ceil(margin))}`;
}

/** yyyy-MM-dd → dd/MM/yyyy (a calendar day, no time zone involved). */
export function formatIsoDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split("-");
  return `${date}/${month}/${year}`;
}
