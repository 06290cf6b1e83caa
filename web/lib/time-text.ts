/**
 * Typing a time of day as 24-hour hh:mm text (issue 45, minor list), as web/lib/date-text.ts does for days
 * (docs/decisions/053): a native time input follows the browser's language, so an English browser showed AM/PM.
 */

/** While typing: digits only, the colon before the minutes' first digit; '8:15' stays, '8h15' and '8.15' read as it. */
export function typedTime(typed: string): string {
  const text = typed.replace(/[hH.,\s]/, ":");
  if (text.includes(":")) {
    const [hours = "", minutes = ""] = text.split(":");
    return `${hours.replace(/\D/g, "").slice(0, 2)}:${minutes.replace(/\D/g, "").slice(0, 2)}`;
  }
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** On leaving the field: '8:15' becomes '08:15' and '8' becomes '08:00'; anything else stays for the schema to refuse. */
export function finishedTime(text: string): string {
  const whole = /^(\d{1,2})(?::(\d{2}))?$/.exec(text.trim());
  if (!whole) return text;
  return `${(whole[1] ?? "").padStart(2, "0")}:${whole[2] ?? "00"}`;
}
