/**
 * /ativar/{code} (docs/decisions/045): a person the company's HR file lists
 * without a corporate e-mail proves who they are with CPF and matrícula, then
 * makes their way in (a passkey, and/or a personal e-mail and a password).
 * The refusal is the same whichever of the two is wrong, and attempts are
 * limited per (CPF, address) pair and per address, and paced per CPF.
 */
import { randomUUID } from "node:crypto";
import { generateRegistrationOptions } from "@simplewebauthn/server";
import { hashPassword } from "better-auth/crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { normalizeCpf } from "#core/cpf.ts";
import { deviceLabel } from "#core/device-label.ts";
import { internalAddressFor } from "#core/internal-address.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import {
  activatedSchema,
  activationCheckInputSchema,
  activationCodeParamsSchema,
  activationCompanySchema,
  activationCompleteInputSchema,
  activationTicketSchema,
} from "#core/schemas/passkeys.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, passkeys, rosterPeople, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import {
  consume,
  createAccount,
  type LimitResult,
  type LimitRule,
  publicAccess,
  refund,
} from "#server/features/auth/index.ts";
import {
  issueRecoveryCode,
  relyingParty,
  startSession,
  storeChallenge,
  takeChallenge,
  verifyNewPasskey,
} from "#server/features/passkeys/index.ts";
import { hashCpf } from "#server/features/roster/index.ts";
import { linkRosterPerson } from "#server/kernel/link-roster-person.ts";
import { sendConfirmationLink, startEmailConfirmation } from "./email-confirmation.ts";

/**
 * Wrong CPF-and-matrícula pairs (docs/decisions/063, as 018 does for passwords): 5 per (CPF, address)
 * pair block that pair; past 10 per CPF from anywhere, every other address is slowed to one attempt per
 * 30 s, never blocked, so a stranger who knows the CPF cannot shut its owner out of /ativar; 20 per
 * address over all CPFs. A right pair gives its attempts back.
 */
const activationLimits = {
  perPair: { max: 5, windowSeconds: 15 * 60 },
  perCpf: { max: 10, windowSeconds: 15 * 60 },
  cpfPace: { max: 1, windowSeconds: 30 },
  perIp: { max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

async function companyByCode(db: Db, code: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.activationCode, code));
  if (!company) throw new AppError("NOT_FOUND", passkeyMessages.activationNotFound);
  return company;
}

function refuseAfter(results: LimitResult[]): void {
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyAttempts, {
      retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)),
    });
  }
}

/** Counts the attempt before anything is looked up, so a burst is counted at once; returns the keys to refund. */
async function countAttempt(request: FastifyRequest, cpfHash: string): Promise<string[]> {
  const { db } = request.server.deps;
  const keys: Array<[string, LimitRule]> = [
    [`activation:pair:${cpfHash}:${request.ip}`, activationLimits.perPair],
    [`activation:ip:${request.ip}`, activationLimits.perIp],
  ];
  refuseAfter(await Promise.all(keys.map(([key, rule]) => consume(db, key, rule))));
  const cpf = await consume(db, `activation:cpf:${cpfHash}`, activationLimits.perCpf);
  if (!cpf.allowed) refuseAfter([await consume(db, `activation:pace:${cpfHash}`, activationLimits.cpfPace)]);
  return [...keys.map(([key]) => key), `activation:cpf:${cpfHash}`];
}

