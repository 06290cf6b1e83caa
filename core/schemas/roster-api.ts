/** The API for HR systems (issue 33, docs/decisions/044): its keys' screen and its /api/v1 requests and replies. */
import { z } from "zod";
import { messages } from "../messages.ts";
import { rosterApiMessages } from "../roster-api-messages.ts";
import { rosterImportSchema, rosterPreviewSchema } from "./roster.ts";

export const apiKeyInputSchema = z
  .object({
    name: z
      .string({ error: rosterApiMessages.keyNameRequired })
      .trim()
      .min(1, rosterApiMessages.keyNameRequired)
      .max(60, rosterApiMessages.keyNameTooLong),
  })
  .strict();
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'sereno_live_Ab3dE9': enough to recognise the key, never to use it. */
  prefix: z.string(),
  createdByEmail: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ items: z.array(apiKeySchema) });

/** The one reply that carries the whole key: its creation. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string(), message: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const optionalText = z.string().max(200).nullish();

/** One person as the HR system sends them; the matrícula is the path's. The same checks as a file's row. */
export const hrPersonInputSchema = z
  .object({
    nome: z.string({ error: "Informe o nome." }).max(200),
    cpf: z.string({ error: "Informe o CPF." }).max(20),
    email: optionalText,
    email_pessoal: optionalText,
    estabelecimento: optionalText,
    setor: optionalText,
    gestor: optionalText,
    cargo: optionalText,
    data_admissao: optionalText,
  })
  .strict();

export const hrMatriculaParamsSchema = z
  .object({ matricula: z.string().trim().min(1, messages.invalidInput).max(40, messages.invalidInput) })
  .strict();

export const hrPersonResultSchema = z.object({
  matricula: z.string(),
  /** What the call did: created, updated, unchanged or left (the DELETE). */
  outcome: z.enum(["created", "updated", "unchanged", "left", "held"]),
  /** Invited by e-mail now (a new person with a corporate e-mail who has no account yet). */
  invited: z.boolean(),
  /** 'held' (202, docs/decisions/085): why the person waits and who confirms them. */
  message: z.string().optional(),
});

export const hrSyncQuerySchema = z
  .object({
    /** 'CONFIRMAR' when the file passes the guardrail (40 % leaving or 5 % of matrículas changing). */
    confirmacao: z.string().max(40).optional(),
  })
  .strict();

export const hrSyncIdParamsSchema = z.object({ id: z.uuid({ error: rosterApiMessages.syncNotFound }) }).strict();

export const hrSyncAcceptedSchema = z.object({
  id: z.string(),
  status: rosterImportSchema.shape.status,
  preview: rosterPreviewSchema.omit({ id: true }),
});

/** docs/decisions/057: the HR API's daily cap on new people, and what the admin allowed beyond it. */
export const apiAdditionsSchema = z.object({
  cap: z.number().int(),
  added: z.number().int(),
  allowed: z.number().int(),
  left: z.number().int(),
});

export const apiAllowanceInputSchema = z
  .object({
    people: z
      .number({ error: rosterApiMessages.allowanceInvalid })
      .int(rosterApiMessages.allowanceInvalid)
      .min(1, rosterApiMessages.allowanceInvalid)
      .max(20_000, rosterApiMessages.allowanceInvalid),
  })
  .strict();
export type ApiAdditions = z.infer<typeof apiAdditionsSchema>;
export type ApiAllowanceInput = z.infer<typeof apiAllowanceInputSchema>;

/** docs/decisions/085: the people an HR key sent past the day's cap, waiting for the manager. */
export const heldPeopleSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      matricula: z.string(),
      cpfLast2: z.string(),
      email: z.string().nullable(),
      jobTitle: z.string().nullable(),
      sector: z.string().nullable(),
      receivedAt: z.string(),
      keyName: z.string().nullable(),
    }),
  ),
});

export const heldPeopleInputSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: rosterApiMessages.heldNotFound }), { error: rosterApiMessages.heldNoneChosen })
      .min(1, rosterApiMessages.heldNoneChosen)
      .max(500, rosterApiMessages.heldTooMany),
  })
  .strict();

export const heldPeopleResultSchema = z.object({ message: z.string(), created: z.number().int() });

export type HrPersonResult = z.infer<typeof hrPersonResultSchema>;
export type HeldPeople = z.infer<typeof heldPeopleSchema>;
export type HeldPeopleResult = z.infer<typeof heldPeopleResultSchema>;
