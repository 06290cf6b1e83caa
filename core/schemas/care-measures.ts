/** PHQ-9 and GAD-7 inside care (docs/decisions/079, 080): what the member sends, what each side reads. */
import { z } from "zod";
import { missingAnswersMessage } from "../messages.ts";
import { careInstrumentIds, careInstruments } from "../questionnaires/care-measures.ts";
import { missingItems } from "../questionnaires/missing-items.ts";

const instrumentSchema = z.enum(careInstrumentIds as ["phq9", "gad7"], {
  error: "Escolha o questionário: PHQ-9 ou GAD-7.",
});
const optionValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: "Cada resposta é uma das quatro opções do questionário.",
});

/**
 * POST /api/care/measures. An unanswered item is null (or left out at the end); the whole
 * questionnaire is refused, naming the items, and nothing is saved.
 */
export const measureInputSchema = z
  .object({
    psychologistId: z.uuid({ error: "Profissional não encontrado(a)." }),
    instrument: instrumentSchema,
    answers: z.array(optionValue.nullable()).max(9, "O questionário tem no máximo 9 itens."),
    /** PHQ-9's last question (not scored), optional. */
    difficulty: optionValue.nullable().optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const count = careInstruments[input.instrument].items.length;
    if (input.answers.length > count) {
      context.addIssue({
        code: "custom",
        path: ["answers"],
        message: `O ${careInstruments[input.instrument].name} tem ${count} itens.`,
      });
      return;
    }
    const missing = missingItems(input.answers, count);
    if (missing.length > 0)
      context.addIssue({ code: "custom", path: ["answers"], message: missingAnswersMessage(missing) });
    if (input.instrument !== "phq9" && input.difficulty != null) {
      context.addIssue({
        code: "custom",
        path: ["difficulty"],
        message: "Só o PHQ-9 tem a pergunta sobre dificuldade.",
      });
    }
  });
export type MeasureInput = z.input<typeof measureInputSchema>;

const measureSchema = z.object({
  id: z.string(),
  instrument: instrumentSchema,
  psychologistId: z.string(),
  psychologistName: z.string(),
  /** 0 before the first session, then 1 after four sessions held, 2 after eight… */
  window: z.number().int(),
  answers: z.array(z.number().int()),
  difficulty: z.number().int().nullable(),
  score: z.number().int(),
  maxScore: z.number().int(),
  band: z.string(),
  answeredAt: z.string(),
});

/** A questionnaire the member is asked now, for one psychologist. */
const dueMeasureSchema = z.object({
  psychologistId: z.string(),
  psychologistName: z.string(),
  instrument: instrumentSchema,
  window: z.number().int(),
});
export type DueMeasure = z.infer<typeof dueMeasureSchema>;

export const myMeasuresSchema = z.object({ due: z.array(dueMeasureSchema), answered: z.array(measureSchema) });
export type MyMeasures = z.infer<typeof myMeasuresSchema>;

/** The answer to a submission: `safetyPath` when item 9 of PHQ-9 is above 0 (the crisis card shows at once). */
export const measureCreatedSchema = z.object({ measure: measureSchema, safetyPath: z.boolean() });

/** An alert in the psychologist's agenda: who and when, never the item's text (docs/decisions/080). */
export const safetyAlertSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  answeredAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** When, still unacknowledged, it went to Sereno's clinical coordination (docs/decisions/102). */
  escalatedAt: z.string().nullable(),
});
export type SafetyAlert = z.infer<typeof safetyAlertSchema>;

/** One patient's questionnaires, for their psychologist (a read that is logged). */
export const patientMeasuresSchema = z.object({
  memberName: z.string(),
  measures: z.array(measureSchema.extend({ acknowledgedAt: z.string().nullable(), safetyPath: z.boolean() })),
});
export type PatientMeasures = z.infer<typeof patientMeasuresSchema>;
