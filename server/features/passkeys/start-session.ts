/** Signs a verified person in on a Fastify reply, through the endpoints of server-sign-in.ts. */
import { APIError } from "better-auth/api";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import { authMessages } from "#core/auth-messages.ts";
import { AppError } from "#server/errors.ts";
import { CLIENT_IP_HEADER, DEVICE_HEADER, deviceCookie, deviceOf } from "#server/features/auth/index.ts";

/** Signs `userId` in on this reply: the session cookie, or 403 when they have no access (docs/decisions/009). */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  way: "passkey" | "activation" | "recovery" | "sso",
): Promise<void> {
  const { auth } = request.server.deps;
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  // The browser's id, so a passkey or SSO sign-in makes it trusted as a password does (docs/decisions/062, 102).
  const device = deviceOf(request);
  headers.set(DEVICE_HEADER, device.id);
  const call = {
    passkey: auth.api.signInWithPasskey,
    activation: auth.api.signInAfterActivation,
    recovery: auth.api.signInAfterRecovery,
    sso: auth.api.signInWithSso,
  }[way];
  try {
    const result = await call({ body: { userId }, headers, returnHeaders: true });
    const https = request.server.deps.env.APP_URL.startsWith("https://");
    const newDevice = device.isNew ? [deviceCookie(device.id, https)] : [];
    reply.header("set-cookie", [...result.headers.getSetCookie(), ...newDevice]);
  } catch (error) {
    if (error instanceof APIError && error.status === "FORBIDDEN")
      throw new AppError("FORBIDDEN", authMessages.accessEnded);
    throw error;
  }
}
