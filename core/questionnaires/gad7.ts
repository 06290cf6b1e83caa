/**
 * GAD-7, Escala de ansiedade generalizada (docs/decisions/079): the official Portuguese
 * (Brazil) text of Pfizer's form, items and instruction unaltered. A self-screening
 * ('autoavaliação'), never a diagnosis.
 */
import type { Band } from "./pfizer-screeners.ts";

export const gad7 = {
  name: "GAD-7",
  title: "Escala de ansiedade generalizada (GAD-7)",
  instruction: "Durante as últimas 2 semanas, com que freqüência você foi incomodado/a pelos problemas abaixo?",
  items: [
    "Sentir-se nervoso/a, ansioso/a ou muito tenso/a",
    "Não ser capaz de impedir ou de controlar as preocupações",
    "Preocupar-se muito com diversas coisas",
    "Dificuldade para relaxar",
    "Ficar tão agitado/a que se torna difícil permanecer sentado/a",
    "Ficar facilmente aborrecido/a ou irritado/a",
    "Sentir medo como se algo horrível fosse acontecer",
  ],
  /** Spitzer et al. (2006): 0–4, 5–9, 10–14, 15–21. */
  bands: [
    { from: 0, label: "Mínima" },
    { from: 5, label: "Leve" },
    { from: 10, label: "Moderada" },
    { from: 15, label: "Grave" },
  ] satisfies Band[],
  maxScore: 21,
} as const;
