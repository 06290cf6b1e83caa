import { describe, expect, it } from "vitest";
import { missingAnswersMessage } from "../messages.ts";
import { questionnaireAnswersSchema } from "./answers-schema.ts";
import { missingItems, sumOfItems } from "./missing-items.ts";

describe("missing items", () => {
  it("names the unanswered items by number, from 1", () => {
    expect(missingItems([3, null, 2], 5)).toEqual([2, 4, 5]);
    expect(missingItems([0, 0, 0, 0, 0], 5)).toEqual([]);
    expect(missingItems([], 2)).toEqual([1, 2]);
  });

  it("says them in pt-BR", () => {
    expect(missingAnswersMessage([4])).toBe("Responda à pergunta 4 para enviar.");
    expect(missingAnswersMessage([1, 3, 5])).toBe("Responda às perguntas 1, 3 e 5 para enviar.");
    expect(missingAnswersMessage([2, 5])).toBe("Responda às perguntas 2 e 5 para enviar.");
  });

  it("sums a complete answer", () => {
    expect(sumOfItems([5, 4, 3, 2, 1])).toBe(15);
  });

  it("refuses an incomplete body with one message naming every missing item", () => {
    const schema = questionnaireAnswersSchema(5, 5);
    const result = schema.safeParse({ answers: [1, null, 3] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Responda às perguntas 2, 4 e 5 para enviar."]);
    expect(schema.safeParse({ answers: [1, 2, 3, 4, 6] }).success).toBe(false);
    expect(schema.safeParse({ answers: [1, 2, 3, 4, 5, 5] }).success).toBe(false);
    expect(schema.parse({ answers: [1, 2, 3, 4, 5] })).toEqual({ answers: [1, 2, 3, 4, 5] });
  });
});
