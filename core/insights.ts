/**
 * 'Insights da equipe' (docs/decisions/019): three findings computed from the
 * published days only (docs/decisions/014), each a pt-BR sentence with its
 * numbers, the test behind it and how sure it is. Statistics, not AI. A
 * finding that would need a hidden day is withheld and says why.
 */

import type { IsoDay } from "./dates.ts";
import { DAILY_GRAIN_MIN_MEMBERS } from "./disclosure.ts";
import { countOf, formatDecimal, formatPercent } from "./format.ts";
import type { TeamInsights } from "./schemas/reports.ts";
import { confidenceOf, mannWhitneyU, pearson, twoProportionZTest } from "./statistics.ts";

/** One closed, published day: counts, and the mood only when the day is shown. */
export type InsightDay = {
  day: IsoDay;
  checkIns: number;
  members: number;
  /** The published mean, null when hidden (fewer than k) or nobody answered. */
  mood: number | null;
  isHidden: boolean;
  /** Hidden because the company saw that month by month (under DAILY_GRAIN_MIN_MEMBERS), not for its answers. */
  isMonthly?: boolean;
  exercises: number;
};

type Finding = TeamInsights["findings"][number];
type Withheld = TeamInsights["withheld"][number];

const weekdayNames = [
  "domingos",
  "segundas-feiras",
  "terças-feiras",
  "quartas-feiras",
  "quintas-feiras",
  "sextas-feiras",
  "sábados",
];
/** A weekday needs this many shown days to be compared; the correlation this many days. */
const MIN_WEEKDAY_DAYS = 4;
const MIN_CORRELATION_DAYS = 14;

const pText = (p: number) => (p < 0.001 ? "p < 0,001" : `p = ${formatDecimal(p, 3)}`);
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const weekdayOf = (day: IsoDay) => new Date(`${day}T12:00:00Z`).getUTCDay();
const hiddenDays = (count: number) => countOf(count, "dia ficou oculto", "dias ficaram ocultos");

/** Why the hidden days are hidden, the true reason (docs/decisions/061): the team's size, or who answered. */
function hiddenWhy(days: InsightDay[], minGroup: number): string {
  const hidden = days.filter((d) => d.isHidden);
  if (hidden.every((d) => d.isMonthly)) {
    return `${hiddenDays(hidden.length)} porque equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor só por mês encerrado`;
  }
  return `${hiddenDays(hidden.length)} porque menos de ${minGroup} membros responderam`;
}

/** First versus last of the last four closed weeks: check-ins over member-days. */
function participationFinding(days: InsightDay[]): Finding | Withheld {
  if (days.length < 28) {
    return { kind: "participation", reason: "Ainda não há quatro semanas fechadas para comparar a participação." };
  }
  const last = days.slice(-28);
  const sum = (week: InsightDay[], key: "checkIns" | "members") => week.reduce((total, d) => total + d[key], 0);
  const [first, fourth] = [last.slice(0, 7), last.slice(21)];
  const [x1, n1, x2, n2] = [
    sum(first, "checkIns"),
    sum(first, "members"),
    sum(fourth, "checkIns"),
    sum(fourth, "members"),
  ];
  if (n1 === 0 || n2 === 0)
    return {
      kind: "participation",
      reason: "Ainda não há quatro semanas com a equipe formada para comparar a participação.",
    };
  const [p1, p2] = [(x1 / n1) * 100, (x2 / n2) * 100];
  const test = twoProportionZTest(x1, n1, x2, n2);
  const numbers = `${formatPercent(p1)} na primeira semana e ${formatPercent(p2)} na última (${x1} de ${n1} e ${x2} de ${n2} dias-membro)`;
  const sentence =
    test.p < 0.05
      ? `A participação ${p2 < p1 ? "caiu" : "subiu"} de ${formatPercent(p1)} para ${formatPercent(p2)} nas últimas quatro semanas (${x1} de ${n1} e ${x2} de ${n2} dias-membro; ${pText(test.p)}).`
      : `A participação ficou estável nas últimas quatro semanas: ${numbers}; a diferença pode ser acaso (${pText(test.p)}).`;
  return {
    kind: "participation",
    sentence,
    test: "teste z de duas proporções",
    pValue: test.p,
    confidence: confidenceOf(test.p),
  };
}

