/**
 * The request body of a questionnaire's answer, `{ answers: [...] }`, one
 * value per item in order (docs/decisions/077). An incomplete answer is one
 * refusal naming every missing item, so nothing is saved and the person knows
 * which to answer. Imports zod: web code outside forms reads missing-items.ts.
 */
import { z } from "zod";
import { missingAnswersMessage } from "../messages.ts";
import { missingItems } from "./missing-items.ts";

export function questionnaireAnswersSchema(itemCount: number, maxValue: number) {
  const value = z
    .number({ error: `Cada resposta é um número de 0 a ${maxValue}.` })
    .int(`Cada resposta é um número de 0 a ${maxValue}.`)
    .min(0, `Cada resposta é um número de 0 a ${maxValue}.`)
    .max(maxValue, `Cada resposta é um número de 0 a ${maxValue}.`);
  return z
    .object({
      answers: z
        .array(value.nullable(), { error: "Envie as respostas do questionário." })
        .max(itemCount, `O questionário tem ${itemCount} perguntas.`),
    })
    .strict()
    .superRefine(({ answers }, context) => {
      const missing = missingItems(answers, itemCount);
      if (missing.length > 0)
        context.addIssue({ code: "custom", path: ["answers"], message: missingAnswersMessage(missing) });
    })
    .transform(({ answers }) => ({ answers: answers as number[] }));
}
