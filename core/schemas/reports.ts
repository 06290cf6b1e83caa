import { z } from "zod";
import { reportPeriods } from "../report-periods.ts";

export const reportQuerySchema = z
  .object({
    period: z.enum(reportPeriods, { error: "Período inválido" }).default("30d"),
    companyId: z.uuid({ error: "ID da empresa não encontrado" }).optional(),
  })
  .strict();

export type ReportQuery = z.infer<typeof reportQuerySchema>;

const moodFigure = z.number().nullable();
/** The 90 % margin of a noisy figure (docs/decisions/040): shown as '3,4 ± 0,3'; null when the figure is. */
const margin = z.number().nullable();

/** A small company's closed month (docs/decisions/040): each figure released once, with its margin. */
const monthScale = z.object({ mean: z.number(), margin: z.number() }).nullable();
const monthFigureSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Members who answered that month, noisy; null when too few to show. */
  respondents: z.number().int().nullable(),
  averageMood: monthScale,
  averageEnergy: monthScale,
  averageStress: monthScale,
});
export type MonthFigure = z.infer<typeof monthFigureSchema>;

export const reportSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  period: z.enum(reportPeriods),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  members: z.number().int(),
  /** The period's check-ins: the sum of each day's noisy count (docs/decisions/040). */
  checkIns: z.number().int(),
  exercisesCompleted: z.number().int(),
  participation: z.number(),
  /** Mean of the shown days only (docs/decisions/014); null when no day of the period could be shown. */
  averageMood: moodFigure,
  averageMoodMargin: margin,
  /** How many days of the period have a mood figure shown. */
  moodDays: z.number().int(),
  /** Energy and stress (optional answers, docs/decisions/023): means of their own shown days only. */
  averageEnergy: moodFigure,
  averageEnergyMargin: margin,
  energyDays: z.number().int(),
  averageStress: moodFigure,
  averageStressMargin: margin,
  stressDays: z.number().int(),
  minGroup: z.number().int(),
  /**
   * 'month' when the company is small (fewer than DAILY_GRAIN_MIN_MEMBERS members at the start of
   * the current month): its mood is not shown by day, and `months` holds its closed months.
   */
  grain: z.enum(["day", "month"]),
  months: z.array(monthFigureSchema),
  /**
   * Closed days behind this report that the publishing job has not published yet (issue 37): the
   * report answers at once with the days that are, and says the rest is being prepared. 0 when complete.
   */
  preparingDays: z.number().int(),
  series: z.array(
    z.object({
      day: z.string(),
      /** The day's noisy count of check-ins; null when under k (docs/decisions/040). */
      checkIns: z.number().int().nullable(),
      participation: z.number().nullable(),
      averageMood: moodFigure,
      moodMargin: margin,
      /** True when people answered but too few counted toward the privacy group. */
      moodHidden: z.boolean(),
      /** Mean of the shown days among this one and the six before it: the line to read. */
      trendMood: moodFigure,
      averageEnergy: moodFigure,
      /** True when the day had check-ins and its energy is withheld (too few gave it, or published before energy existed). */
      energyHidden: z.boolean(),
      trendEnergy: moodFigure,
      averageStress: moodFigure,
      stressHidden: z.boolean(),
      trendStress: moodFigure,
      exercises: z.number().int(),
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

const teamActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(["check_ins", "exercises", "joined"]),
  text: z.string(),
  at: z.string(),
});

export const teamSummarySchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  totalMembers: z.number().int(),
  checkInsToday: z.number().int(),
  participation7d: z.number(),
  respondents7d: z.number().int(),
  /** Mood of the last 7 closed days (yesterday and the 6 before), from the published days only. */
  averageMood7d: moodFigure,
  averageMood7dMargin: margin,
  moodFrom: z.string(),
  moodTo: z.string(),
  moodDays7d: z.number().int(),
  minGroup: z.number().int(),
  /** 'month' when the company is small this month (as in a report): no 7-day mood, its months are in the reports. */
  grain: z.enum(["day", "month"]),
  /** Closed days of the last 7 not published yet (issue 37): the mood is of the others; 0 when complete. */
  preparingDays: z.number().int(),
  activities: z.array(teamActivitySchema),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

const insightKinds = ["participation", "weekday", "exercises"] as const;

/** 'Insights da equipe' (docs/decisions/019): findings from published days only, each with its test and numbers. */
export const teamInsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Closed days of the 90 not published yet (issue 37): the findings are of the others; 0 when complete. */
  preparingDays: z.number().int(),
  minGroup: z.number().int(),
  findings: z.array(
    z.object({
      kind: z.enum(insightKinds),
      sentence: z.string(),
      test: z.string(),
      pValue: z.number(),
      confidence: z.enum(["alta", "média", "baixa"]),
    }),
  ),
  /** Findings not shown, and why (too few days, or days hidden by the privacy rule). */
  withheld: z.array(z.object({ kind: z.enum(insightKinds), reason: z.string() })),
  /** Ranked: the surest finding's action first. */
  actions: z.array(z.object({ title: z.string(), text: z.string(), because: z.enum(insightKinds) })),
});
export type TeamInsights = z.infer<typeof teamInsightsSchema>;
