/** Exercícios and Conteúdos as a member sees them (spec 8). */
import { countOf } from "./format.ts";

export const exerciseMessages = {
  // Exercises (spec 8)
  exerciseCompleteFailed: "Erro ao completar exercício. Tente novamente.",

  // Content
  contentNotFound: "Conteúdo não encontrado",
} as const;

export function exerciseLockedMessage(level: number): string {
  return `Este exercício é liberado no nível ${level}.`;
}

export function contentLockedMessage(missing: number): string {
  return `Faltam ${countOf(missing, "ponto", "pontos")} para liberar este conteúdo.`;
}
