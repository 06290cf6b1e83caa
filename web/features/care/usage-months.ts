/**
 * How the manager's Consultas page reads the released care figures (issue 36, item 8):
 * the months with a number go in the table; the others are named in a sentence, with
 * the reason the disclosure layer gives (server/features/care/usage.routes.ts).
 */

import type { CareUsage } from "#core/schemas/care.ts";
import { isGroupWithheld } from "#core/team-metrics.ts";

type UsageMonth = CareUsage["months"][number];
type ShownMonth = UsageMonth & { people: number };

export type UsageMonths = {
  /** Newest first: the months whose noisy count reached the minimum group. */
  shown: ShownMonth[];
  /** Oldest first: the months without a number. */
  hidden: string[];
  /** The newest month began with fewer people than the minimum group: no month of a company this small is shown. */
  isCompanyTooSmall: boolean;
};

export function splitUsageMonths(usage: CareUsage): UsageMonths {
  const shown = usage.months.filter((month): month is ShownMonth => month.shown && month.people !== null).reverse();
  const hidden = usage.months.filter((month) => !month.shown || month.people === null).map((month) => month.month);
  const newest = usage.months[usage.months.length - 1];
  return {
    shown,
    hidden,
    isCompanyTooSmall: newest !== undefined && isGroupWithheld(newest.members, usage.minGroup),
  };
}

const monthsList = new Intl.ListFormat("pt-BR", { type: "conjunction" });
const monthName = new Intl.DateTimeFormat("pt-BR", { month: "long", timeZone: "UTC" });

/** ['2026-09', '2026-10', '2027-01'] → 'setembro e outubro de 2026 e janeiro de 2027'. */
export function listMonths(months: string[]): string {
  const byYear = new Map<string, string[]>();
  for (const month of months) {
    const year = month.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), monthName.format(new Date(`${month}-15T12:00:00Z`))]);
  }
  return [...byYear].map(([year, names]) => `${monthsList.format(names)} de ${year}`).join(" e ");
}
