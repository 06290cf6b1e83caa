/**
 * A local stand-in for Meta's WhatsApp Cloud API (docs/decisions/092): these machines cannot reach
 * graph.facebook.com, so tests point WHATSAPP_API_URL here. It speaks the documented contract:
 * POST /{version}/{phone-number-id}/messages with a bearer token, answering
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, or Meta's error object.
 * `outage` makes it answer 503 like a provider that is down. It also signs webhook deliveries the way
 * Meta does: X-Hub-Signature-256 = "sha256=" + HMAC-SHA256(raw body, app secret), hex.
 *
 * Over HTTP for the browser tests: GET /_sent lists what was sent, POST /_outage {"on": true} cuts it.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type SentMessage = {
  phoneNumberId: string;
  version: string;
  token: string;
  to: string;
  type: string;
  id: string;
  body: Record<string, unknown>;
};

export type FakeCloudApi = {
  url: string;
  sent: SentMessage[];
  outage: { on: boolean };
  close(): Promise<void>;
};

function readBody(request: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

export async function startFakeCloudApi(port = 0): Promise<FakeCloudApi> {
  const sent: SentMessage[] = [];
  const outage = { on: false };
  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "GET" && url.pathname === "/_sent") return reply(200, sent);
    if (request.method === "POST" && url.pathname === "/_outage") {
      outage.on = Boolean((JSON.parse((await readBody(request)) || "{}") as { on?: boolean }).on);
      return reply(200, outage);
    }
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(url.pathname);
    if (request.method !== "POST" || !match) {
      return reply(404, { error: { message: "Unknown path", type: "OAuthException", code: 803 } });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token)
      return reply(401, { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } });
    if (outage.on)
      return reply(503, { error: { message: "Service temporarily unavailable", code: 2, type: "OAuthException" } });
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    const to = String(body.to ?? "");
    const type = String(body.type ?? "");
    if (body.messaging_product !== "whatsapp" || !/^\d{8,15}$/.test(to) || !["text", "template"].includes(type)) {
      return reply(400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
    }
    const id = `wamid.${randomUUID().replace(/-/g, "")}`;
    sent.push({ phoneNumberId: match[2] as string, version: match[1] as string, token, to, type, id, body });
    return reply(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent,
    outage,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Meta's `messages` webhook value with one text from `from` to the number `phoneNumberId`. */
export function inboundText(phoneNumberId: string, from: string, text: string) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551140000000", phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: "Pessoa" }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.${randomUUID().replace(/-/g, "")}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Meta's `messages` webhook value with one delivery status of a message sent to `recipient`. */
export function deliveryStatus(phoneNumberId: string, messageId: string, recipient: string, status: string) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551140000000", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: messageId,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: recipient,
                  conversation: { id: "c1", origin: { type: "utility" } },
                  pricing: { billable: true, pricing_model: "PMP", category: "utility" },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** The raw body and the headers Meta sends with it. */
export function signedDelivery(appSecret: string, payload: unknown): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
  return { body, headers: { "content-type": "application/json", "x-hub-signature-256": signature } };
}
