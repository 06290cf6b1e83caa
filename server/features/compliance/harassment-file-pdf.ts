/**
 * The Lei 14.457 file as a PDF (docs/decisions/090), in the house style of the NR-1 inventory
 * (server/features/risks/pdf-layout.ts): a cover, then one section per item of art. 23 quoted word
 * for word with what Sereno holds for it. Every figure printed is already released (decision 040).
 */
import { LAW_14457_SOURCE, law14457Article23, trainingLevels } from "#core/compliance.ts";
import { formatDatePtBR, formatDayPtBR, formatNumber } from "#core/format.ts";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import { createDocument, frame, heading, ink, paragraph, table, toBuffer } from "#server/features/risks/index.ts";

const harassmentFileTitle = "Prevenção e combate ao assédio — Lei 14.457/2022";

const quote = (doc: PDFKit.PDFDocument, item: keyof typeof law14457Article23) =>
  paragraph(
    doc,
    `“${item === "caput" ? "" : `${item} – `}${law14457Article23[item]}” (${LAW_14457_SOURCE})`,
    8.5,
    ink.muted,
  );

export async function harassmentFilePdf(file: HarassmentFile, timeZone: string): Promise<Buffer> {
  const doc = await createDocument(`${harassmentFileTitle} – ${file.companyName}`);
  const done = toBuffer(doc);

  doc.y = 120;
  doc.font("Inter-Bold").fontSize(9).fillColor(ink.primary).text("DOSSIÊ DE CONFORMIDADE");
  doc.moveDown(0.6).fontSize(22).fillColor(ink.fg).text(harassmentFileTitle);
  doc.moveDown(0.4).font("Inter").fontSize(11).fillColor(ink.muted).text(file.companyName);
  doc
    .moveDown(0.2)
    .fontSize(9)
    .text(`Emitido em ${formatDayPtBR(file.today)} pelo Sereno.`);
  doc.moveDown(1.2);
  doc.lineWidth(2).strokeColor(ink.primary).moveTo(50, doc.y).lineTo(200, doc.y).stroke();
  doc.moveDown(1.2);
  quote(doc, "caput");

  heading(doc, "I. Regras de conduta");
  quote(doc, "I");
  if (file.conduct) {
    paragraph(
      doc,
      `Versão ${file.conduct.version}, publicada em ${formatDatePtBR(file.conduct.publishedOn, timeZone)}. Ciência registrada por ${formatNumber(file.conduct.acknowledged)} de ${formatNumber(file.conduct.members)} pessoas da empresa.`,
    );
    paragraph(doc, file.conduct.text, 8.5);
  } else paragraph(doc, "Sem evidência: a empresa ainda não publicou regras de conduta no Sereno.");

  heading(doc, "II. Procedimento de denúncia (Canal de escuta)");
  quote(doc, "II");
  for (const text of file.procedure.paragraphs) paragraph(doc, text);
  paragraph(doc, "Denúncias recebidas por trimestre encerrado (contagens com ruído, protegidas pelo anonimato):", 9);
  table(
    doc,
    [
      { header: "Trimestre", width: 130 },
      ...(file.listening[0]?.categories ?? []).map((c) => ({ header: c.label, width: 90 })),
    ],
    file.listening.map((q) => [
      q.quarter,
      ...q.categories.map((c) => (c.shown && c.count !== null ? `cerca de ${formatNumber(c.count)}` : "oculto")),
    ]),
  );

  heading(doc, "III. CIPA: reuniões com o tema assédio na pauta");
  quote(doc, "III");
  if (file.meetings.length)
    table(
      doc,
      [
        { header: "Data", width: 80 },
        { header: "Ata", width: 70 },
        { header: "Descrição", width: 0 },
      ],
      file.meetings.map((r) => [formatDayPtBR(r.heldOn), r.files ? `${r.files} anexo(s)` : "sem anexo", r.description]),
    );
  else paragraph(doc, "Sem evidência: nenhuma reunião da CIPA com o tema assédio na pauta foi registrada.");

  heading(doc, "IV. Capacitação a cada 12 meses, todos os níveis hierárquicos");
  quote(doc, "IV");
  table(
    doc,
    [
      { header: "Nível", width: 140 },
      { header: "Último treinamento", width: 130 },
      { header: "Situação", width: 0 },
    ],
    file.levels.map((l) => [
      l.label,
      l.lastTrainedOn ? formatDayPtBR(l.lastTrainedOn) : "nunca",
      l.overdue ? { text: "Vencido: mais de 12 meses", tone: "danger" } : { text: "Em dia", tone: "success" },
    ]),
  );
  doc.moveDown(0.6);
  if (file.trainings.length)
    table(
      doc,
      [
        { header: "Data", width: 70 },
        { header: "Duração", width: 60 },
        { header: "Níveis", width: 110 },
        { header: "Presentes", width: 60 },
        { header: "Treinamento", width: 0 },
      ],
      file.trainings.map((t) => [
        formatDayPtBR(t.heldOn),
        `${formatNumber(t.durationMinutes)} min`,
        t.levels.map((l) => trainingLevels[l]).join(", "),
        formatNumber(t.attendees),
        t.title,
      ]),
    );
  else paragraph(doc, "Sem evidência: nenhum treinamento registrado.");

  frame(doc, {
    header: file.companyName,
    title: harassmentFileTitle,
    footerLeft: `Emitido pelo Sereno em ${formatDayPtBR(file.today)}`,
    footerRight: (page, pages) => `Página ${page} de ${pages}`,
  });
  doc.end();
  return done;
}
