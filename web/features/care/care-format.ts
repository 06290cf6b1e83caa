/** How care times are written: always in Brasília time, which is where availability is set (docs/decisions/025). */
import { CARE_TIME_ZONE } from "#core/care.ts";
import { ApiError } from "#web/lib/api.ts";

const dayFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: CARE_TIME_ZONE,
  weekday: "long",
  day: "2-digit",
  month: "2-digit",
});
const timeFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: CARE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const dayKeyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: CARE_TIME_ZONE });

export function careDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

export function careTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** 'quarta-feira, 25/11 às 09:00' */
export function careWhen(iso: string): string {
  return `${careDay(iso)} às ${careTime(iso)}`;
}

export function careDayKey(iso: string): string {
  return dayKeyFormat.format(new Date(iso));
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

export const weekdayNames = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function timeToMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}
