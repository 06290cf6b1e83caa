/**
 * The signed PGR psychosocial annex (docs/decisions/081, 082): the SST
 * professional signs a published inventory version's PDF with their own
 * ICP-Brasil A1 certificate, and every member of the company reads and
 * downloads the current signed annex at /pgr. Each opening and download there
 * adds one to a day's count, never who.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays, localDay } from "#core/dates.ts";
import { formatAtPtBR } from "#core/format.ts";
import { messages } from "#core/messages.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { hazardName } from "#core/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { InventorySignature, SignedAnnex } from "#core/signed-annex.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  riskAnnexAccesses,
  riskCampaigns,
  riskEstablishments,
  riskInventorySignatures,
  riskInventoryVersions,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { callerOf, companyManager, defineAccess, signedIn } from "#server/features/auth/access.ts";
import { consumeFileLimit } from "#server/features/auth/file-limits.ts";
import { requireCompanyManager, requireUser } from "#server/features/auth/viewer.ts";
import { documentFileName, inventoryDocument } from "./inventory-documents.ts";
import { documentTitle, inventoryPdf } from "./inventory-pdf.ts";
import { statusLabels } from "./inventory-pdf-plan.ts";
import { readSigningCertificate, signInventoryPdf } from "./inventory-signature.ts";

const m = serverMessages.signature;

/** The company's own SST professional signs, with a manager's access; the platform's admins never do. */
const companySigner = defineAccess("roles", async (request: FastifyRequest) => {
  if ((await requireUser(request)).role === "admin") throw new AppError("FORBIDDEN", m.managersOnly);
  return requireCompanyManager(request, (request.query as { companyId?: string }).companyId);
});
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();
const scopeQuery = z.object({ companyId: z.uuid({ error: messages.companyIdMissing }).optional() }).strict();

/** An A1 certificate is a few KB; anything near this is not one. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;
const TEXT_MAX = 160;

type SignForm = { registration: string; password: string; certificate: Buffer | null };

/** The multipart form, read into memory only (no temporary file): registro, senha and the file certificado. */
async function readSignForm(request: FastifyRequest): Promise<SignForm> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
  const form: SignForm = { registration: "", password: "", certificate: null };
  for await (const part of request.parts({
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  })) {
    if (part.type === "file") {
      const buffer = await part.toBuffer();
      if (part.fieldname === "certificado") form.certificate = buffer;
    } else if (typeof part.value === "string") {
      if (part.fieldname === "registro") form.registration = part.value.trim().slice(0, TEXT_MAX);
      if (part.fieldname === "senha") form.password = part.value;
    }
  }
  return form;
}

/** The newest signature of each establishment of the company: what /pgr shows. */
async function currentSignatures(db: Db, companyId: string, establishmentIds?: string[]) {
  const rows = await db
    .select({
      signature: {
        id: riskInventorySignatures.id,
        versionId: riskInventorySignatures.versionId,
        establishmentId: riskInventorySignatures.establishmentId,
        signerName: riskInventorySignatures.signerName,
        registration: riskInventorySignatures.registration,
        certificateIssuer: riskInventorySignatures.certificateIssuer,
        signedAt: riskInventorySignatures.signedAt,
      },
      version: riskInventoryVersions,
    })
    .from(riskInventorySignatures)
    .innerJoin(riskInventoryVersions, eq(riskInventoryVersions.id, riskInventorySignatures.versionId))
    .where(
      and(
        eq(riskInventorySignatures.companyId, companyId),
        establishmentIds ? inArray(riskInventorySignatures.establishmentId, establishmentIds) : undefined,
      ),
    )
    .orderBy(desc(riskInventoryVersions.version));
  const seen = new Set<string>();
  return rows.map((row) => {
    const isCurrent = !seen.has(row.signature.establishmentId);
    seen.add(row.signature.establishmentId);
    return { ...row, isCurrent };
  });
}

