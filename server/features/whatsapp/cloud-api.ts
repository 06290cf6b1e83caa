/**
 * Meta's WhatsApp Cloud API over plain fetch (docs/decisions/092): POST
 * {WHATSAPP_API_URL}/{WHATSAPP_API_VERSION}/{phone-number-id}/messages with the
 * company's token. Tests point WHATSAPP_API_URL at tests/whatsapp/fake-cloud-api.ts.
 * Nothing here logs a number, a code or a text.
 */
import { eq } from "drizzle-orm";
import { whatsappTemplates } from "#core/whatsapp.ts";
import type { Db } from "#server/db/client.ts";
import { whatsappConnections } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { openSecret } from "#server/features/sso/index.ts";

export type CloudApiConfig = Pick<Env, "WHATSAPP_API_URL" | "WHATSAPP_API_VERSION">;

/** A company's opened connection: what a send needs. */
export type WhatsappSender = { phoneNumberId: string; accessToken: string };

/** The provider refused or could not be reached: the job runner retries with back-off. */
class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly code?: number,
  ) {
    super(`WhatsApp Cloud API answered ${status}${code ? ` (code ${code})` : ""}`);
  }
}

export async function senderOf(db: Db, key: Buffer, companyId: string): Promise<WhatsappSender | null> {
  const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, companyId));
  if (!row) return null;
  return { phoneNumberId: row.phoneNumberId, accessToken: openSecret(key, companyId, row.accessToken) };
}

export async function appSecretOf(db: Db, key: Buffer, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ appSecret: whatsappConnections.appSecret })
    .from(whatsappConnections)
    .where(eq(whatsappConnections.companyId, companyId));
  return row ? openSecret(key, companyId, row.appSecret) : null;
}

type Message =
  | { type: "text"; text: { body: string; preview_url: boolean } }
  | { type: "template"; template: Record<string, unknown> };

/** Sends one message; answers Meta's message id (wamid…). */
async function post(config: CloudApiConfig, sender: WhatsappSender, to: string, message: Message): Promise<string> {
  const url = `${config.WHATSAPP_API_URL}/${config.WHATSAPP_API_VERSION}/${encodeURIComponent(sender.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to, ...message }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new CloudApiError(0);
  }
  const body = (await response.json().catch(() => null)) as {
    messages?: Array<{ id?: string }>;
    error?: { code?: number };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (!response.ok || !id) throw new CloudApiError(response.status, body?.error?.code);
  return id;
}

/** The utility reminder: its fixed text and one URL button whose suffix opens the check-in. */
export function sendReminderTemplate(config: CloudApiConfig, sender: WhatsappSender, to: string, buttonSuffix: string) {
  return post(config, sender, to, {
    type: "template",
    template: {
      name: whatsappTemplates.reminder,
      language: { code: whatsappTemplates.language },
      components: [{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: buttonSuffix }] }],
    },
  });
}

/** The authentication template carrying the confirmation code (body and copy-code button). */
export function sendCodeTemplate(config: CloudApiConfig, sender: WhatsappSender, to: string, code: string) {
  return post(config, sender, to, {
    type: "template",
    template: {
      name: whatsappTemplates.code,
      language: { code: whatsappTemplates.language },
      components: [
        { type: "body", parameters: [{ type: "text", text: code }] },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
      ],
    },
  });
}

/** A free-form text: only inside the 24-hour customer-service window (the caller checks it). */
export function sendText(config: CloudApiConfig, sender: WhatsappSender, to: string, body: string) {
  return post(config, sender, to, { type: "text", text: { body, preview_url: false } });
}
