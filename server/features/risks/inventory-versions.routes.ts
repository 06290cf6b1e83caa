/**
 * /api/risks inventory versions (docs/decisions/059): the preview of what
 * publishing a campaign's inventory would hold and leave out, and each
 * published version's own PDF and XLSX, printed as it was published.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { riskMessages } from "#core/risk-messages.ts";
import { type InventoryPreview, inventoryPreviewSchema } from "#core/schemas/risk-inventory.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskEstablishments, riskInventoryVersions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { documentFileName, inventoryDocument } from "./inventory-documents.ts";
import { inventoryPdf } from "./inventory-pdf.ts";
import { draftInventory } from "./inventory-preview.ts";
import { inventoryXlsx } from "./inventory-xlsx.ts";
import { campaignOf } from "./risk-scope.ts";

const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function inventoryVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/risks/campaigns/:id/inventory-preview",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Prévia da versão do inventário: as linhas que ela terá, as que saem por não terem sido avaliadas e as ações do plano sem linha",
        params,
        querystring: companyScopeQuerySchema,
        response: { 200: inventoryPreviewSchema },
      },
    },
    async (request): Promise<InventoryPreview> => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      if (campaign.status !== "closed" && campaign.status !== "published")
        throw new AppError("CONFLICT", riskMessages.resultsNotReady);
      return (await draftInventory(db, campaign)).preview;
    },
  );

  /** One published version of the company, with its establishment if it still exists. */
  async function versionOf(companyId: string, id: string) {
    const [row] = await db
      .select({ version: riskInventoryVersions, establishment: riskEstablishments })
      .from(riskInventoryVersions)
      .leftJoin(riskEstablishments, eq(riskEstablishments.id, riskInventoryVersions.establishmentId))
      .where(and(eq(riskInventoryVersions.id, id), eq(riskInventoryVersions.companyId, companyId)));
    if (!row) throw new AppError("NOT_FOUND", riskMessages.inventoryVersionNotFound);
    return row;
  }

  for (const extension of ["pdf", "xlsx"] as const) {
    app.get(
      `/api/risks/inventory-versions/:id/export.${extension}`,
      {
        config: { access: companyManager },
        schema: {
          tags: ["riscos"],
          summary:
            extension === "pdf"
              ? "PDF de uma versão publicada do inventário, como foi publicada (com o plano de ação daquele dia)"
              : "Planilha de uma versão publicada do inventário, como foi publicada (com o plano de ação daquele dia)",
          params,
          querystring: companyScopeQuerySchema,
        },
      },
      async (request, reply) => {
        const { viewer, company } = callerOf(request, companyManager);
        const { version, establishment } = await versionOf(company.id, request.params.id);
        await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
        const document = await inventoryDocument(db, {
          version,
          establishment,
          timeZone: company.timezone,
          isLive: false,
        });
        const name = documentFileName(document.establishmentName, extension, version.version);
        reply
          .header(
            "content-type",
            extension === "pdf"
              ? "application/pdf"
              : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          )
          .header("content-disposition", `attachment; filename="${name}"`);
        return reply.send(extension === "pdf" ? await inventoryPdf(document) : await inventoryXlsx(document));
      },
    );
  }
}
