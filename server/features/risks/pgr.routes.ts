/**
 * /pgr (docs/decisions/081, 082): every member of the company reads and downloads the current signed PGR
 * psychosocial annex of their establishment. Each opening and download adds one to a day's count, never who.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { messages } from "#core/messages.ts";
import { hazardName } from "#core/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { SignedAnnex } from "#core/signed-annex.ts";
import type { Db } from "#server/db/client.ts";
import { companies, riskAnnexAccesses, riskSectorMembers, riskSectors } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { currentSignatures, signedFile } from "./annex-signatures.ts";
import { statusLabels } from "./inventory-pdf-plan.ts";

const m = serverMessages.signature;
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

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

export async function pgrRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

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
      const { pdf, name } = await signedFile(db, company.id, row.signature.id);
      await countAccess(db, row.signature.id, localDay(new Date(), company.timezone), "downloads");
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(pdf);
    },
  );
}
