/** How a Resultados figure reads (docs/decisions/088): its value with its margin, its n and its rate. */
import { formatNumber, formatPercent } from "#core/format.ts";
import type { ResultadoFigure } from "#core/schemas/resultados.ts";

export type FigureStyle = "count" | "mean" | "share" | "days" | "change";

export function valueText(figure: ResultadoFigure, style: FigureStyle): string {
  if (!figure.shown || figure.value === null) return "—";
  const margin = figure.margin ?? 0;
  const digits = style === "mean" || style === "change" ? 1 : 0;
  if (style === "share") return `${formatPercent(figure.value * 100, 0)} ± ${formatNumber(margin * 100)} p.p.`;
  if (style === "count") return `cerca de ${formatNumber(figure.value)} ± ${formatNumber(margin)}`;
  if (style === "days") return `${formatNumber(figure.value)} dias (± ${formatNumber(margin, { digits: 1, upTo: 1 })})`;
  const sign = style === "change" && figure.value > 0 ? "+" : "";
  return `${sign}${formatNumber(figure.value, { digits })} ± ${formatNumber(margin, { digits })}`;
}

export function detailText(figure: ResultadoFigure, rateLabel = "taxa de resposta"): string {
  if (!figure.shown) return figure.hiddenReason ?? "Oculto para proteger o anonimato.";
  const parts = [figure.n === null ? null : `n ≈ ${formatNumber(figure.n)} ± ${formatNumber(figure.nMargin)}`];
  if (figure.rate !== null) parts.push(`${rateLabel} ${formatPercent(figure.rate * 100, 0)}`);
  return parts.filter(Boolean).join(" · ");
}
