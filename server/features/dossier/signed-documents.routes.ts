/**
 * The Lei 14.457 file and the Lei 14.831 dossier as signed, kept documents (docs/decisions/098): the
 * company's responsible person issues a version of either as a PDF and signs it with their own
 * ICP-Brasil A1 certificate (PAdES, the same signing as the NR-1 inventory's, decision 081); the signed
 * version is stored and never changes, listed with its date and signer, and downloaded as signed.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { complianceMessages as m } from "#core/compliance-messages.ts";
import { localDay } from "#core/dates.ts";
import { formatAtPtBR } from "#core/format.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { type SignedDocument, signedDocumentKindIds, signedDocumentKinds } from "#core/signed-documents.ts";
import { complianceSignedDocuments } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { harassmentFile, harassmentFilePdf } from "#server/features/compliance/index.ts";
import { companySigner, readSigningRequest, signPdf } from "#server/features/risks/index.ts";
import { registerUploads } from "#server/uploads.ts";
import { readDossier } from "./dossier.ts";
import { dossierPdf } from "./dossier-documents.ts";

const kindParams = z.object({ kind: z.enum(signedDocumentKindIds, { error: serverMessages.notFound }) }).strict();
const idParams = z.object({ id: z.uuid({ error: m.signedDocumentNotFound }) }).strict();

const purposes = {
  "lei-14457": {
    blockHeading: "Assinatura digital do responsável pela empresa",
    reason: "Arquivo da Lei 14.457/2022, art. 23, assinado pelo responsável pela empresa",
  },
  "lei-14831": {
    blockHeading: "Assinatura digital do responsável pela empresa",
    reason: "Dossiê da Lei 14.831/2024, art. 3º, assinado pelo responsável pela empresa",
  },
} as const;

export async function signedDocumentRoutes(fastify: FastifyInstance) {
  // The certificate comes as a file: the multipart parser is these routes' alone (server/uploads.ts).
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, privacyKey, now } = app.deps;
  const deps = { db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP };

  app.post(
    "/api/compliance/signed-documents/:kind",
    {
      config: { access: companySigner },
      schema: {
        tags: ["conformidade"],
        summary:
          "Emite uma nova versão do arquivo da Lei 14.457 ou do dossiê da Lei 14.831 e a assina com o certificado ICP-Brasil A1 do responsável (PAdES); o certificado e a senha não são guardados",
        params: kindParams,
        querystring: companyScopeQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companySigner);
      const { kind } = request.params;
      // Every refusal (form, certificate, password, validity, use) comes before anything is built or kept.
      const form = await readSigningRequest(request);
      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      const today = localDay(now(), company.timezone);
      const pdf =
        kind === "lei-14457"
          ? await harassmentFilePdf(await harassmentFile(deps, company, today), company.timezone)
          : await dossierPdf(await readDossier(deps, company, now()));
      const signed = await signPdf({
        pdf,
        key: form.key,
        signer: { name: form.certificate.holder, registration: form.registration },
        certificate: form.certificate,
        signedAt: form.signedAt,
        signedAtLabel: formatAtPtBR(form.signedAt.toISOString(), company.timezone),
        title: `${signedDocumentKinds[kind].title} – ${company.name}`,
        ...purposes[kind],
      });
      const row = await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ version: sql<number>`coalesce(max(${complianceSignedDocuments.version}), 0)::int` })
          .from(complianceSignedDocuments)
          .where(and(eq(complianceSignedDocuments.companyId, company.id), eq(complianceSignedDocuments.kind, kind)));
        const version = (last?.version ?? 0) + 1;
        const [inserted] = await tx
          .insert(complianceSignedDocuments)
          .values({
            companyId: company.id,
            kind,
            version,
            signerName: form.certificate.holder,
            registration: form.registration,
            certificateIssuer: form.certificate.issuer,
            certificateSerial: form.certificate.serial,
            certificateNotAfter: form.certificate.notAfter,
            signedAt: form.signedAt,
            sha256: createHash("sha256").update(signed).digest("hex"),
            pdf: signed,
          })
          // Two signatures sent at once take the same number: the second one keeps nothing.
          .onConflictDoNothing()
          .returning({ id: complianceSignedDocuments.id, version: complianceSignedDocuments.version });
        if (!inserted) return null;
        await writeAudit(tx, viewer, "compliance-document.sign", {
          type: "compliance_signed_document",
          id: inserted.id,
          companyId: company.id,
          details: { documento: kind, versao: version },
        });
        return inserted;
      });
      if (!row) throw new AppError("CONFLICT", m.documentSignedMeanwhile);
      return { id: row.id, version: row.version, message: m.documentSigned(row.version) };
    },
  );

  app.get(
    "/api/compliance/signed-documents",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "As versões assinadas do arquivo da Lei 14.457 e do dossiê da Lei 14.831, com data e signatário",
        querystring: companyScopeQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request): Promise<{ documents: SignedDocument[] }> => {
      const { company } = callerOf(request, companyManager);
      const rows = await db
        .select({
          id: complianceSignedDocuments.id,
          kind: complianceSignedDocuments.kind,
          version: complianceSignedDocuments.version,
          signerName: complianceSignedDocuments.signerName,
          registration: complianceSignedDocuments.registration,
          certificateIssuer: complianceSignedDocuments.certificateIssuer,
          signedAt: complianceSignedDocuments.signedAt,
        })
        .from(complianceSignedDocuments)
        .where(eq(complianceSignedDocuments.companyId, company.id))
        .orderBy(complianceSignedDocuments.kind, desc(complianceSignedDocuments.version));
      return { documents: rows.map((row) => ({ ...row, signedAt: row.signedAt.toISOString() })) };
    },
  );

  app.get(
    "/api/compliance/signed-documents/:id/signed.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "O PDF de uma versão assinada, como foi assinado",
        params: idParams,
        querystring: companyScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const [row] = await db
        .select({
          pdf: complianceSignedDocuments.pdf,
          kind: complianceSignedDocuments.kind,
          version: complianceSignedDocuments.version,
        })
        .from(complianceSignedDocuments)
        .where(
          and(eq(complianceSignedDocuments.id, request.params.id), eq(complianceSignedDocuments.companyId, company.id)),
        );
      if (!row) throw new AppError("NOT_FOUND", m.signedDocumentNotFound);
      const name = `${signedDocumentKinds[row.kind].fileName}-versao-${row.version}-assinado.pdf`;
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(row.pdf);
    },
  );
}
