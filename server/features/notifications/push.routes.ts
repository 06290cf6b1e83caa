/**
 * Web Push subscriptions (docs/decisions/027): the public VAPID key the
 * browser subscribes with, and each person's own browsers. An endpoint
 * belongs to the last person who subscribed on that browser. The server
 * later POSTs to the endpoint, so only https push services are accepted (and
 * plain http on this machine in tests), never a private address.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResultSchema,
  pushUnsubscribeInputSchema,
} from "#core/schemas/notifications.ts";
import { serverMessages } from "#core/server-messages.ts";
import { pushSubscriptions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, publicAccess, signedIn } from "#server/features/auth/index.ts";

/** A browser keeps one subscription; a person rarely uses more than a few browsers. */
const MAX_BROWSERS_PER_PERSON = 10;

/** Push services live on public https hosts; a loopback http endpoint only in tests (the local test endpoint). */
export function isAcceptedEndpoint(endpoint: string, isTest: boolean): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const isLoopback = host === "localhost" || host === "::1" || /^127\./.test(host);
  if (isTest) return isLoopback || url.protocol === "https:";
  if (url.protocol !== "https:" || isLoopback) return false;
  // Literal private and link-local addresses: the server would be asked to call inside its own network.
  if (host.includes(":")) return !/^(f[cd]|fe80:|::)/i.test(host);
  return !/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.)/.test(host);
}

export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, vapid, env } = app.deps;

  app.get(
    "/api/push/key",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["notificações"],
        summary: "A chave pública VAPID para inscrever o navegador em notificações push",
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: vapid.publicKey }),
  );

  app.post(
    "/api/push/subscriptions",
    {
      config: { access: signedIn },
      schema: {
        tags: ["notificações"],
        summary: "Inscreve este navegador nas notificações push da pessoa",
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionResultSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const { endpoint, keys } = request.body;
      if (!isAcceptedEndpoint(endpoint, env.NODE_ENV === "test")) {
        throw new AppError("VALIDATION", serverMessages.pushEndpointRefused, { field: "endpoint" });
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId: viewer.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId: viewer.userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
          });
        // Only the newest browsers stay.
        await tx.execute(sql`
          DELETE FROM push_subscriptions WHERE user_id = ${viewer.userId} AND id NOT IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${viewer.userId}
            ORDER BY created_at DESC, id DESC LIMIT ${MAX_BROWSERS_PER_PERSON})`);
      });
      reply.status(201);
      return { subscribed: true, message: serverMessages.pushSubscribed };
    },
  );

  app.delete(
    "/api/push/subscriptions",
    {
      config: { access: signedIn },
      schema: {
        tags: ["notificações"],
        summary: "Cancela a inscrição deste navegador (só as da própria pessoa)",
        body: pushUnsubscribeInputSchema,
        response: { 200: pushSubscriptionResultSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, viewer.userId), eq(pushSubscriptions.endpoint, request.body.endpoint)));
      return { subscribed: false, message: serverMessages.pushUnsubscribed };
    },
  );
}
