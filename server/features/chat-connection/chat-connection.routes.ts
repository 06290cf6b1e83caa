/**
 * A company's chat channel, as the platform admin connects it (docs/decisions/103): GET / PUT / DELETE
 * under /api/admin/companies/:id/<channel>, the same for Teams (docs/decisions/095) and WhatsApp
 * (docs/decisions/092). Each secret is sealed like the SSO ones and kept when the PUT leaves it empty,
 * and must be given when there is no connection yet; every change is in the Registro de acessos with
 * the plain fields only, never a secret. What differs is declared by each channel in a ChatConnection.
 */
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { sealSecret } from "#server/features/sso/index.ts";

type ConnectionTable = PgTable & { companyId: PgColumn };
type Row<T extends ConnectionTable> = T["$inferSelect"];

export const companyParams = z.object({ id: z.uuid() });

export interface ChatConnection<T extends ConnectionTable, Body extends z.ZodObject, Settings extends z.ZodType> {
  /** The path segment and the audit actions' prefix. */
  channel: "msteams" | "whatsapp";
  table: T;
  body: Body;
  settings: Settings;
  summaries: { get: string; put: string; delete: string };
  /** Each sealed field of the body (named as its column) with the message when none is stored yet. */
  secrets: Partial<Record<keyof z.infer<Body> & keyof Row<T>, string>>;
  /** The columns stored as given (also the audit line's details). */
  fields: (body: z.infer<Body>) => Record<string, string>;
  /** Columns set only when the connection is first made. */
  created?: () => Record<string, string>;
  view: (row: Row<T> | undefined, company: typeof companies.$inferSelect, appUrl: string) => z.infer<Settings>;
  removed: string;
}

/** Registers the three routes; answers the settings reader the channel's own routes use. */
export function chatConnectionRoutes<T extends ConnectionTable, Body extends z.ZodObject, Settings extends z.ZodType>(
  fastify: FastifyInstance,
  spec: ChatConnection<T, Body, Settings>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey } = app.deps;
  const { channel, table } = spec;
  const base = `/api/admin/companies/:id/${channel}`;
  const rowOf = async (tx: Db, companyId: string): Promise<Row<T> | undefined> =>
    (
      await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.companyId, companyId))
    )[0] as Row<T> | undefined;

  async function settingsOf(companyId: string): Promise<z.infer<Settings>> {
    const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
    return spec.view(await rowOf(db, companyId), company, env.APP_URL);
  }

  const schema = (summary: string) => ({ tags: ["admin"], summary, params: companyParams });
  /** Loosened here so fastify's type provider need not resolve a generic schema; the view is typed. */
  const answer = { 200: spec.settings as z.ZodType };

  app.get(
    base,
    { config: { access: admin }, schema: { ...schema(spec.summaries.get), response: answer } },
    async (request) => {
      callerOf(request, admin);
      return settingsOf(request.params.id);
    },
  );

  app.put(
    base,
    {
      config: { access: admin },
      schema: { ...schema(spec.summaries.put), body: spec.body, response: answer },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await settingsOf(companyId);
      const body = request.body as Record<string, string | undefined>;
      const current = (await rowOf(db, companyId)) as Record<string, unknown> | undefined;
      const sealed: Record<string, unknown> = {};
      for (const [field, required] of Object.entries(spec.secrets) as [string, string][]) {
        const given = body[field];
        if (!given && !current) throw new AppError("VALIDATION", required, { field });
        sealed[field] = given ? sealSecret(ssoKey, companyId, given) : current?.[field];
      }
      const fields = spec.fields(request.body as z.infer<Body>);
      const values = { ...fields, ...sealed, updatedAt: sql`now()` };
      await db.transaction(async (tx) => {
        await tx
          .insert(table)
          .values({ companyId, ...spec.created?.(), ...values } as T["$inferInsert"])
          .onConflictDoUpdate({ target: table.companyId, set: values });
        await writeAudit(tx, viewer, `${channel}.configure`, {
          type: "company",
          id: companyId,
          companyId,
          details: fields,
        });
      });
      return settingsOf(companyId);
    },
  );

  app.delete(
    base,
    {
      config: { access: admin },
      schema: { ...schema(spec.summaries.delete), response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await settingsOf(companyId);
      await db.transaction(async (tx) => {
        await tx.delete(table).where(eq(table.companyId, companyId));
        await writeAudit(tx, viewer, `${channel}.remove`, { type: "company", id: companyId, companyId });
      });
      return { message: spec.removed };
    },
  );

  return settingsOf;
}
