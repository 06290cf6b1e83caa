/** The WHO-5's requests and replies (docs/decisions/077, 078). */
import { z } from "zod";
import { questionnaireAnswersSchema } from "#core/questionnaires/answers-schema.ts";
import { WHO5_CONSENT_VERSION, WHO5_ITEM_COUNT, WHO5_MAX_ITEM } from "#core/who5.ts";
import { who5Messages } from "#core/who5-messages.ts";

export const who5AnswerInputSchema = questionnaireAnswersSchema(WHO5_ITEM_COUNT, WHO5_MAX_ITEM);

export const who5ConsentInputSchema = z
  .object({ version: z.literal(WHO5_CONSENT_VERSION, { error: who5Messages.consentVersionInvalid }) })
  .strict();

const who5ResultSchema = z.object({
  id: z.string(),
  answeredAt: z.string(),
  /** The day it counts for, in the member's zone. */
  day: z.string(),
  items: z.array(z.number().int()),
  /** 0–100. */
  score: z.number().int(),
});
export type Who5Result = z.infer<typeof who5ResultSchema>;

/** Everything the member's own WHO-5 screens read: only ever the caller's. */
export const who5StatusSchema = z.object({
  consent: z.object({ kind: z.enum(["given", "revoked"]), version: z.string(), at: z.string() }).nullable(),
  hasConsent: z.boolean(),
  offer: z.enum(["consent", "questionnaire"]).nullable(),
  /** The first day a new answer is accepted (80 days after the last), or null when it is now. */
  nextAnswerDay: z.string().nullable(),
  /** Oldest first. */
  results: z.array(who5ResultSchema),
});
export type Who5Status = z.infer<typeof who5StatusSchema>;

export const who5MessageSchema = z.object({ message: z.string() });

export const who5AnsweredSchema = z.object({ result: who5ResultSchema, message: z.string() });
