/**
 * Passkeys (docs/decisions/045): a signed-in person lists, adds and removes
 * theirs (Configurações › Chaves de acesso); anyone signs in with one from
 * /login without typing an e-mail (a discoverable credential names its
 * account). Verification is @simplewebauthn/server's; the session is
 * better-auth's (start-session.ts).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { deviceLabel } from "#core/device-label.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import {
  authenticationOptionsSchema,
  type Passkey,
  passkeyRegisterInputSchema,
  passkeySchema,
  passkeySignInInputSchema,
  registrationOptionsSchema,
} from "#core/schemas/passkeys.ts";
import { serverMessages } from "#core/server-messages.ts";
import { passkeys } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, consume, publicAccess, refund, signedIn, signInLimits } from "#server/features/auth/index.ts";
import { verifyNewPasskey } from "./new-passkey.ts";
import { startSession } from "./start-session.ts";
import { relyingParty, storeChallenge, takeChallenge } from "./webauthn.ts";

const idParamsSchema = z.object({ id: z.uuid() });

export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;
  const rp = relyingParty(env.APP_URL);

  app.get(
    "/api/me/passkeys",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "As chaves de acesso de quem está conectado",
        response: { 200: z.object({ items: z.array(passkeySchema) }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, viewer.userId))
        .orderBy(asc(passkeys.createdAt));
      const items: Passkey[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
      return { items };
    },
  );

  app.post(
    "/api/me/passkeys/options",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary:
          "Começa a criação de uma chave de acesso: as opções para o navegador e o desafio (5 minutos, uso único)",
        response: { 200: registrationOptionsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const existing = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, viewer.userId));
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: viewer.email,
        userDisplayName: viewer.name,
        userID: new TextEncoder().encode(viewer.userId),
        attestationType: "none",
        // The same authenticator twice would be two rows for one key.
        excludeCredentials: existing,
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      const challengeId = await storeChallenge(db, now(), {
        purpose: "register",
        challenge: options.challenge,
        userId: viewer.userId,
      });
      return { challengeId, options };
    },
  );

  app.post(
    "/api/me/passkeys",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Guarda a chave de acesso criada pelo navegador",
        body: passkeyRegisterInputSchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const challenge = await takeChallenge(db, now(), request.body.challengeId, "register");
      if (challenge.userId !== viewer.userId) throw new AppError("BAD_REQUEST", passkeyMessages.expired);
      const values = await verifyNewPasskey(rp, challenge.challenge, request.body.response);
      const [row] = await db
        .insert(passkeys)
        .values({ ...values, userId: viewer.userId, name: deviceLabel(request.headers["user-agent"]) })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError("CONFLICT", passkeyMessages.alreadyRegistered);
      reply.status(201);
      return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
    },
  );

  app.delete(
    "/api/me/passkeys/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Remove uma das próprias chaves de acesso; a de outra pessoa não existe para quem pede",
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const deleted = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, request.params.id), eq(passkeys.userId, viewer.userId)))
        .returning({ id: passkeys.id });
      if (deleted.length === 0) throw new AppError("NOT_FOUND", passkeyMessages.notFound);
      return { message: passkeyMessages.removed };
    },
  );

  app.post(
    "/api/passkeys/sign-in/options",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary:
          "Começa uma entrada com chave de acesso, sem e-mail: o navegador oferece as chaves do Sereno que tiver",
        response: { 200: authenticationOptionsSchema },
      },
    },
    async () => {
      // No allowCredentials: the authenticator offers its discoverable credentials for this site.
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "preferred" });
      const challengeId = await storeChallenge(db, now(), { purpose: "sign-in", challenge: options.challenge });
      return { challengeId, options };
    },
  );

  app.post(
    "/api/passkeys/sign-in",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary: "Entra com a chave de acesso assinada pelo navegador (abre a sessão, cookie)",
        body: passkeySignInInputSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      // Failures per address are counted as failed passwords are (docs/decisions/018); a success gives its attempt back.
      const ipKey = `sign-in:passkey:ip:${request.ip}`;
      const limit = await consume(db, ipKey, signInLimits.perIp);
      if (!limit.allowed) {
        throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyAttempts, {
          retryAfterSeconds: limit.retryAfterSeconds,
        });
      }
      const { challengeId, response } = request.body;
      const challenge = await takeChallenge(db, now(), challengeId, "sign-in");
      const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
      if (!stored) throw new AppError("UNAUTHENTICATED", passkeyMessages.unknownKey);
      const verified = await verifyAuthenticationResponse({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: stored.credentialId,
          publicKey: Buffer.from(stored.publicKey, "base64url"),
          counter: stored.counter,
        },
        requireUserVerification: false,
      }).catch(() => null);
      if (!verified?.verified) throw new AppError("UNAUTHENTICATED", passkeyMessages.rejected);
      await db
        .update(passkeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
        .where(eq(passkeys.id, stored.id));
      await startSession(request, reply, stored.userId, "passkey");
      await refund(db, ipKey);
      return { ok: true as const };
    },
  );
}
