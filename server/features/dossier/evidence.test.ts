// Care in the Lei 14.831 dossier (docs/decisions/094): only the quarters Resultados released, with the
// noisy count as stored; a hidden quarter adds nothing and no figure is computed anew.
import { describe, expect, it } from "vitest";
import type { Resultados } from "#core/schemas/resultados.ts";
import { evidenceOf } from "./evidence.ts";

const figure = (shown: boolean, n: number | null, value: number | null = null) => ({
  shown,
  value,
  margin: shown ? 1 : null,
  n,
  nMargin: 2.4,
  rate: null,
  hiddenReason: shown ? null : "Oculto",
});

const careRow = (quarter: string, shown: boolean) => ({
  quarter,
  waitMedianDays: figure(shown, shown ? 9 : null, shown ? 4 : null),
  sessionsPerPerson: figure(shown, shown ? 12.6 : null, shown ? 3.2 : null),
  reliableImprovement: figure(false, null),
  recovery: figure(false, null),
});

describe("care evidence", () => {
  it("quotes only the released quarters, their stored noisy counts", () => {
    const resultados = { care: [careRow("2026-T3", true), careRow("2026-T2", false)] } as unknown as Resultados;
    const inputs = { resultados } as Parameters<(typeof evidenceOf)["care"]>[0];
    const lines = evidenceOf.care(inputs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("cerca de 13 (± 2)");
    expect(lines[0]).toContain("espera mediana de 4 dias");
    expect(lines[0]).toContain("com ruído");
  });

  it("says nothing when no quarter was released", () => {
    const resultados = { care: [careRow("2026-T3", false)] } as unknown as Resultados;
    expect(evidenceOf.care({ resultados } as Parameters<(typeof evidenceOf)["care"]>[0])).toEqual([]);
  });
});
