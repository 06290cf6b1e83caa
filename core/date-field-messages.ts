import { formatDayPtBR } from "./format.ts";

/** The date field (web/components/date-field.tsx): what a typed day lacks, said next to the field. */
export const dateFieldMessages = {
  incomplete: "Digite a data completa no formato dd/mm/aaaa, por exemplo 25/11/2026.",
  noSuchDay: (typed: string) => `${typed} não existe no calendário. Confira o dia e o mês.`,
  beforeMin: (min: string) => `Escolha uma data a partir de ${formatDayPtBR(min)}.`,
  afterMax: (max: string) => `Escolha uma data até ${formatDayPtBR(max)}.`,
} as const;
