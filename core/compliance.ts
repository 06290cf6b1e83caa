/**
 * The Lei 14.457/2022 file (issue 48 item 4, docs/decisions/090): the hierarchy levels a harassment
 * training covers, when each was last trained and whether that is past the law's 12 months (art. 23,
 * IV), and how a training's attendance file names people (by matrícula). Pure rules, no I/O.
 */
import { addMonths } from "./date-input.ts";
import type { IsoDay } from "./dates.ts";

export const trainingLevels = { lideranca: "Liderança", demais: "Demais níveis" } as const;
export type TrainingLevel = keyof typeof trainingLevels;
export const trainingLevelIds = Object.keys(trainingLevels) as [TrainingLevel, ...TrainingLevel[]];

/** Art. 23, IV: training 'no mínimo a cada 12 (doze) meses'. */
const TRAINING_INTERVAL_MONTHS = 12;

export type TrainingHeld = { heldOn: IsoDay; levels: readonly TrainingLevel[]; attendees: number };
export type LevelStatus = { level: TrainingLevel; label: string; lastTrainedOn: IsoDay | null; overdue: boolean };

/**
 * For each level, the latest training that covered it and had anyone on its attendance list; a level
 * never trained, or last trained more than 12 months before `today`, is overdue.
 */
export function levelStatuses(trainings: readonly TrainingHeld[], today: IsoDay): LevelStatus[] {
  return trainingLevelIds.map((level) => {
    const days = trainings.filter((t) => t.attendees > 0 && t.levels.includes(level)).map((t) => t.heldOn);
    const lastTrainedOn = days.sort().at(-1) ?? null;
    const overdue = lastTrainedOn === null || addMonths(lastTrainedOn, TRAINING_INTERVAL_MONTHS) < today;
    return { level, label: trainingLevels[level], lastTrainedOn, overdue };
  });
}

const MATRICULA_HEADERS = new Set(["matricula", "matrícula", "matriculas", "registro", "id"]);

/**
 * The matrículas of an attendance file: one per line, in the column headed 'matrícula' when a header
 * names one, else the first column; ';', ',' or tab between columns, quotes and blanks ignored.
 * Each matrícula once, in the file's order.
 */
export function attendanceMatriculas(text: string): string[] {
  const rows = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.split(/[;,\t]/).map((cell) => cell.trim().replace(/^"|"$/g, "").trim()))
    .filter((cells) => cells.some((cell) => cell !== ""));
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const named = header.findIndex((cell) => MATRICULA_HEADERS.has(cell));
  const column = Math.max(named, 0);
  const body =
    named >= 0 || header.some((cell) => /[a-zá-ú]{4,}/i.test(cell) && !/\d/.test(cell)) ? rows.slice(1) : rows;
  const seen = new Set<string>();
  for (const cells of body) {
    const value = cells[column] ?? "";
    if (value) seen.add(value);
  }
  return [...seen];
}

/**
 * Lei nº 14.457, de 21 de setembro de 2022, art. 23, caput and items I to IV, word for word
 * (www.planalto.gov.br/ccivil_03/_ato2019-2022/2022/lei/l14457.htm; docs/decisions/090).
 */
export const LAW_14457_SOURCE = "Lei nº 14.457, de 21 de setembro de 2022, art. 23";
export const law14457Article23 = {
  caput:
    "Para a promoção de um ambiente laboral sadio, seguro e que favoreça a inserção e a manutenção de mulheres no mercado de trabalho, as empresas com Comissão Interna de Prevenção de Acidentes e de Assédio (Cipa) deverão adotar as seguintes medidas, além de outras que entenderem necessárias, com vistas à prevenção e ao combate ao assédio sexual e às demais formas de violência no âmbito do trabalho:",
  I: "inclusão de regras de conduta a respeito do assédio sexual e de outras formas de violência nas normas internas da empresa, com ampla divulgação do seu conteúdo aos empregados e às empregadas;",
  II: "fixação de procedimentos para recebimento e acompanhamento de denúncias, para apuração dos fatos e, quando for o caso, para aplicação de sanções administrativas aos responsáveis diretos e indiretos pelos atos de assédio sexual e de violência, garantido o anonimato da pessoa denunciante, sem prejuízo dos procedimentos jurídicos cabíveis;",
  III: "inclusão de temas referentes à prevenção e ao combate ao assédio sexual e a outras formas de violência nas atividades e nas práticas da Cipa; e",
  IV: "realização, no mínimo a cada 12 (doze) meses, de ações de capacitação, de orientação e de sensibilização dos empregados e das empregadas de todos os níveis hierárquicos da empresa sobre temas relacionados à violência, ao assédio, à igualdade e à diversidade no âmbito do trabalho, em formatos acessíveis, apropriados e que apresentem máxima efetividade de tais ações.",
} as const;
