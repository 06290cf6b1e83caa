/**
 * How Sereno writes numbers, percentages, counts and dates in pt-BR (docs/look.md 'Voice'),
 * for the screens, the e-mails and the CSV alike. Add a format here rather than building
 * an Intl formatter in a component: building one costs far more than using it, so each
 * option set is built once and kept.
 */
import type { IsoDay } from "./dates.ts";

type NumberStyle = {
  /** Decimal places always shown (default 0). */
  digits?: number;
  /** Decimal places at most (default `digits`). */
  upTo?: number;
  /** The thousands separator; off for CSV cells, where '1.234' would read as a decimal. */
  grouping?: boolean;
};

/**
 * A formatter built on its first use: a page that shows no money or month
 * does not build one while its scripts load (each cost milliseconds of ICU
 * set-up on a phone, in the task Lighthouse counts as blocking).
 */
function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Where the written-out rule below stops being exact: Intl takes over (never on our screens' figures). */
const PLAIN_LIMIT = 2 ** 52;

/**
 * 1385 → '1.385'; 3.84 with { digits: 1 } → '3,8'. Written out for pt-BR (a dot
 * every three digits, a decimal comma, halves rounded away from zero on the
 * number as written, as Intl does; core/format.test.ts checks it against Intl)
 * because the first Intl.NumberFormat of a page loads ICU's number data: about
 * 40 ms, 160 ms on a phone-speed CPU, in the dashboard's first render
 * (docs/decisions/021). Intl keeps the values outside the plain range.
 */
export function formatNumber(value: number, { digits = 0, upTo = digits, grouping = true }: NumberStyle = {}): string {
  const magnitude = Math.abs(value);
  const scaled = Math.round(Number(`${magnitude}e${upTo}`));
  // Under 1e-6 a number is written with an exponent ('1e-7'), which the line above cannot scale.
  const exact = scaled < PLAIN_LIMIT && (magnitude === 0 || magnitude >= 1e-6);
  if (!exact) return intlNumber(value, digits, upTo, grouping);
  const written = String(scaled).padStart(upTo + 1, "0");
  const whole = written.slice(0, written.length - upTo);
  const fraction = written
    .slice(written.length - upTo)
    .replace(/0+$/, "")
    .padEnd(digits, "0");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+$)/g, ".") : whole;
  return `${sign}${grouped}${fraction ? `,${fraction}` : ""}`;
}

