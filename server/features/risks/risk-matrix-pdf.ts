/**
 * The criteria's risk matrix as a coloured grid (docs/decisions/051):
 * probability across, severity down from the worst, each cell filled with its
 * level's colour and naming the level (never colour alone) and the inventory
 * lines classified there; a legend with each level's decision below.
 */
import { riskLevelTone, riskToneColours } from "#core/risk-levels.ts";
import type { RiskCriteriaContent } from "#core/risks.ts";
import { ink, keepTogether } from "./pdf-layout.ts";

type Placed = { severity: number; probability: number };

export function riskMatrix(doc: PDFKit.PDFDocument, criteria: RiskCriteriaContent, lines: Placed[]): void {
  const size = criteria.size;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 110;
  const cellWidth = (width - labelWidth) / size;
  const cellHeight = size === 5 ? 48 : 64;
  const headHeight = 34;
  keepTogether(doc, headHeight + 16 + size * cellHeight + 40 + criteria.levels.length * 22);
  let y = doc.y;
  doc.font("Inter-Bold").fontSize(8).fillColor(ink.muted);
  doc.text("Probabilidade", left + labelWidth, y, { width: width - labelWidth, align: "center" });
  y += 14;
  doc.rect(left, y, labelWidth, headHeight).fill(ink.primarySoft);
  doc
    .fillColor(ink.fg)
    .text("Severidade ↓ / Probabilidade", left + 4, y + 6, { width: labelWidth - 8, height: headHeight - 8 });
  criteria.probability.forEach((p, i) => {
    const x = left + labelWidth + i * cellWidth;
    doc.rect(x, y, cellWidth, headHeight).fill(ink.primarySoft);
    doc.fillColor(ink.fg).text(`${i + 1} ${p.label}`, x + 4, y + 6, { width: cellWidth - 8, align: "center" });
  });
  y += headHeight;
  // The worst severity on top, as risk matrices are usually read.
  for (let s = size; s >= 1; s--) {
    doc.rect(left, y, labelWidth, cellHeight).fill(ink.primarySoft);
    doc
      .font("Inter-Bold")
      .fontSize(8)
      .fillColor(ink.fg)
      .text(`${s} ${criteria.severity[s - 1]?.label ?? ""}`, left + 4, y + cellHeight / 2 - 5, {
        width: labelWidth - 8,
      });
    for (let p = 1; p <= size; p++) {
      const index = criteria.matrix[s - 1]?.[p - 1] ?? 0;
      const tone = riskToneColours[riskLevelTone(index) ?? "success"];
      const x = left + labelWidth + (p - 1) * cellWidth;
      doc.rect(x, y, cellWidth, cellHeight).fill(tone.soft);
      doc.lineWidth(1).strokeColor("#ffffff").rect(x, y, cellWidth, cellHeight).stroke();
      doc
        .font("Inter-Bold")
        .fontSize(9)
        .fillColor(tone.strong)
        .text(criteria.levels[index]?.name ?? "", x + 4, y + 8, { width: cellWidth - 8, align: "center" });
      const here = lines.flatMap((line, i) => (line.severity === s && line.probability === p ? [i + 1] : []));
      if (here.length)
        doc
          .font("Inter")
          .fontSize(7.5)
          .fillColor(ink.fg)
          .text(`${here.length === 1 ? "Linha" : "Linhas"} ${here.join(", ")}`, x + 4, y + 24, {
            width: cellWidth - 8,
            height: cellHeight - 26,
            align: "center",
            ellipsis: true,
          });
    }
    y += cellHeight;
  }
  y += 12;
  doc.font("Inter-Bold").fontSize(9).fillColor(ink.fg).text("Legenda", left, y);
  y += 16;
  criteria.levels.forEach((level, index) => {
    const tone = riskToneColours[riskLevelTone(index) ?? "success"];
    const count = lines.filter(
      (line) => (criteria.matrix[line.severity - 1]?.[line.probability - 1] ?? 0) === index,
    ).length;
    doc.rect(left, y, 28, 14).fill(tone.soft);
    doc.rect(left, y, 3, 14).fill(tone.strong);
    doc
      .font("Inter-Bold")
      .fontSize(9)
      .fillColor(tone.strong)
      .text(level.name, left + 36, y + 2, { continued: true })
      .font("Inter")
      .fillColor(ink.fg)
      .text(` — ${level.decision} (${count} ${count === 1 ? "linha" : "linhas"} do inventário)`);
    y += 22;
  });
  doc.x = left;
  doc.y = y + 6;
}
