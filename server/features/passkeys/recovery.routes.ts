/**
 * Recovery codes (docs/decisions/055). A person whose passkeys were on a lost
 * device types the code only they were shown, makes a new passkey, and is
 * back in their own account with their history: the old keys are removed,
 * every other session ends and the used code is replaced by a new one. The
 * company never sees a code, so nobody at the company can take an account
 * over this way (docs/design.md §4).
 */
import { generateRegistrationOptions } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authMessages } from "#core/auth-messages.ts";
import { deviceLabel } from "#core/device-label.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { hasAccess } from "#core/roles.ts";
import {
  newRecoveryCodeSchema,
  recoveredSchema,
  recoveryCheckInputSchema,
  recoveryCodeStatusSchema,
  recoveryCompleteInputSchema,
  recoveryTicketSchema,
} from "#core/schemas/passkeys.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { passkeys, profiles, recoveryCodes, session, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, consume, type LimitRule, publicAccess, refund, signedIn } from "#server/features/auth/index.ts";
import { verifyNewPasskey } from "./new-passkey.ts";
import { hashRecoveryCode, issueRecoveryCode, takeRecoveryCode } from "./recovery-codes.ts";
import { startSession } from "./start-session.ts";
import { relyingParty, storeChallenge, takeChallenge } from "./webauthn.ts";

/** Wrong codes per address: 20 every 15 minutes, as for /ativar; a right code gives its attempt back. */
const recoveryPerIp = { max: 20, windowSeconds: 15 * 60 } satisfies LimitRule;

/**
 * The account a code or a ticket names, refused with 403 when its access has ended: told before anything
 * changes, so the person keeps their keys and code (docs/decisions/009).
 */
async function accountWithAccess(db: Db, userId: string) {
  const [account] = await db
    .select({ name: user.name, email: user.email, role: profiles.role, companyId: profiles.companyId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!account || !hasAccess(account.role ?? "user", account.companyId ?? null)) {
    throw new AppError("FORBIDDEN", authMessages.accessEnded);
  }
  return { name: account.name, email: account.email, companyId: account.companyId };
}

export async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;
  const rp = relyingParty(env.APP_URL);

  app.get(
    "/api/me/recovery-code",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Quando o código de recuperação de quem está conectado foi criado (nunca o código)",
        response: { 200: recoveryCodeStatusSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [row] = await db
        .select({ createdAt: recoveryCodes.createdAt })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, viewer.userId));
      return { createdAt: row?.createdAt.toISOString() ?? null };
    },
  );

  app.post(
    "/api/me/recovery-code",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Cria um novo código de recuperação, mostrado só nesta resposta; o anterior deixa de valer",
        response: { 201: newRecoveryCodeSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const created = await db.transaction(async (tx) => {
        const code = await issueRecoveryCode(tx, viewer.userId, now());
        await writeAudit(tx, viewer, "account.recovery-code", {
          type: "user",
          id: viewer.userId,
          companyId: viewer.companyId,
        });
        return code;
      });
      reply.status(201);
      return created;
    },
  );

  app.post(
    "/api/recovery/check",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary:
          "Confere um código de recuperação; devolve um bilhete de 15 minutos e as opções da nova chave de acesso",
        body: recoveryCheckInputSchema,
        response: { 200: recoveryTicketSchema },
      },
    },
    async (request) => {
      // Counted before the lookup, so a burst is counted at once; 100 random bits leave nothing to guess anyway.
      const ipKey = `recovery:ip:${request.ip}`;
      const limit = await consume(db, ipKey, recoveryPerIp);
      if (!limit.allowed) {
        throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyAttempts, {
          retryAfterSeconds: limit.retryAfterSeconds,
        });
      }
      const codeHash = hashRecoveryCode(request.body.code);
      const [holder] = await db
        .select({ userId: recoveryCodes.userId })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.codeHash, codeHash));
      if (!holder) throw new AppError("NOT_FOUND", passkeyMessages.recoveryNoMatch);
      await refund(db, ipKey);
      const found = { userId: holder.userId, ...(await accountWithAccess(db, holder.userId)) };
      const passkeyOptions = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: found.name,
        userDisplayName: found.name,
        // The account's own handle: on the device, the new key takes the old one's place.
        userID: new TextEncoder().encode(found.userId),
        attestationType: "none",
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      const ticket = await storeChallenge(db, now(), {
        purpose: "recovery",
        challenge: passkeyOptions.challenge,
        userId: found.userId,
        recoveryCodeHash: codeHash,
      });
      return { firstName: found.name.split(/\s+/)[0] ?? found.name, ticket, passkeyOptions };
    },
  );

  app.post(
    "/api/recovery/complete",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary:
          "Troca todas as chaves de acesso pela nova, encerra as outras sessões, troca o código usado por um novo e abre a sessão",
        body: recoveryCompleteInputSchema,
        response: { 201: recoveredSchema },
      },
    },
    async (request, reply) => {
      const { ticket, passkey } = request.body;
      const { userId, recoveryCode } = await db.transaction(async (tx) => {
        const challenge = await takeChallenge(tx, now(), ticket, "recovery");
        const userId = challenge.userId ?? "";
        const account = await accountWithAccess(tx, userId);
        const newPasskey = await verifyNewPasskey(rp, challenge.challenge, passkey);
        // Two tickets for one code: the first to finish uses it, the other is refused (as one for a replaced code).
        if (!(await takeRecoveryCode(tx, userId, challenge.recoveryCodeHash ?? ""))) {
          throw new AppError("NOT_FOUND", passkeyMessages.recoveryNoMatch);
        }
        const removed = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
        const added = await tx
          .insert(passkeys)
          .values({ ...newPasskey, userId, name: deviceLabel(request.headers["user-agent"]) })
          .onConflictDoNothing()
          .returning({ id: passkeys.id });
        if (added.length === 0) throw new AppError("CONFLICT", passkeyMessages.alreadyRegistered);
        // The lost device may still be signed in.
        await tx.delete(session).where(eq(session.userId, userId));
        await writeAudit(tx, { userId, email: account.email }, "account.recover", {
          type: "user",
          id: userId,
          companyId: account.companyId,
          details: { removedKeys: removed.length },
        });
        const next = await issueRecoveryCode(tx, userId, now());
        return { userId, recoveryCode: next.code };
      });
      await startSession(request, reply, userId, "recovery");
      reply.status(201);
      return { message: passkeyMessages.recovered, recoveryCode };
    },
  );
}