function intlNumber(value: number, digits: number, upTo: number, grouping: boolean): string {
  const key = `${digits}:${upTo}:${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("pt-BR", {
      minimumFractionDigits: digits,
      maximumFractionDigits: upTo,
      useGrouping: grouping,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** 3.84 → '3,8': one decimal place, always shown (moods, averages). */
export function formatDecimal(value: number, digits = 1): string {
  return formatNumber(value, { digits });
}

/**
 * A noisy mean on the 1–5 scale as the range a person reads, clipped to the scale (docs/decisions/061):
 * (3.0, 0.9) → 'entre 2,1 e 3,9 numa escala de 1 a 5'. `short` leaves the scale out
 * ('entre 2,1 e 3,9') where the screen says it once nearby (a table's heading, a chart's axis).
 */
export function formatScaleRange(value: number, margin: number | null, { short = false } = {}): string {
  const scale = short ? "" : " numa escala de 1 a 5";
  if (margin === null || margin <= 0) return `${formatDecimal(value)}${scale}`;
  // One decimal each way, as the mean and its margin are shown; never past the scale's ends.
  const low = Math.max(1, Math.round((value - margin) * 10) / 10);
  const high = Math.min(5, Math.round((value + margin) * 10) / 10);
  return `entre ${formatDecimal(low)} e ${formatDecimal(high)}${scale}`;
}

/** 56.24 → '56,2%' (the value is already a percentage, not a fraction). */
export function formatPercent(value: number, digits = 1): string {
  return `${formatNumber(value, { digits })}%`;
}

/** 1385 → '1.385 XP' */
export function formatXp(value: number): string {
  return `${formatNumber(value)} XP`;
}

/** '1 check-in', '1.385 check-ins': the count with its word, singular only for exactly one. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

const money = builtOnce(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }));

/** 29900 → 'R$ 299,00' */
export function formatMoney(cents: number): string {
  return money().format(cents / 100);
}

/** dd/MM/yyyy, as people read dates in Brazil. */
export function formatDayPtBR(day: IsoDay): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** '2026-05-30' → '30/05', for chart axes. */
export function formatShortDay(day: IsoDay): string {
  const [, month, date] = day.split("-");
  return `${date}/${month}`;
}

const weekdayName = builtOnce(() => new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone: "UTC" }));

/** '2026-05-30' → 'sábado, 30/05/2026' for tooltips; 'sábado, 30/05' without the year. */
export function formatLongDay(day: IsoDay, { withYear = true } = {}): string {
  const weekday = weekdayName().format(new Date(`${day}T12:00:00Z`));
  return `${weekday}, ${withYear ? formatDayPtBR(day) : formatShortDay(day)}`;
}

const spokenDayName = builtOnce(
  () => new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", timeZone: "UTC" }),
);

/** '2026-11-12' → '12 de novembro': how a day is read aloud (the check-in calendar names its days so). */
export function formatSpokenDay(day: IsoDay): string {
  return spokenDayName().format(new Date(`${day}T12:00:00Z`));
}

/** '2027-01-01' → '1º de janeiro de 2027', '2027-03-15' → '15 de março de 2027': a day in a sentence. */
export function formatSpokenDate(day: IsoDay): string {
  const [year, , date] = day.split("-");
  const spoken = formatSpokenDay(day);
  return `${date === "01" ? spoken.replace(/^1 /, "1º ") : spoken} de ${year}`;
}

const monthName = builtOnce(() => new Intl.DateTimeFormat("pt-BR", { month: "long", timeZone: "UTC" }));

/** '2026-05' → 'Maio de 2026', for a calendar's title. */
export function formatMonthPtBR(month: string): string {
  const name = monthName().format(new Date(`${month}-15T12:00:00Z`));
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${month.slice(0, 4)}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, timeZone: string): Record<string, string> {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("pt-BR", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/** dd/MM/yyyy of an instant, in São Paulo time unless told (company since, invite valid until). */
export function formatDatePtBR(iso: string, timeZone = "America/Sao_Paulo"): string {
  const values = partsIn(new Date(iso), timeZone);
  return `${values.day}/${values.month}/${values.year}`;
}

/** dd/MM/yyyy HH:mm in São Paulo time, for operators' screens (audit trail, jobs). */
export function formatDateTimePtBR(iso: string): string {
  const values = partsIn(new Date(iso), "America/Sao_Paulo");
  return `${values.day}/${values.month}/${values.year} ${values.hour}:${values.minute}`;
}

/** 'dd/MM/yyyy às HH:mm' in the person's own zone (their data export); '—' when never. */
export function formatAtPtBR(at: string | null, timeZone: string): string {
  if (!at) return "—";
  const values = partsIn(new Date(at), timeZone);
  return `${values.day}/${values.month}/${values.year} às ${values.hour}:${values.minute}`;
}

/** 'há 5 minutos', 'há 3 horas', 'há 2 dias' (minutes under an hour, hours under a day, then days). */
export function relativeTimePtBR(at: Date, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return "agora mesmo";
  if (minutes < 60) return `há ${countOf(minutes, "minuto", "minutos")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${countOf(hours, "hora", "horas")}`;
  return `há ${countOf(Math.floor(hours / 24), "dia", "dias")}`;
}

/** 'quarta-feira, 25/11/2026 às 14:00' in the given zone: when a group session starts (docs/decisions/024). */
export function formatSessionWhen(iso: string, timeZone = "America/Sao_Paulo"): string {
  const weekday = new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone }).format(new Date(iso));
  return `${weekday}, ${formatAtPtBR(iso, timeZone)}`;
}
