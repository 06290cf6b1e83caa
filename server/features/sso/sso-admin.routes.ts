/**
 * Administração › a company › Login único (SSO): the platform admin sets the
 * company's identity provider (OIDC or SAML 2.0), its e-mail domains (proven
 * by a DNS TXT record, or verified by hand) and its two toggles. Every change
 * is in the Registro de acessos, never with a secret (docs/decisions/047).
 */
import { randomBytes } from "node:crypto";
import { resolveTxt } from "node:dns/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { ssoConfigInputSchema, ssoDomainInputSchema, ssoSettingsSchema } from "#core/schemas/sso.ts";
import { serverMessages } from "#core/server-messages.ts";
import { ssoMessages } from "#core/sso-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, ssoConnections, ssoDomains } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { discoverIssuer } from "./oidc.ts";
import { readIdpMetadata } from "./saml-metadata.ts";
import { sealSecret } from "./secret-box.ts";
import { domainTxtValue, ssoUrls } from "./sso-urls.ts";

const domainParams = z.object({ id: z.uuid(), domainId: z.uuid() });
const okSchema = z.object({ message: z.string() });

async function findCompany(db: Db, companyId: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  return company;
}

async function settingsOf(db: Db, appUrl: string, companyId: string) {
  const [connection] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
  const domains = await db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId))
    .orderBy(asc(ssoDomains.createdAt));
  return {
    connection: connection
      ? {
          protocol: connection.protocol,
          issuer: connection.oidcIssuer,
          clientId: connection.oidcClientId,
          hasClientSecret: Boolean(connection.oidcClientSecret),
          metadataUrl: connection.samlMetadataUrl,
          idpEntityId: connection.samlIdpEntityId,
          ssoUrl: connection.samlSsoUrl,
          allowPassword: connection.allowPassword,
          createOnFirstSignIn: connection.createOnFirstSignIn,
        }
      : null,
    domains: domains.map((row) => ({
      id: row.id,
      domain: row.domain,
      txtValue: domainTxtValue(row.verificationToken),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      verifiedBy: row.verifiedBy,
    })),
    sereno: ssoUrls(appUrl, companyId),
  };
}