export async function activationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now, cpfKey, mailer } = app.deps;
  const rp = relyingParty(env.APP_URL);

  app.get(
    "/api/activation/:code",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["ativação"],
        summary: "O nome da empresa de um link de ativação (público)",
        params: activationCodeParamsSchema,
        response: { 200: activationCompanySchema },
      },
    },
    async (request) => ({ companyName: (await companyByCode(db, request.params.code)).name }),
  );

  app.post(
    "/api/activation/:code/check",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["ativação"],
        summary:
          "Confere CPF e matrícula de uma pessoa que aguarda ativação; devolve um bilhete de 15 minutos e as opções da chave de acesso",
        params: activationCodeParamsSchema,
        body: activationCheckInputSchema,
        response: { 200: activationTicketSchema },
      },
    },
    async (request) => {
      const company = await companyByCode(db, request.params.code);
      const cpfHash = hashCpf(cpfKey, normalizeCpf(request.body.cpf));
      const keys = await countAttempt(request, cpfHash);
      const [person] = await db
        .select()
        .from(rosterPeople)
        .where(
          and(eq(rosterPeople.companyId, company.id), eq(rosterPeople.cpfHash, cpfHash), isNull(rosterPeople.leftAt)),
        );
      // One answer for a wrong CPF and a wrong matrícula: neither is confirmed alone.
      if (!person || person.matricula.toLowerCase() !== request.body.matricula.toLowerCase()) {
        throw new AppError("NOT_FOUND", passkeyMessages.noMatch);
      }
      await Promise.all(keys.map((key) => refund(db, key)));
      if (person.userId) throw new AppError("CONFLICT", passkeyMessages.alreadyActivated);
      if (person.email) throw new AppError("CONFLICT", passkeyMessages.invitedByEmail);

      // The passkey names the account before it exists; the account is made with this id when the person finishes.
      const userId = randomUUID();
      const passkeyOptions = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: `${person.name} (${company.name})`,
        userDisplayName: person.name,
        userID: new TextEncoder().encode(userId),
        attestationType: "none",
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      const ticket = await storeChallenge(db, now(), {
        purpose: "activation",
        challenge: passkeyOptions.challenge,
        userId,
        rosterPersonId: person.id,
      });
      return { firstName: person.name.split(/\s+/)[0] ?? person.name, ticket, passkeyOptions };
    },
  );

  app.post(
    "/api/activation/:code/complete",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["ativação"],
        summary:
          "Cria a conta de quem conferiu CPF e matrícula, com a chave de acesso e/ou e-mail e senha, e abre a sessão",
        params: activationCodeParamsSchema,
        body: activationCompleteInputSchema,
        response: { 201: activatedSchema },
      },
    },
    async (request, reply) => {
      const company = await companyByCode(db, request.params.code);
      const { ticket, passkey, email, password } = request.body;
      // Hashed before the transaction: scrypt is slow and must not hold the person's row lock.
      const passwordHash = password ? await hashPassword(password) : undefined;
      const { userId, name, recoveryCode, confirmationToken } = await db.transaction(async (tx) => {
        const challenge = await takeChallenge(tx, now(), ticket, "activation");
        const [person] = await tx
          .select()
          .from(rosterPeople)
          .where(and(eq(rosterPeople.id, challenge.rosterPersonId ?? ""), eq(rosterPeople.companyId, company.id)))
          .for("update");
        if (!person || person.leftAt || !challenge.userId) throw new AppError("NOT_FOUND", passkeyMessages.noMatch);
        if (person.userId) throw new AppError("CONFLICT", passkeyMessages.alreadyActivated);
        const newPasskey = passkey ? await verifyNewPasskey(rp, challenge.challenge, passkey) : null;
        if (email) {
          const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
          if (taken) throw new AppError("CONFLICT", passkeyMessages.emailTaken, { field: "email" });
        }
        // A personal e-mail is only kept as pending until its owner opens the link mailed to it (docs/decisions/066).
        const accountEmail = internalAddressFor(challenge.userId);
        await createAccount(
          tx,
          {
            userId: challenge.userId,
            email: accountEmail,
            name: person.name,
            passwordHash,
            role: "user",
            companyId: company.id,
            createdAt: now(),
          },
          tx,
        );
        if (newPasskey) {
          await tx
            .insert(passkeys)
            .values({ ...newPasskey, userId: challenge.userId, name: deviceLabel(request.headers["user-agent"]) });
        }
        await linkRosterPerson(tx, company.id, challenge.userId, { personId: person.id });
        await writeAudit(tx, { userId: challenge.userId, email: accountEmail }, "roster.activate", {
          type: "roster-person",
          id: person.id,
          companyId: company.id,
          details: { passkey: Boolean(newPasskey), password: Boolean(passwordHash) },
        });
        // Whoever has only a passkey needs a way back if the device is lost (docs/decisions/055).
        const recoveryCode = newPasskey ? (await issueRecoveryCode(tx, challenge.userId, now())).code : null;
        const confirmationToken = email
          ? await startEmailConfirmation(tx, { userId: challenge.userId, email, now: now() })
          : null;
        return { userId: challenge.userId, name: person.name, recoveryCode, confirmationToken };
      });
      // Sent after the commit: a slow mail server never holds the person's row lock.
      if (email && confirmationToken) {
        sendConfirmationLink(mailer, env.APP_URL, { to: email, name, token: confirmationToken }, () =>
          request.log.error("e-mail confirmation mail failed"),
        );
      }
      await startSession(request, reply, userId, "activation");
      reply.status(201);
      return { message: passkeyMessages.activated, recoveryCode, pendingEmail: email ?? null };
    },
  );
}
