/**
 * Actions that are re-measured (issue 48 item 3, docs/decisions/091): an action of the plan names the
 * instrument's dimensions it should move; once a campaign closes after it, each dimension's risk index
 * before and after is read from the two campaigns' released figures (ranges with their margins), and
 * the SST professional confirms a verdict. Pure rules and texts, no I/O.
 */
import type { FigureRange } from "./nr1-figures.ts";

export const verdictLabels = { eficaz: "Eficaz", sem_efeito: "Sem efeito", inconclusivo: "Inconclusivo" } as const;
export type Verdict = keyof typeof verdictLabels;
export const verdictIds = Object.keys(verdictLabels) as [Verdict, ...Verdict[]];

/**
 * What the ranges say, before the professional confirms: the risk index (100 worst) fell when the
 * after range lies wholly below the before range ('eficaz'); it did not when it lies at or above it
 * ('sem_efeito'); ranges that overlap, or a side hidden, cannot tell ('inconclusivo'). Over several
 * dimensions: 'eficaz' only if every measured one fell, 'sem_efeito' if any did not.
 */
export function suggestVerdict(pairs: readonly { before: FigureRange | null; after: FigureRange | null }[]): Verdict {
  const each = pairs.map(({ before, after }): Verdict => {
    if (!before || !after) return "inconclusivo";
    if (after.high < before.low) return "eficaz";
    if (after.low >= before.high) return "sem_efeito";
    return "inconclusivo";
  });
  if (each.length === 0) return "inconclusivo";
  if (each.includes("sem_efeito")) return "sem_efeito";
  return each.every((v) => v === "eficaz") ? "eficaz" : "inconclusivo";
}

export const effectMessages = {
  dimensionUnknown: "Escolha dimensões do questionário da pesquisa.",
  dimensionsRequired: "Escolha pelo menos uma dimensão que a ação deve melhorar.",
  dimensionsClosed:
    "Esta ação já foi concluída ou cancelada: as dimensões que ela mira não mudam mais. Para mirar outras, crie uma nova ação.",
  dimensionsSaved: "Dimensões da ação atualizadas. O antes e o depois passam a ser medidos nelas.",
  noLaterCampaign: "Ainda não há uma pesquisa encerrada depois desta ação para medir o efeito.",
  noEarlierCampaign: "Não há pesquisa encerrada antes desta ação para comparar.",
  noDimensions: "Escolha as dimensões que esta ação deve melhorar antes de confirmar a eficácia.",
  verdictRequired: "Escolha: eficaz, sem efeito ou inconclusivo.",
  verdictSaved: "Eficácia confirmada.",
  verdictSavedWithTrigger:
    "Eficácia confirmada. Como a ação ficou sem efeito, um motivo de revisão foi aberto (NR-1 1.5.4.4.6).",
  verdictExists: "A eficácia desta ação já foi confirmada para esta pesquisa.",
  triggerNotFound: "Motivo de revisão não encontrado.",
  triggerAlreadyClosed: "Esta revisão já foi concluída.",
  closureRequired: "Descreva como a revisão foi concluída.",
  closureInFuture: "A data de conclusão não pode ser no futuro.",
  closureBeforeTrigger: "A revisão não pode ser concluída antes do ocorrido.",
  triggerClosed: "Revisão concluída.",
  /** The review trigger a 'sem efeito' verdict opens by itself. */
  triggerDescription: (action: string, campaign: string, dimensions: readonly string[]) =>
    `A ação “${action}” ficou sem efeito na pesquisa “${campaign}” (${dimensions.join(", ")}): o risco precisa ser reavaliado e o plano revisto.`,
} as const;
