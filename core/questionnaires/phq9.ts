/**
 * PHQ-9, Questionário sobre a saúde do paciente (docs/decisions/079): the official
 * Portuguese (Brazil) text of Pfizer's form, items and instruction unaltered. A
 * self-screening ('autoavaliação'), never a diagnosis. Item 9 above 0 starts the
 * safety path (docs/decisions/080).
 */
import type { Band } from "./pfizer-screeners.ts";

export const phq9 = {
  name: "PHQ-9",
  title: "Questionário sobre a saúde do paciente-9 (PHQ-9)",
  instruction:
    "Durante as últimas 2 semanas, com que freqüência você foi incomodado/a por qualquer um dos problemas abaixo?",
  items: [
    "Pouco interesse ou pouco prazer em fazer as coisas",
    "Se sentir “para baixo”, deprimido/a ou sem perspectiva",
    "Dificuldade para pegar no sono ou permanecer dormindo, ou dormir mais do que de costume",
    "Se sentir cansado/a ou com pouca energia",
    "Falta de apetite ou comendo demais",
    "Se sentir mal consigo mesmo/a — ou achar que você é um fracasso ou que decepcionou sua família ou você mesmo/a",
    "Dificuldade para se concentrar nas coisas, como ler o jornal ou ver televisão",
    "Lentidão para se movimentar ou falar, a ponto das outras pessoas perceberem? Ou o oposto – estar tão agitado/a ou irrequieto/a que você fica andando de um lado para o outro muito mais do que de costume",
    "Pensar em se ferir de alguma maneira ou que seria melhor estar morto/a",
  ],
  /** The form's last question: not scored, answered only when some problem was marked. */
  difficulty: {
    question:
      "Se você assinalou qualquer um dos problemas, indique o grau de dificuldade que os mesmos lhe causaram para realizar seu trabalho, tomar conta das coisas em casa ou para se relacionar com as pessoas?",
    options: ["Nenhuma dificuldade", "Alguma dificuldade", "Muita dificuldade", "Extrema dificuldade"],
  },
  /** Kroenke, Spitzer & Williams (2001): 0–4, 5–9, 10–14, 15–19, 20–27. */
  bands: [
    { from: 0, label: "Mínima" },
    { from: 5, label: "Leve" },
    { from: 10, label: "Moderada" },
    { from: 15, label: "Moderadamente grave" },
    { from: 20, label: "Grave" },
  ] satisfies Band[],
  maxScore: 27,
} as const;

/** Item 9 (thoughts of self-harm), 0-based. */
const PHQ9_SAFETY_ITEM = 8;

/** Whether answers to PHQ-9 start the safety path: item 9 above 0 (docs/decisions/080). */
export function needsSafetyPath(answers: readonly number[]): boolean {
  return (answers[PHQ9_SAFETY_ITEM] ?? 0) > 0;
}
