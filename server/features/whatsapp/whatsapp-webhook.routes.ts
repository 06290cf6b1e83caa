/**
 * Meta's webhook for a company's WhatsApp number (docs/decisions/092), at
 * /api/whatsapp/webhook/{companyId}. GET answers the verify-token handshake;
 * POST is accepted only with X-Hub-Signature-256 = HMAC-SHA256 of the raw body
 * under the company's app secret (else 401, nothing changed). Delivery statuses
 * are kept without content; a member's message is read, answered by a job and
 * never stored: 'PARAR'/'SAIR' opt out at once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { replyKindOf } from "#core/whatsapp.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { whatsappConnections, whatsappNumbers, whatsappStatuses } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { appSecretOf } from "./cloud-api.ts";
import { optOut } from "./whatsapp-numbers.ts";

type Change = {
  field?: string;
  value?: {
    metadata?: { phone_number_id?: string };
    messages?: Array<{ id?: string; from?: string; type?: string; text?: { body?: string } }>;
    statuses?: Array<{ id?: string; status?: string; timestamp?: string; errors?: Array<{ code?: number }> }>;
  };
};
type Delivery = { object?: string; entry?: Array<{ changes?: Change[] }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function whatsappWebhookRoutes(fastify: FastifyInstance) {
  const { db, ssoKey, now } = fastify.deps;
  // The signature is over the bytes Meta sent: this plugin keeps the raw body and parses it after checking.
  fastify.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  const path = "/api/whatsapp/webhook/:companyId";

  fastify.get(path, { config: { access: publicAccess }, schema: { hide: true } }, async (request, reply) => {
    const { companyId } = request.params as { companyId: string };
    const query = request.query as Record<string, string | undefined>;
    const [row] = UUID.test(companyId)
      ? await db
          .select({ verifyToken: whatsappConnections.verifyToken })
          .from(whatsappConnections)
          .where(eq(whatsappConnections.companyId, companyId))
      : [];
    if (!row || query["hub.mode"] !== "subscribe" || query["hub.verify_token"] !== row.verifyToken) {
      throw new AppError("FORBIDDEN", whatsappMessages.signatureInvalid);
    }
    return reply.type("text/plain").send(query["hub.challenge"] ?? "");
  });

  fastify.post(path, { config: { access: publicAccess }, schema: { hide: true } }, async (request) => {
    const { companyId } = request.params as { companyId: string };
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const secret = UUID.test(companyId) ? await appSecretOf(db, ssoKey, companyId) : null;
    const signature = request.headers["x-hub-signature-256"];
    if (!secret || !isSignatureValid(secret, raw, typeof signature === "string" ? signature : undefined)) {
      throw new AppError("UNAUTHENTICATED", whatsappMessages.signatureInvalid);
    }
    let delivery: Delivery;
    try {
      delivery = JSON.parse(raw.toString("utf8")) as Delivery;
    } catch {
      throw new AppError("BAD_REQUEST", whatsappMessages.signatureInvalid);
    }
    const [connection] = await db
      .select({ phoneNumberId: whatsappConnections.phoneNumberId })
      .from(whatsappConnections)
      .where(eq(whatsappConnections.companyId, companyId));
    const at = now();
    for (const change of (delivery.entry ?? []).flatMap((entry) => entry.changes ?? [])) {
      const value = change.value;
      if (change.field !== "messages" || !value || value.metadata?.phone_number_id !== connection?.phoneNumberId) {
        continue;
      }
      const statuses = (value.statuses ?? []).flatMap((status) =>
        status.id && status.status
          ? [
              {
                companyId,
                messageId: status.id,
                status: status.status.slice(0, 20),
                errorCode: status.errors?.[0]?.code ?? null,
                at: status.timestamp ? new Date(Number(status.timestamp) * 1000) : at,
              },
            ]
          : [],
      );
      if (statuses.length > 0) await db.insert(whatsappStatuses).values(statuses);
      for (const message of value.messages ?? []) {
        if (!message.id || !message.from) continue;
        const [number] = await db
          .update(whatsappNumbers)
          .set({ lastInboundAt: at })
          .where(and(eq(whatsappNumbers.companyId, companyId), eq(whatsappNumbers.phone, message.from)))
          .returning({ userId: whatsappNumbers.userId, status: whatsappNumbers.status });
        // A stranger's message is not answered: the number only talks to the members who confirmed it.
        if (!number) continue;
        const kind = replyKindOf(message.type === "text" ? (message.text?.body ?? "") : "");
        if (kind === "opted-out") await optOut(db, at, number.userId);
        else if (number.status === "opted_out") continue;
        // Keyed by Meta's message id: a delivery Meta repeats is answered once. Only the kind is kept.
        await enqueueJob(db, {
          name: "whatsapp-reply",
          key: message.id,
          runAt: at,
          payload: { userId: number.userId, kind },
        });
      }
    }
    return { ok: true };
  });
}