/** Adds one opening or download to today's count of that annex (the company's day). */
async function countAccess(db: Db, signatureId: string, day: string, kind: "views" | "downloads") {
  await db
    .insert(riskAnnexAccesses)
    .values({ signatureId, day, views: kind === "views" ? 1 : 0, downloads: kind === "downloads" ? 1 : 0 })
    .onConflictDoUpdate({
      target: [riskAnnexAccesses.signatureId, riskAnnexAccesses.day],
      set:
        kind === "views"
          ? { views: sql`${riskAnnexAccesses.views} + 1` }
          : { downloads: sql`${riskAnnexAccesses.downloads} + 1` },
    });
}

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
        querystring: scopeQuery,
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

      const form = await readSignForm(request);
      if (!form.certificate?.length) throw new AppError("VALIDATION", m.certificateMissing, { field: "certificado" });
      if (!form.password) throw new AppError("VALIDATION", m.passwordMissing, { field: "senha" });
      if (!form.registration) throw new AppError("VALIDATION", m.registrationRequired, { field: "registro" });
      const signedAt = new Date();
      const certificate = readSigningCertificate(form.certificate, form.password, signedAt);

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
      const pdf = await signInventoryPdf({
        pdf: await inventoryPdf(document),
        p12: form.certificate,
        password: form.password,
        signer: { name: certificate.holder, registration: form.registration },
        certificate,
        signedAt,
        signedAtLabel: formatAtPtBR(signedAt.toISOString(), company.timezone),
        title: `${documentTitle} – ${document.establishmentName}`,
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
        querystring: scopeQuery,
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

  /** The signed bytes of one signature of the company, as stored: every download is the same file. */
  async function signedFile(companyId: string, signatureId: string) {
    const [row] = await db
      .select({
        pdf: riskInventorySignatures.pdf,
        version: riskInventoryVersions.version,
        establishmentName: sql<string>`${riskInventoryVersions.content}->>'establishmentName'`,
      })
      .from(riskInventorySignatures)
      .innerJoin(riskInventoryVersions, eq(riskInventoryVersions.id, riskInventorySignatures.versionId))
      .where(and(eq(riskInventorySignatures.id, signatureId), eq(riskInventorySignatures.companyId, companyId)));
    if (!row) throw new AppError("NOT_FOUND", m.notSigned);
    const name = documentFileName(row.establishmentName, "pdf", row.version).replace(".pdf", "-assinado.pdf");
    return { pdf: row.pdf, name };
  }

  app.get(
    "/api/risks/inventory-signatures/:id/signed.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "O PDF assinado de uma versão do inventário, como foi assinado",
        params,
        querystring: scopeQuery,
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const { pdf, name } = await signedFile(company.id, request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(pdf);
    },
  );

  /** The member's company and the establishments they read (their sector's, else all the company's). */
  async function memberScope(request: FastifyRequest) {
    const viewer = callerOf(request, signedIn);
    if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
    const [company] = await db.select().from(companies).where(eq(companies.id, viewer.companyId));
    if (!company) throw new AppError("NO_COMPANY", messages.noCompany);
    const [assignment] = await db
      .select({ establishmentId: riskSectors.establishmentId })
      .from(riskSectorMembers)
      .innerJoin(riskSectors, eq(riskSectors.id, riskSectorMembers.sectorId))
      .where(and(eq(riskSectorMembers.userId, viewer.userId), eq(riskSectorMembers.companyId, company.id)));
    return { company, establishmentIds: assignment ? [assignment.establishmentId] : undefined };
  }

  app.get(
    "/api/pgr",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary:
          "Para todo trabalhador: o anexo psicossocial do PGR assinado em vigor (inventário e plano como publicados, NR-1 1.5.7.2.1)",
        response: { 200: z.any() },
      },
    },
    async (request): Promise<{ annexes: SignedAnnex[] }> => {
      const { company, establishmentIds } = await memberScope(request);
      const rows = (await currentSignatures(db, company.id, establishmentIds)).filter((row) => row.isCurrent);
      return {
        annexes: rows.map(({ signature, version }) => ({
          id: signature.id,
          establishmentName: version.content.establishmentName,
          version: version.version,
          publishedAt: version.publishedAt.toISOString(),
          signedAt: signature.signedAt.toISOString(),
          signerName: signature.signerName,
          registration: signature.registration,
          nextReviewOn: version.content.plan?.nextReviewOn ?? null,
          lines: version.content.lines.map((line) => ({
            sectorName: line.sectorName,
            hazardName: line.hazardName,
            level: line.level,
            decision: line.decision,
          })),
          actions: (version.content.plan?.actions ?? [])
            .filter((action) => action.status !== "cancelada")
            .map((action) => ({
              title: action.title,
              sectorName: action.sectorName,
              hazardName: hazardName(action.hazard),
              dueOn: action.dueOn,
              status: statusLabels[action.status] ?? action.status,
            })),
        })),
      };
    },
  );

  /** One annex of the member's scope that is current, or 404: an old or another company's id reads nothing. */
  async function memberAnnex(request: FastifyRequest, id: string) {
    const { company, establishmentIds } = await memberScope(request);
    const row = (await currentSignatures(db, company.id, establishmentIds)).find(
      (r) => r.isCurrent && r.signature.id === id,
    );
    if (!row) throw new AppError("NOT_FOUND", m.notSigned);
    return { company, row };
  }

  app.post(
    "/api/pgr/:id/view",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary: "Conta uma abertura do anexo assinado (só a contagem do dia, nunca quem)",
        params,
        response: { 200: z.any() },
      },
    },
    async (request) => {
      const { company, row } = await memberAnnex(request, request.params.id);
      await countAccess(db, row.signature.id, localDay(new Date(), company.timezone), "views");
      return { ok: true };
    },
  );

  app.get(
    "/api/pgr/:id/download.pdf",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary: "Baixa o anexo psicossocial do PGR assinado (e conta o download do dia, nunca quem)",
        params,
      },
    },
    async (request, reply) => {
      const { company, row } = await memberAnnex(request, request.params.id);
      const { pdf, name } = await signedFile(company.id, row.signature.id);
      await countAccess(db, row.signature.id, localDay(new Date(), company.timezone), "downloads");
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(pdf);
    },
  );
}
