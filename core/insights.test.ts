import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { buildInsights, type InsightDay } from "./insights.ts";

/** 56 days ending Sunday 22 Nov 2026, from a seeded generator (no Math.random). */
function seededDays(shape: (day: string, i: number, rand: () => number) => Partial<InsightDay>): InsightDay[] {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: 56 }, (_, i) => {
    const day = addDays("2026-09-28", i);
    return { day, checkIns: 10, members: 20, mood: 3.5, isHidden: false, exercises: 3, ...shape(day, i, rand) };
  });
}
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

describe("team insights", () => {
  it("finds participation falling, Mondays lower, and more exercises with higher mood; ranks the actions", () => {
    const days = seededDays((day, i, rand) => {
      const exercises = Math.floor(rand() * 8);
      return {
        checkIns: i >= 28 && i < 35 ? 15 : i >= 49 ? 8 : 12,
        exercises,
        mood: Math.round((weekday(day) === 1 ? 2.6 : 3.2) * 10 + exercises * 1.5 + rand() * 3) / 10,
      };
    });
    const result = buildInsights(days, 5);
    expect(result.withheld).toEqual([]);
    const [participation, monday, exercises] = result.findings;
    expect(participation?.sentence).toMatch(/^A participação caiu de 75,0% para 40,0% nas últimas quatro semanas/);
    expect(participation).toMatchObject({ test: "teste z de duas proporções", confidence: "alta" });
    expect(monday?.sentence).toMatch(
      /^O humor das segundas-feiras é mais baixo que o dos outros dias: \d,\d contra \d,\d \(8 segundas-feiras e 48 outros dias; p = 0,0\d\d\)/,
    );
    expect(monday?.test).toBe("teste de Mann-Whitney com correção de Bonferroni");
    expect(exercises?.sentence).toMatch(
      /^Nos dias com mais exercícios concluídos, o humor médio da equipe foi mais alto \(correlação de Pearson r = 0,\d\d em 56 dias/,
    );
    expect(exercises?.sentence).toContain("não fala de ninguém individualmente");
    // The surest finding's action comes first.
    const order = result.findings
      .filter((f) => f.pValue < 0.05)
      .sort((a, b) => a.pValue - b.pValue)
      .map((f) => f.kind);
    expect(result.actions.map((action) => action.because)).toEqual(order);
    expect(result.actions).toHaveLength(3);
  });

  it("says stable and 'pode ser acaso' when the tests see nothing, and recommends nothing", () => {
    const days = seededDays((_, __, rand) => ({ mood: Math.round((3.3 + rand() * 0.4) * 10) / 10, exercises: 2 }));
    const result = buildInsights(days, 5);
    expect(result.findings[0]?.sentence).toMatch(/^A participação ficou estável/);
    expect(result.findings[1]?.sentence).toMatch(/^Nenhum dia da semana se destaca no humor/);
    expect(result.findings[2]?.sentence).toMatch(/^Não encontramos relação clara/);
    expect(result.actions).toEqual([]);
  });

  it("withholds the mood findings when the days they need are hidden by the privacy rule", () => {
    // A small team: only Tuesdays reach k; every other day with answers is hidden.
    const days = seededDays((day) =>
      weekday(day) === 2 ? { checkIns: 6 } : { checkIns: 3, mood: null, isHidden: true },
    );
    const result = buildInsights(days, 5);
    expect(result.findings.map((f) => f.kind)).toEqual(["participation"]);
    expect(result.withheld.map((w) => w.kind)).toEqual(["weekday", "exercises"]);
    expect(result.withheld[0]?.reason).toContain("48 dias ficaram ocultos porque menos de 5 membros responderam");
    expect(JSON.stringify(result)).not.toMatch(/humor das|Nos dias com mais/);
  });

  it("gives the team's size as the reason when its days are hidden because it sees months (docs/decisions/061)", () => {
    const days = seededDays(() => ({ checkIns: 6, mood: null, isHidden: true, isMonthly: true }));
    const result = buildInsights(days, 5);
    expect(result.withheld.map((w) => w.kind)).toEqual(["weekday", "exercises"]);
    expect(result.withheld[0]?.reason).toContain("porque equipes com menos de 20 pessoas veem o humor só por mês");
    expect(result.withheld[0]?.reason).not.toContain("membros responderam");
  });
});
