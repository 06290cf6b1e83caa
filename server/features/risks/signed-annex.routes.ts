/**
 * The signed PGR psychosocial annex (docs/decisions/081, 082): the SST
 * professional signs a published inventory version's PDF with their own
 * ICP-Brasil A1 certificate; managers list the signatures and download what was signed. Members read the
 * current annex at /pgr (pgr.routes.ts).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays, localDay } from "#core/dates.ts";
import { formatAtPtBR } from "#core/format.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { InventorySignature } from "#core/signed-annex.ts";
import {
  riskAnnexAccesses,
  riskCampaigns,
  riskEstablishments,
  riskInventorySignatures,
  riskInventoryVersions,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { currentSignatures, signedFile } from "./annex-signatures.ts";
import { inventoryDocument } from "./inventory-documents.ts";
import { documentTitle, inventoryPdf } from "./inventory-pdf.ts";
import { inventorySigning, signPdf } from "./inventory-signature.ts";
import { companySigner, readSigningRequest } from "./sign-form.ts";

const m = serverMessages.signature;

const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function signedAnnexRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post(
    "/api/risks/inventory-versions/:id/signature",
    {
      config: { access: companySigner },
      schema: {
        tags: ["riscos"],
        summary:
          "Assina a versão publicada do inventário com o certificado ICP-Brasil A1 do profissional de SST (PAdES); o certificado e a senha não são guardados",
        params,
        querystring: companyScopeQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companySigner);
      const [version] = await db
        .select()
        .from(riskInventoryVersions)
        .where(and(eq(riskInventoryVersions.id, request.params.id), eq(riskInventoryVersions.companyId, company.id)));
      if (!version) {
        // A campaign of the company whose inventory is not (yet) a published version.
        const [campaign] = await db
          .select({ id: riskCampaigns.id })
          .from(riskCampaigns)
          .where(and(eq(riskCampaigns.id, request.params.id), eq(riskCampaigns.companyId, company.id)));
        if (campaign) throw new AppError("CONFLICT", m.notPublished);
        throw new AppError("NOT_FOUND", riskMessages.inventoryVersionNotFound);
      }
      const [newer] = await db
        .select({ version: riskInventoryVersions.version })
        .from(riskInventoryVersions)
        .where(
          and(
            eq(riskInventoryVersions.establishmentId, version.establishmentId),
            sql`${riskInventoryVersions.version} > ${version.version}`,
          ),
        )
        .limit(1);
      if (newer) throw new AppError("CONFLICT", m.superseded);
      const [signed] = await db
        .select({ id: riskInventorySignatures.id })
        .from(riskInventorySignatures)
        .where(eq(riskInventorySignatures.versionId, version.id));
      if (signed) throw new AppError("CONFLICT", m.alreadySigned);

      const form = await readSigningRequest(request);
      const { certificate, signedAt } = form;

      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      const [establishment] = await db
        .select()
        .from(riskEstablishments)
        .where(eq(riskEstablishments.id, version.establishmentId));
      const document = await inventoryDocument(db, {
        version,
        establishment: establishment ?? null,
        timeZone: company.timezone,
        isLive: false,
      });
      const pdf = await signPdf({
        pdf: await inventoryPdf(document),
        key: form.key,
        signer: { name: certificate.holder, registration: form.registration },
        certificate,
        signedAt,
        signedAtLabel: formatAtPtBR(signedAt.toISOString(), company.timezone),
        title: `${documentTitle} – ${document.establishmentName}`,
        ...inventorySigning,
      });
      const inserted = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(riskInventorySignatures)
          .values({
            versionId: version.id,
            companyId: company.id,
            establishmentId: version.establishmentId,
            signerName: certificate.holder,
            registration: form.registration,
            certificateHolder: certificate.holder,
            certificateIssuer: certificate.issuer,
            certificateSerial: certificate.serial,
            certificateNotAfter: certificate.notAfter,
            signedAt,
            sha256: createHash("sha256").update(pdf).digest("hex"),
            pdf,
          })
          // Two signatures sent at once: the second one stores nothing.
          .onConflictDoNothing({ target: riskInventorySignatures.versionId })
          .returning({ id: riskInventorySignatures.id });
        if (!row) return null;
        await writeAudit(tx, viewer, "risk-inventory.sign", {
          type: "risk_inventory_version",
          id: version.id,
          companyId: company.id,
          details: { establishment: document.establishmentName, version: version.version },
        });
        return row;
      });
      if (!inserted) throw new AppError("CONFLICT", m.alreadySigned);
      return { id: inserted.id, message: m.signed };
    },
  );

  app.get(
    "/api/risks/inventory-signatures",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "As versões assinadas do inventário, com 'disponível desde' e quantas vezes o anexo foi aberto e baixado pelos trabalhadores (contagens, nunca quem)",
        querystring: companyScopeQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request): Promise<{ signatures: InventorySignature[] }> => {
      const { company } = callerOf(request, companyManager);
      const rows = await currentSignatures(db, company.id);
      if (rows.length === 0) return { signatures: [] };
      const since = addDays(localDay(new Date(), company.timezone), -29);
      const totals = await db
        .select({
          signatureId: riskAnnexAccesses.signatureId,
          views: sql<number>`coalesce(sum(${riskAnnexAccesses.views}), 0)::int`,
          downloads: sql<number>`coalesce(sum(${riskAnnexAccesses.downloads}), 0)::int`,
          recentViews: sql<number>`coalesce(sum(${riskAnnexAccesses.views}) filter (where ${riskAnnexAccesses.day} >= ${since}), 0)::int`,
          recentDownloads: sql<number>`coalesce(sum(${riskAnnexAccesses.downloads}) filter (where ${riskAnnexAccesses.day} >= ${since}), 0)::int`,
        })
        .from(riskAnnexAccesses)
        .where(
          inArray(
            riskAnnexAccesses.signatureId,
            rows.map((row) => row.signature.id),
          ),
        )
        .groupBy(riskAnnexAccesses.signatureId);
      return {
        signatures: rows.map(({ signature, version, isCurrent }) => {
          const total = totals.find((t) => t.signatureId === signature.id);
          return {
            id: signature.id,
            versionId: signature.versionId,
            version: version.version,
            establishmentId: signature.establishmentId,
            establishmentName: version.content.establishmentName,
            signerName: signature.signerName,
            registration: signature.registration,
            certificateIssuer: signature.certificateIssuer,
            signedAt: signature.signedAt.toISOString(),
            isCurrent,
            access: {
              views: total?.views ?? 0,
              downloads: total?.downloads ?? 0,
              viewsLast30Days: total?.recentViews ?? 0,
              downloadsLast30Days: total?.recentDownloads ?? 0,
            },
          };
        }),
      };
    },
  );

  app.get(
    "/api/risks/inventory-signatures/:id/signed.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "O PDF assinado de uma versão do inventário, como foi assinado",
        params,
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const { pdf, name } = await signedFile(db, company.id, request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(pdf);
    },
  );
}
