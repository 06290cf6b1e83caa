/**
 * One workbook for the company's SST software (issue 48 item 6; columns documented in
 * docs/sst-export.md): every establishment's latest published inventory, one row per hazard per
 * establishment and sector (with the GHE name where the sector is a GHE), and the action plan as it
 * stands today, one row per action, keyed the same way. Figures are the published snapshot's (released
 * by decision 040's layer); nothing per person.
 */
import { desc, eq } from "drizzle-orm";
import { formatCnpj } from "#core/cnpj.ts";
import type { Db } from "#server/db/client.ts";
import { riskActions, riskEstablishments, riskInventoryVersions, riskSectors } from "#server/db/schema/index.ts";
import { statusLabels } from "./inventory-pdf-plan.ts";

const inventoryColumns = [
  ["cnpj", "CNPJ do estabelecimento"],
  ["estabelecimento", "Estabelecimento"],
  ["setor", "Setor"],
  ["ghe", "GHE"],
  ["codigo_perigo", "Código do perigo"],
  ["perigo", "Perigo (fator de risco psicossocial)"],
  ["atividades", "Processos e atividades"],
  ["fontes", "Fontes ou circunstâncias"],
  ["danos", "Possíveis lesões ou agravos"],
  ["expostos", "Trabalhadores expostos"],
  ["medidas_existentes", "Medidas de prevenção existentes"],
  ["monitoramento", "Dados de monitoramento"],
  ["severidade", "Severidade"],
  ["probabilidade", "Probabilidade"],
  ["nivel", "Nível de risco"],
  ["decisao", "Decisão"],
  ["versao", "Versão do inventário"],
  ["publicado_em", "Publicado em"],
] as const;

const planColumns = [
  ["cnpj", "CNPJ do estabelecimento"],
  ["estabelecimento", "Estabelecimento"],
  ["setor", "Setor"],
  ["ghe", "GHE"],
  ["codigo_perigo", "Código do perigo"],
  ["acao", "Ação"],
  ["hierarquia", "Hierarquia da medida"],
  ["responsavel", "Responsável"],
  ["prazo", "Prazo"],
  ["situacao", "Situação"],
  ["acompanhamento", "Como será acompanhada"],
  ["afericao", "Como o resultado será medido"],
  ["eficacia", "Eficácia"],
] as const;

type Row = Record<string, string | number | Date | null>;
const excelDay = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
};

async function sstRows(db: Db, companyId: string) {
  const establishments = await db.select().from(riskEstablishments).where(eq(riskEstablishments.companyId, companyId));
  const sectors = await db.select().from(riskSectors).where(eq(riskSectors.companyId, companyId));
  const ghe = (sectorId: string) => {
    const sector = sectors.find((s) => s.id === sectorId);
    return sector?.kind === "ghe" ? sector.name : null;
  };
  const inventory: Row[] = [];
  const plan: Row[] = [];
  for (const establishment of establishments) {
    const [version] = await db
      .select()
      .from(riskInventoryVersions)
      .where(eq(riskInventoryVersions.establishmentId, establishment.id))
      .orderBy(desc(riskInventoryVersions.version))
      .limit(1);
    const key = { cnpj: formatCnpj(establishment.cnpj), estabelecimento: establishment.name };
    for (const line of version?.content.lines ?? [])
      inventory.push({
        ...key,
        setor: line.sectorName,
        ghe: ghe(line.sectorId),
        codigo_perigo: line.hazard,
        perigo: line.hazardName,
        atividades: line.activities,
        fontes: line.sources,
        danos: line.harms,
        expostos: line.exposed,
        medidas_existentes: line.measuresInPlace,
        monitoramento: line.monitoring,
        severidade: line.severity,
        probabilidade: line.probability,
        nivel: line.level,
        decisao: line.decision,
        versao: version?.version ?? null,
        publicado_em: version ? version.publishedAt : null,
      });
    const actions = await db.select().from(riskActions).where(eq(riskActions.establishmentId, establishment.id));
    for (const action of actions)
      plan.push({
        ...key,
        setor: sectors.find((s) => s.id === action.sectorId)?.name ?? "",
        ghe: ghe(action.sectorId),
        codigo_perigo: action.hazard,
        acao: action.title,
        hierarquia: action.hierarchy,
        responsavel: action.owner,
        prazo: excelDay(action.dueOn),
        situacao: statusLabels[action.status] ?? action.status,
        acompanhamento: action.followUp,
        afericao: action.measurement,
        eficacia: action.effectiveness,
      });
  }
  return { inventory, plan };
}

/** `at`: the file's creation stamp, from the app's clock (the same rows give the same file within a clock's tick). */
export async function sstWorkbook(db: Db, companyId: string, at: Date): Promise<Buffer> {
  const { inventory, plan } = await sstRows(db, companyId);
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.creator = "Sereno";
  book.created = at;
  book.modified = at;
  const sheet = (name: string, columns: readonly (readonly [string, string])[], rows: Row[], dates: string[]) => {
    const ws = book.addWorksheet(name);
    ws.columns = columns.map(([key, header]) => ({ key, header, width: Math.max(14, header.length + 2) }));
    for (const row of rows) ws.addRow(row);
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: "frozen", ySplit: 1 }];
    for (const key of dates) ws.getColumn(key).numFmt = "dd/mm/yyyy";
  };
  sheet("Inventario", inventoryColumns, inventory, ["publicado_em"]);
  sheet("Plano_de_acao", planColumns, plan, ["prazo"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
