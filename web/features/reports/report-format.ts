/** How the reports write numbers and days: pt-BR, decimal comma, dd/MM. */
import { format } from "date-fns";
import { ptBR } from "date-fns/locale/pt-BR";
import type { IsoDay } from "#core/dates.ts";

const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });

/** 45.25 → '45,3%' */
export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}%`;
}

/** 3.84 → '3,8' */
export function formatMood(value: number): string {
  return oneDecimal.format(value);
}

/** 1234 → '1.234' */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** '3 check-ins', '1 check-in': the count with its word, singular or plural. */
export function countOf(value: number, singular: string, plural: string): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

function dateOf(day: IsoDay): Date {
  return new Date(`${day}T12:00:00`);
}

/** '2026-05-30' → '30/05', for chart axes. */
export function formatShortDay(day: IsoDay): string {
  return format(dateOf(day), "dd/MM");
}

/** '2026-05-30' → 'sábado, 30/05/2026', for tooltips. */
export function formatLongDay(day: IsoDay): string {
  return format(dateOf(day), "EEEE, dd/MM/yyyy", { locale: ptBR });
}
