/**
 * The system's public routes: the OpenAPI document, /api/health (what the balancer asks, docs/decisions/073) and
 * /api/config (what the interface reads before anyone signs in).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "#server/db/client.ts";
import { checkDatabase, nonDurableSettings } from "#server/db/health.ts";
import { UNAVAILABLE_RETRY_SECONDS } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/index.ts";

export async function systemRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const { env } = app.deps;
  app.get("/api/openapi.json", { config: { access: publicAccess }, schema: { hide: true } }, async () => app.swagger());

  const healthSchema = z.object({
    status: z.enum(["ok", "degraded", "unavailable", "draining"]),
    database: z.enum(["ok", "unavailable"]),
    synchronousCommit: z.string().nullable(),
    fsync: z.string().nullable(),
    /** 'missing': the synchronous standby is down, every write waits for it (docs/decisions/099). */
    synchronousStandby: z.enum(["ok", "missing"]).nullable(),
  });
  app.get(
    "/api/health",
    {
      config: { access: publicAccess },
      schema: { tags: ["sistema"], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const health = await checkDatabase(database.db, undefined, database.kind);
      if (app.deps.lifecycle.draining) {
        reply.status(503).header("retry-after", String(UNAVAILABLE_RETRY_SECONDS));
        return { ...health, status: "draining" as const };
      }
      if (health.database !== "ok") {
        reply.status(503).header("retry-after", String(UNAVAILABLE_RETRY_SECONDS));
        return { status: "unavailable" as const, ...health };
      }
      const durable = nonDurableSettings(health, database.kind).length === 0;
      const isWhole = durable && health.synchronousStandby !== "missing";
      return { status: isWhole ? ("ok" as const) : ("degraded" as const), ...health };
    },
  );
  app.get(
    "/api/config",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["sistema"],
        summary: "Configuração pública usada pela interface",
        response: {
          200: z.object({
            googleEnabled: z.boolean(),
            contactWhatsapp: z.string(),
            dpo: z.object({ name: z.string(), email: z.string() }),
            minGroup: z.number().int(),
            notesRetentionDays: z.number().int(),
          }),
        },
      },
    },
    async () => ({
      googleEnabled: Boolean(env.GOOGLE_CLIENT_ID),
      contactWhatsapp: env.CONTACT_WHATSAPP,
      dpo: { name: env.DPO_NAME, email: env.DPO_EMAIL },
      minGroup: env.PRIVACY_MIN_GROUP,
      notesRetentionDays: env.NOTES_RETENTION_DAYS,
    }),
  );
}
