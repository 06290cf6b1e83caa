/**
 * The Lei 14.831 dossier as a PDF (the NR-1 PDF's house style, server/features/risks/pdf-layout.ts) and as
 * XLSX: one row per criterion and piece of evidence; a criterion with none says 'Sem evidência registrada'.
 */
import { dossierMessages as m } from "#core/dossier-messages.ts";
import { formatDayPtBR } from "#core/format.ts";
import type { Dossier } from "#core/schemas/dossier.ts";
import { createDocument, frame, heading, ink, paragraph, toBuffer } from "#server/features/risks/index.ts";

const TITLE = "Dossiê da Lei 14.831 – Empresa Promotora da Saúde Mental";

function dossierRows(dossier: Dossier) {
  return dossier.criteria.flatMap((criterion) =>
    (criterion.evidence.length ? criterion.evidence : [m.noEvidence]).map((evidence) => ({
      criterio: criterion.label,
      texto_da_lei: criterion.text,
      evidencia: evidence,
    })),
  );
}

export async function dossierPdf(dossier: Dossier): Promise<Buffer> {
  const doc = await createDocument(`${TITLE} – ${dossier.companyName}`);
  const done = toBuffer(doc);
  paragraph(
    doc,
    `O que o Sereno registra para cada diretriz do ${dossier.source}. Os números de cuidado são os publicados em Resultados, fechados e com ruído: nenhum número sobre uma pessoa.`,
    9,
    ink.muted,
  );
  for (const criterion of dossier.criteria) {
    heading(doc, `Art. 3º, ${criterion.label}`);
    paragraph(doc, `"${criterion.text}"`, 8.5, ink.muted);
    for (const line of criterion.evidence.length ? criterion.evidence : [m.noEvidence]) paragraph(doc, `• ${line}`, 9);
  }
  frame(doc, {
    header: dossier.companyName,
    title: TITLE,
    footerLeft: dossier.companyName,
    footerRight: (page, pages) => `Emitido em ${formatDayPtBR(dossier.issuedOn)} · Página ${page} de ${pages}`,
  });
  doc.end();
  return done;
}

export async function dossierXlsx(dossier: Dossier): Promise<Buffer> {
  // Loaded on the first export, not at start-up (docs/decisions/021).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.creator = "Sereno";
  book.title = TITLE;
  const sheet = book.addWorksheet("Lei 14.831");
  sheet.columns = [
    { header: "Critério (art. 3º)", key: "criterio", width: 14 },
    { header: "Texto da lei", key: "texto_da_lei", width: 70 },
    { header: "Evidência no Sereno", key: "evidencia", width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(dossierRows(dossier));
  const goals = book.addWorksheet("Metas");
  goals.columns = [
    { header: "Indicador", key: "indicador", width: 50 },
    { header: "Meta", key: "meta", width: 50 },
    { header: "Revisão a cada (meses)", key: "intervalo", width: 22 },
    { header: "Próxima revisão", key: "proxima", width: 16 },
    { header: "Revisões", key: "revisoes", width: 80 },
  ];
  goals.getRow(1).font = { bold: true };
  goals.addRows(
    dossier.goals.map((goal) => ({
      indicador: goal.metricLabel,
      meta: goal.target,
      intervalo: goal.reviewEveryMonths,
      proxima: goal.nextReviewOn,
      revisoes: goal.reviews.map((review) => `${review.reviewedOn}: ${review.note}`).join(" | "),
    })),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