/** The weekday with the lowest shown mood against all other shown days, Bonferroni-corrected for picking it. */
function weekdayFinding(days: InsightDay[], minGroup: number): Finding | Withheld {
  const shown = days.filter((d) => d.mood !== null);
  const groups = Array.from({ length: 7 }, (_, weekday) => shown.filter((d) => weekdayOf(d.day) === weekday));
  const eligible = groups
    .map((group, weekday) => ({ group, weekday }))
    .filter(({ group }) => group.length >= MIN_WEEKDAY_DAYS);
  if (eligible.length < 2) {
    const hidden = days.filter((d) => d.isHidden).length;
    return {
      kind: "weekday",
      reason:
        hidden > 0
          ? `Não comparamos o humor por dia da semana: ${hiddenWhy(days, minGroup)}, e sem eles faltam dias para comparar.`
          : "Ainda há poucos dias com humor publicado para comparar os dias da semana.",
    };
  }
  const lowest = eligible.reduce((a, b) =>
    mean(a.group.map((d) => d.mood as number)) <= mean(b.group.map((d) => d.mood as number)) ? a : b,
  );
  const others = shown.filter((d) => weekdayOf(d.day) !== lowest.weekday).map((d) => d.mood as number);
  const values = lowest.group.map((d) => d.mood as number);
  const test = mannWhitneyU(values, others);
  const p = Math.min(1, test.p * eligible.length);
  const name = weekdayNames[lowest.weekday] as string;
  const numbers = `${formatDecimal(mean(values))} contra ${formatDecimal(mean(others))} (${values.length} ${name} e ${others.length} outros dias; ${pText(p)})`;
  const sentence =
    p < 0.05
      ? `O humor das ${name} é mais baixo que o dos outros dias: ${numbers}.`
      : `Nenhum dia da semana se destaca no humor: o mais baixo, ${name}, teve ${numbers}; a diferença pode ser acaso.`;
  return {
    kind: "weekday",
    sentence,
    test: "teste de Mann-Whitney com correção de Bonferroni",
    pValue: p,
    confidence: confidenceOf(p),
  };
}

/** Across days (never people): do days with more exercises have a higher published mood? */
function exercisesFinding(days: InsightDay[], minGroup: number): Finding | Withheld {
  const shown = days.filter((d) => d.mood !== null);
  if (shown.length < MIN_CORRELATION_DAYS) {
    const hidden = days.filter((d) => d.isHidden).length;
    return {
      kind: "exercises",
      reason:
        hidden > 0
          ? `Não relacionamos exercícios e humor: ${hiddenWhy(days, minGroup)}, e restam menos de ${MIN_CORRELATION_DAYS} dias com humor.`
          : `Precisamos de pelo menos ${MIN_CORRELATION_DAYS} dias com humor publicado para relacionar exercícios e humor.`,
    };
  }
  const { r, p, n } = pearson(
    shown.map((d) => d.exercises),
    shown.map((d) => d.mood as number),
  );
  const numbers = `correlação de Pearson r = ${formatDecimal(r, 2)} em ${n} dias, ${pText(p)}`;
  const sentence =
    p < 0.05
      ? `Nos dias com mais exercícios concluídos, o humor médio da equipe foi ${r > 0 ? "mais alto" : "mais baixo"} (${numbers}). É uma correlação entre dias: não mostra causa e não fala de ninguém individualmente.`
      : `Não encontramos relação clara entre os exercícios do dia e o humor da equipe (${numbers}).`;
  return {
    kind: "exercises",
    sentence,
    test: "correlação de Pearson (p pela transformação de Fisher)",
    pValue: p,
    confidence: confidenceOf(p),
  };
}

const isFinding = (value: Finding | Withheld): value is Finding => "sentence" in value;

/** The findings, what was withheld, and the actions ranked by how sure their finding is. */
export function buildInsights(
  days: InsightDay[],
  minGroup: number,
): Omit<TeamInsights, "from" | "to" | "minGroup" | "preparingDays"> {
  const all = [participationFinding(days), weekdayFinding(days, minGroup), exercisesFinding(days, minGroup)];
  const findings = all.filter(isFinding);
  const withheld = all.filter((value): value is Withheld => !isFinding(value));
  const actions = findings
    .filter((finding) => finding.pValue < 0.05)
    .sort((a, b) => a.pValue - b.pValue)
    .flatMap((finding): TeamInsights["actions"] => {
      if (finding.kind === "participation" && finding.sentence.includes("caiu")) {
        return [
          {
            title: "Lembre a equipe do check-in",
            text: "Conte em uma reunião que o check-in leva menos de um minuto e que a gestão só vê números do grupo.",
            because: finding.kind,
          },
        ];
      }
      if (finding.kind === "weekday") {
        return [
          {
            title: "Alivie o dia mais pesado",
            text: "Nesse dia da semana, evite reuniões longas e prazos, e comece com uma pausa guiada em grupo.",
            because: finding.kind,
          },
        ];
      }
      if (finding.kind === "exercises" && finding.sentence.includes("mais alto")) {
        return [
          {
            title: "Abra espaço para os exercícios",
            text: "Reserve 10 minutos na agenda da equipe para um exercício curto; o convite é para todos, sem cobrança.",
            because: finding.kind,
          },
        ];
      }
      return [];
    });
  return { findings, withheld, actions };
}
