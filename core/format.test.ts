import { describe, expect, it } from "vitest";
import {
  countOf,
  formatAtPtBR,
  formatDatePtBR,
  formatDateTimePtBR,
  formatDayPtBR,
  formatDecimal,
  formatLongDay,
  formatMoney,
  formatMonthPtBR,
  formatNumber,
  formatPercent,
  formatScaleRange,
  formatShortDay,
  formatSpokenDate,
  formatSpokenDay,
  formatXp,
  relativeTimePtBR,
} from "./format.ts";

// Intl may print a narrow no-break space where people see a space; compare what they read.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("numbers", () => {
  it("groups thousands with a dot and writes decimals with a comma", () => {
    expect(formatXp(1385)).toBe("1.385 XP");
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatPercent(56.24)).toBe("56,2%");
    expect(formatDecimal(3.84)).toBe("3,8");
    expect(formatDecimal(4)).toBe("4,0");
    expect(formatDecimal(0.0456, 3)).toBe("0,046");
    expect(formatNumber(2.0, { upTo: 1 })).toBe("2");
    expect(plain(formatMoney(29900))).toBe("R$ 299,00");
  });

  it("writes every number as Intl's pt-BR would, halves and edges included", () => {
    const samples = [0, -0, 0.5, 1.5, 2.5, -2.5, 1.005, 1.05, 0.045, 999.95, 999999.5, 1e-7, 1e21, 2 ** 53, Number.NaN];
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 10 - 3);
      samples.push(Math.round((next() - 0.3) * magnitude * 1000) / 1000);
    }
    for (const [digits, upTo] of [
      [0, 0],
      [1, 1],
      [0, 1],
      [2, 2],
      [3, 3],
      [0, 2],
    ]) {
      for (const grouping of [true, false]) {
        const intl = new Intl.NumberFormat("pt-BR", {
          minimumFractionDigits: digits,
          maximumFractionDigits: upTo,
          useGrouping: grouping,
        });
        for (const value of samples) {
          expect(formatNumber(value, { digits, upTo, grouping }), `${value} ${digits}/${upTo}`).toBe(
            intl.format(value),
          );
        }
      }
    }
  });

  it("leaves the thousands separator out when told (CSV cells)", () => {
    expect(formatNumber(1234, { grouping: false })).toBe("1234");
    expect(formatNumber(1234.56, { digits: 1, grouping: false })).toBe("1234,6");
  });
});

describe("countOf", () => {
  it("is singular only for exactly one, and groups the count", () => {
    expect(countOf(1, "check-in", "check-ins")).toBe("1 check-in");
    expect(countOf(0, "check-in", "check-ins")).toBe("0 check-ins");
    expect(countOf(2, "dia ficou oculto", "dias ficaram ocultos")).toBe("2 dias ficaram ocultos");
    expect(countOf(1385, "registro", "registros")).toBe("1.385 registros");
  });
});

describe("dates", () => {
  it("writes days dd/MM/yyyy, dd/MM for axes and with the weekday for tooltips", () => {
    expect(formatDayPtBR("2026-11-02")).toBe("02/11/2026");
    expect(formatShortDay("2026-05-30")).toBe("30/05");
    expect(formatLongDay("2026-05-30")).toBe("sábado, 30/05/2026");
    expect(formatLongDay("2026-05-30", { withYear: false })).toBe("sábado, 30/05");
    expect(formatMonthPtBR("2026-03")).toBe("Março de 2026");
    expect(formatSpokenDay("2026-11-02")).toBe("2 de novembro");
    expect(formatSpokenDate("2027-01-01")).toBe("1º de janeiro de 2027");
    expect(formatSpokenDate("2027-03-15")).toBe("15 de março de 2027");
  });

  it("reads instants in São Paulo time unless told otherwise", () => {
    // 01:30 UTC on the 3rd is still the 2nd, 22:30, in São Paulo.
    expect(formatDatePtBR("2026-03-03T01:30:00Z")).toBe("02/03/2026");
    expect(formatDateTimePtBR("2026-03-03T01:30:00Z")).toBe("02/03/2026 22:30");
    expect(formatAtPtBR("2026-03-03T01:30:00Z", "Europe/Lisbon")).toBe("03/03/2026 às 01:30");
    expect(formatAtPtBR(null, "America/Sao_Paulo")).toBe("—");
  });
});

describe("relativeTimePtBR", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("uses minutes under an hour, hours under a day, then days", () => {
    expect(relativeTimePtBR(new Date("2026-11-22T11:59:40Z"), now)).toBe("agora mesmo");
    expect(relativeTimePtBR(new Date("2026-11-22T11:55:00Z"), now)).toBe("há 5 minutos");
    expect(relativeTimePtBR(new Date("2026-11-22T11:59:00Z"), now)).toBe("há 1 minuto");
    expect(relativeTimePtBR(new Date("2026-11-22T09:00:00Z"), now)).toBe("há 3 horas");
    expect(relativeTimePtBR(new Date("2026-11-21T11:00:00Z"), now)).toBe("há 1 dia");
    expect(relativeTimePtBR(new Date("2026-11-12T12:00:00Z"), now)).toBe("há 10 dias");
  });
});

describe("formatScaleRange (docs/decisions/061)", () => {
  it("writes a mean's margin as the range people read, clipped to the 1–5 scale", () => {
    expect(formatScaleRange(3, 0.9)).toBe("entre 2,1 e 3,9 numa escala de 1 a 5");
    expect(formatScaleRange(4.6, 0.8)).toBe("entre 3,8 e 5,0 numa escala de 1 a 5");
    expect(formatScaleRange(1.4, 1.5, { short: true })).toBe("entre 1,0 e 2,9");
    expect(formatScaleRange(3.2, null)).toBe("3,2 numa escala de 1 a 5");
  });
});
