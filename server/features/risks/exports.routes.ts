/**
 * Exports (docs/decisions/026): the PDF and the XLSX of an establishment's
 * latest published inventory with its action plan, the aggregate CSV of a
 * campaign, and the members' read-only view (NR-1 1.5.3.3 b). Raw answers
 * never leave the database.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatRange, INCONCLUSIVE } from "#core/nr1-figures.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { hazardName } from "#core/risks.ts";
import { publishedInventorySchema } from "#core/schemas/risk-inventory.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { buildCsv, type CsvCell } from "#server/csv.ts";
import type { Db } from "#server/db/client.ts";
import {
  riskActions,
  riskEstablishments,
  riskInventoryVersions,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager, consumeFileLimit, signedIn } from "#server/features/auth/index.ts";
import { campaignFigures } from "./campaign-results.ts";
import { documentFileName, inventoryDocument } from "./inventory-documents.ts";
import { inventoryPdf } from "./inventory-pdf.ts";
import { statusLabels } from "./inventory-pdf-plan.ts";
import { inventoryXlsx } from "./inventory-xlsx.ts";
import { campaignOf, establishmentOf } from "./risk-scope.ts";
import { sstWorkbook } from "./sst-export.ts";

const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

/** The version in force of an establishment, printed with today's plan, records and reviews (docs/decisions/059). */
async function liveDocument(db: Db, companyId: string, establishmentId: string, timeZone: string) {
  const establishment = await establishmentOf(db, companyId, establishmentId, riskMessages.establishmentNotFound);
  const [version] = await db
    .select()
    .from(riskInventoryVersions)
    .where(eq(riskInventoryVersions.establishmentId, establishment.id))
    .orderBy(desc(riskInventoryVersions.version))
    .limit(1);
  if (!version) throw new AppError("NOT_FOUND", "Publique uma versão do inventário antes de exportar.");
  return { establishment, document: await inventoryDocument(db, { version, establishment, timeZone, isLive: true }) };
}

export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, privacyKey, now } = app.deps;

  app.get(
    "/api/risks/establishments/:id/export.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "PDF do inventário publicado e do plano de ação do estabelecimento",
        params,
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      const { establishment, document } = await liveDocument(db, company.id, request.params.id, company.timezone);
      const pdf = await inventoryPdf(document);
      reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${documentFileName(establishment.name, "pdf")}"`);
      return reply.send(pdf);
    },
  );

  app.get(
    "/api/risks/establishments/:id/export.xlsx",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Planilha com o inventário publicado e o plano de ação (colunas com os campos da NR-1)",
        params,
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      const { establishment, document } = await liveDocument(db, company.id, request.params.id, company.timezone);
      const buffer = await inventoryXlsx(document);
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${documentFileName(establishment.name, "xlsx")}"`);
      return reply.send(buffer);
    },
  );

  app.get(
    "/api/risks/sst-export.xlsx",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Planilha para o sistema de SST: inventário (perigo × estabelecimento × setor, com o GHE) e plano de ação",
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", 'attachment; filename="sereno-sst-riscos-psicossociais.xlsx"');
      return reply.send(await sstWorkbook(db, company.id, now()));
    },
  );

  app.get(
    "/api/risks/campaigns/:id/export.csv",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "CSV agregado dos resultados (setor × dimensão; grupos pequenos agregados; nunca respostas individuais)",
        params,
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "csv", { userId: viewer.userId, companyId: company.id });
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      const { results } = await campaignFigures({ db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP }, campaign);
      if (!results) throw new AppError("CONFLICT", riskMessages.resultsNotReady);
      const lines: CsvCell[][] = [
        [
          "setor",
          "agrega",
          "respostas_aprox",
          "margem_respostas",
          "dimensao",
          "indice_risco_0_100",
          "margem_indice",
          "percentual_adverso",
          "margem_percentual",
          "faixa_indice",
          "faixa_percentual_adverso",
          "classificacao",
        ],
      ];
      const labels = results.classification.probabilityLabels;
      // The released figures with their 90 % margins (docs/decisions/040); an empty cell was hidden by the layer.
      for (const row of results.rows)
        for (const cell of row.cells)
          lines.push([
            row.name,
            row.pooledFrom.join(", "),
            row.responses,
            row.responsesMargin,
            cell.name,
            cell.index ?? "",
            cell.margin ?? "",
            cell.adverseShare ?? "",
            cell.adverseMargin ?? "",
            // The ranges and the class as the screen and the inventory print them (docs/decisions/060).
            cell.indexRange ? formatRange(cell.indexRange) : "",
            cell.adverseRange ? formatRange(cell.adverseRange, "%") : "",
            cell.probability !== null ? (labels[cell.probability - 1] ?? "") : cell.inconclusive ? INCONCLUSIVE : "",
          ]);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="resultados-riscos-${campaign.id.slice(0, 8)}.csv"`);
      return buildCsv(lines);
    },
  );

  app.get(
    "/api/risks/published",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary: "Para o trabalhador: o inventário publicado e o plano de ação do seu estabelecimento (NR-1 1.5.3.3 b)",
        response: { 200: publishedInventorySchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      if (!viewer.companyId) return { establishments: [] };
      const [assignment] = await db
        .select({ establishmentId: riskSectors.establishmentId })
        .from(riskSectorMembers)
        .innerJoin(riskSectors, eq(riskSectors.id, riskSectorMembers.sectorId))
        .where(and(eq(riskSectorMembers.userId, viewer.userId), eq(riskSectorMembers.companyId, viewer.companyId)));
      const establishments = await db
        .select()
        .from(riskEstablishments)
        .where(
          assignment
            ? eq(riskEstablishments.id, assignment.establishmentId)
            : eq(riskEstablishments.companyId, viewer.companyId),
        );
      if (establishments.length === 0) return { establishments: [] };
      const ids = establishments.map((e) => e.id);
      const versions = await db
        .select()
        .from(riskInventoryVersions)
        .where(inArray(riskInventoryVersions.establishmentId, ids))
        .orderBy(desc(riskInventoryVersions.version));
      const actions = await db.select().from(riskActions).where(inArray(riskActions.establishmentId, ids));
      const sectors = await db.select().from(riskSectors).where(inArray(riskSectors.establishmentId, ids));
      return {
        establishments: establishments.flatMap((establishment) => {
          const version = versions.find((v) => v.establishmentId === establishment.id);
          if (!version) return [];
          return [
            {
              name: establishment.name,
              version: version.version,
              publishedAt: version.publishedAt.toISOString(),
              nextReviewOn: establishment.nextReviewOn,
              lines: version.content.lines.map((line) => ({
                sectorName: line.sectorName,
                hazardName: line.hazardName,
                level: line.level,
                decision: line.decision,
                measuresInPlace: line.measuresInPlace,
              })),
              actions: actions
                .filter((a) => a.establishmentId === establishment.id && a.status !== "cancelada")
                .map((a) => ({
                  title: a.title,
                  sectorName: sectors.find((s) => s.id === a.sectorId)?.name ?? "",
                  hazardName: hazardName(a.hazard),
                  dueOn: a.dueOn,
                  status: statusLabels[a.status] ?? a.status,
                })),
            },
          ];
        }),
      };
    },
  );
}