export async function ssoAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey } = app.deps;
  const base = "/api/admin/companies/:id/sso";

  app.get(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Login único (SSO) da empresa: provedor, domínios e os endereços do Sereno para copiar (sem segredos)",
        params: companyIdParamsSchema,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      await findCompany(db, request.params.id);
      return settingsOf(db, env.APP_URL, request.params.id);
    },
  );

  app.put(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Configura o login único da empresa (OIDC ou SAML 2.0); o segredo do cliente é guardado cifrado",
        params: companyIdParamsSchema,
        body: ssoConfigInputSchema,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await findCompany(db, companyId);
      const input = request.body;
      const [current] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
      const toggles = { allowPassword: input.allowPassword, createOnFirstSignIn: input.createOnFirstSignIn };
      let values: Omit<typeof ssoConnections.$inferInsert, "companyId">;
      if (input.protocol === "oidc") {
        const keepsSecret = !input.clientSecret && current?.protocol === "oidc" && current.oidcClientSecret;
        if (!input.clientSecret && !keepsSecret)
          throw new AppError("VALIDATION", ssoMessages.clientSecretRequired, { field: "clientSecret" });
        const issuer = input.issuer ?? "";
        await discoverIssuer(issuer, env.NODE_ENV);
        values = {
          protocol: "oidc",
          oidcIssuer: issuer,
          oidcClientId: input.clientId ?? null,
          oidcClientSecret: input.clientSecret
            ? sealSecret(ssoKey, companyId, input.clientSecret)
            : (current?.oidcClientSecret ?? null),
          samlMetadataXml: null,
          samlMetadataUrl: null,
          samlIdpEntityId: null,
          samlSsoUrl: null,
          samlIdpCerts: null,
          ...toggles,
        };
      } else {
        const metadata = await readIdpMetadata(input.metadataXml, input.metadataUrl || undefined);
        values = {
          protocol: "saml",
          oidcIssuer: null,
          oidcClientId: null,
          oidcClientSecret: null,
          samlMetadataXml: metadata.xml,
          samlMetadataUrl: input.metadataUrl || null,
          samlIdpEntityId: metadata.entityId,
          samlSsoUrl: metadata.ssoUrl,
          samlIdpCerts: metadata.certificates,
          ...toggles,
        };
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(ssoConnections)
          .values({ companyId, ...values })
          .onConflictDoUpdate({ target: ssoConnections.companyId, set: { ...values, updatedAt: sql`now()` } });
        await writeAudit(tx as never, viewer, "sso.configure", {
          type: "company",
          id: companyId,
          companyId,
          details: {
            protocol: values.protocol,
            issuer: values.oidcIssuer ?? values.samlIdpEntityId ?? null,
            clientId: values.oidcClientId ?? null,
            secretChanged: Boolean(input.protocol === "oidc" && input.clientSecret),
            ...toggles,
          },
        });
      });
      return settingsOf(db, env.APP_URL, companyId);
    },
  );

  app.delete(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Remove o login único da empresa (os domínios ficam, para uma nova configuração)",
        params: companyIdParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await findCompany(db, companyId);
      await db.transaction(async (tx) => {
        const removed = await tx.delete(ssoConnections).where(eq(ssoConnections.companyId, companyId)).returning();
        if (removed.length === 0) throw new AppError("NOT_FOUND", ssoMessages.notConfigured);
        await writeAudit(tx as never, viewer, "sso.remove", { type: "company", id: companyId, companyId });
      });
      return { message: ssoMessages.removed };
    },
  );

  app.post(
    `${base}/domains`,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Adiciona um domínio de e-mail ao login único; ele vale depois de verificado (registro TXT no DNS)",
        params: companyIdParamsSchema,
        body: ssoDomainInputSchema,
        response: { 201: ssoSettingsSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await findCompany(db, companyId);
      const { domain } = request.body;
      const [added] = await db
        .insert(ssoDomains)
        .values({ companyId, domain, verificationToken: randomBytes(16).toString("hex") })
        .onConflictDoNothing()
        .returning();
      if (!added) throw new AppError("CONFLICT", ssoMessages.domainTaken, { field: "domain" });
      await writeAudit(db, viewer, "sso.domain.add", {
        type: "sso-domain",
        id: added.id,
        companyId,
        details: { domain },
      });
      reply.status(201);
      return settingsOf(db, env.APP_URL, companyId);
    },
  );

  app.post(
    `${base}/domains/:domainId/verify`,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Verifica o domínio pelo registro TXT no DNS, ou à mão (manual: true) quando o DNS não pode ser usado",
        params: domainParams,
        body: z.object({ manual: z.boolean().optional() }).strict(),
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId, domainId } = request.params;
      const [row] = await db
        .select()
        .from(ssoDomains)
        .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.companyId, companyId)));
      if (!row) throw new AppError("NOT_FOUND", ssoMessages.domainNotFound);
      const manual = request.body.manual === true;
      if (!manual && !(await hasTxtRecord(row.domain, domainTxtValue(row.verificationToken))))
        throw new AppError("CONFLICT", ssoMessages.domainNotVerified);
      const by = manual ? ("manual" as const) : ("dns" as const);
      await db.update(ssoDomains).set({ verifiedAt: sql`now()`, verifiedBy: by }).where(eq(ssoDomains.id, row.id));
      await writeAudit(db, viewer, "sso.domain.verify", {
        type: "sso-domain",
        id: row.id,
        companyId,
        details: { domain: row.domain, by },
      });
      return settingsOf(db, env.APP_URL, companyId);
    },
  );

  app.delete(
    `${base}/domains/:domainId`,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Remove um domínio do login único",
        params: domainParams,
        response: { 200: ssoSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId, domainId } = request.params;
      const [removed] = await db
        .delete(ssoDomains)
        .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.companyId, companyId)))
        .returning();
      if (!removed) throw new AppError("NOT_FOUND", ssoMessages.domainNotFound);
      await writeAudit(db, viewer, "sso.domain.remove", {
        type: "sso-domain",
        id: removed.id,
        companyId,
        details: { domain: removed.domain },
      });
      return settingsOf(db, env.APP_URL, companyId);
    },
  );
}

/** The domain's TXT records include the value (a record may come split in chunks: they are joined, as DNS says). */
async function hasTxtRecord(domain: string, value: string): Promise<boolean> {
  try {
    const records = await resolveTxt(domain);
    return records.some((chunks) => chunks.join("").trim() === value);
  } catch {
    return false;
  }
}
