import { describe, expect, it } from "vitest";
import { buildReportCsv } from "./reports-csv.ts";

const report = {
  members: 1234,
  series: [
    {
      day: "2026-05-30",
      checkIns: 9,
      participation: 75,
      averageMood: 3.8,
      averageEnergy: 3.2,
      averageStress: 2.5,
      exercises: 4,
    },
    {
      day: "2026-05-31",
      checkIns: 2,
      participation: 16.7,
      averageMood: null,
      averageEnergy: null,
      averageStress: null,
      exercises: 0,
    },
    {
      day: "2026-06-01",
      checkIns: 0,
      participation: 0,
      averageMood: null,
      averageEnergy: null,
      averageStress: null,
      exercises: 12,
    },
  ],
};

function lines(csv: string): string[] {
  return csv.slice(1).split("\r\n");
}

describe("buildReportCsv", () => {
  it("opens with the UTF-8 BOM and the pt-BR header", () => {
    const csv = buildReportCsv(report);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(lines(csv)[0]).toBe(
      "Data;Membros;Check-ins;Participação (%);Humor médio;Energia média;Estresse médio;Exercícios concluídos",
    );
  });

  it("writes one CRLF-ended row per day, with dd/MM/yyyy dates and decimal commas", () => {
    const csv = buildReportCsv(report);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.replace(/\r\n/g, "")).not.toContain("\n");
    expect(lines(csv).slice(1, -1)).toEqual([
      "30/05/2026;1234;9;75,0;3,8;3,2;2,5;4",
      "31/05/2026;1234;2;16,7;;;;0",
      "01/06/2026;1234;0;0,0;;;;12",
    ]);
  });

  it("leaves the mood, energy and stress empty when withheld, keeping eight fields on every row", () => {
    const rows = lines(buildReportCsv(report)).slice(1, -1);
    for (const row of rows) expect(row.split(";")).toHaveLength(8);
    expect(rows[1]?.split(";").slice(4, 7)).toEqual(["", "", ""]);
  });

  it("still writes the header for a period without days", () => {
    expect(buildReportCsv({ members: 0, series: [] })).toBe(
      "\uFEFFData;Membros;Check-ins;Participação (%);Humor médio;Energia média;Estresse médio;Exercícios concluídos\r\n",
    );
  });
});
