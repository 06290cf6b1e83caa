/**
 * What every self-report questionnaire shares (WHO-5 here, the care
 * questionnaires beside it): which items are still unanswered, said in pt-BR
 * by number, and the sum of a complete answer. Pure, so the web's form and the
 * server's refusal say the same thing (docs/decisions/077).
 */

/** An answer per item, in the instrument's order; an item not answered is null or absent. */
export type ItemAnswers = readonly (number | null | undefined)[];

/** The numbers (from 1) of the items without an answer, in order. */
export function missingItems(answers: ItemAnswers, itemCount: number): number[] {
  const missing: number[] = [];
  for (let index = 0; index < itemCount; index += 1) {
    const value = answers[index];
    if (value === null || value === undefined) missing.push(index + 1);
  }
  return missing;
}

/** The raw score of a complete answer: the sum of its items. */
export function sumOfItems(answers: readonly number[]): number {
  return answers.reduce((total, value) => total + value, 0);
}
