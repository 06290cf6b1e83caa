/** 'Importar pessoas' (issue 33): the requests and replies of /api/roster, shared by server and web. */
import { z } from "zod";
import { messages } from "../messages.ts";
import { rosterFields } from "../roster.ts";
import { rosterMessages } from "../roster-messages.ts";

export const rosterCompanyQuerySchema = z
  .object({ companyId: z.uuid({ error: messages.companyIdMissing }).optional() })
  .strict();

/** Field → the index of the file's column that feeds it. Sent as the multipart field `mapping` (JSON). */
export const rosterMappingSchema = z
  .object(Object.fromEntries(rosterFields.map((field) => [field, z.number().int().min(0).max(500).optional()])))
  .strict()
  .refine(
    (mapping) => {
      const used = Object.values(mapping).filter((index) => index !== undefined);
      return new Set(used).size === used.length;
    },
    { message: rosterMessages.mappingInvalid },
  );

export const rosterInspectSchema = z.object({
  fileName: z.string(),
  headers: z.array(z.string()),
  rowCount: z.number().int(),
  suggested: z.record(z.string(), z.number().int()),
});
export type RosterInspect = z.infer<typeof rosterInspectSchema>;

const rejectionSchema = z.object({ line: z.number().int(), column: z.string(), reason: z.string() });
export type RosterRejection = z.infer<typeof rejectionSchema>;

const rosterCountsSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** People of the roster missing from the file: they leave only in the 'Arquivo completo' mode. */
  leaving: z.number().int(),
  rejected: z.number().int(),
});
export type RosterCounts = z.infer<typeof rosterCountsSchema>;

export const rosterPreviewSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  counts: rosterCountsSchema,
  /** Up to the first 200; the CSV download has them all. */
  rejections: z.array(rejectionSchema),
  invites: z.number().int(),
  awaitingActivation: z.number().int(),
  structure: z.object({ establishments: z.number().int(), sectors: z.number().int() }),
  plan: z.object({
    label: z.string(),
    limit: z.number().int(),
    used: z.number().int(),
    /** Seats after the import in each mode; over `limit` the mode is refused. */
    afterChanges: z.number().int(),
    afterFull: z.number().int(),
  }),
  guardrail: z.object({
    /** The company's people counting back those who left in the last 24 hours (docs/decisions/057). */
    active: z.number().int(),
    /** People who left in the last 24 hours: they count with this file's toward the 40 %. */
    leftRecently: z.number().int(),
    matriculaChanges: z.number().int(),
    reasons: z.array(z.enum(["leaving", "matricula"])),
  }),
});
export type RosterPreview = z.infer<typeof rosterPreviewSchema>;

const rosterModes = ["changes", "full"] as const;
export type RosterMode = (typeof rosterModes)[number];

export const rosterApplyInputSchema = z
  .object({
    mode: z.enum(rosterModes, { error: messages.invalidInput }),
    confirmation: z.string().max(40).optional(),
    /** 'Convidar depois' (docs/decisions/058): the people enter the roster, their invitations wait to be sent. */
    inviteLater: z.boolean({ error: messages.invalidInput }).optional(),
  })
  .strict();
export type RosterApplyInput = z.infer<typeof rosterApplyInputSchema>;

export const rosterImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(["previewed", "queued", "running", "done", "failed"]),
  mode: z.enum(rosterModes).nullable(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  counts: rosterCountsSchema,
  result: z
    .object({
      created: z.number().int(),
      updated: z.number().int(),
      left: z.number().int(),
      invited: z.number().int(),
      awaitingActivation: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RosterImport = z.infer<typeof rosterImportSchema>;

export const rosterPeopleQuerySchema = z
  .object({
    companyId: z.uuid({ error: messages.companyIdMissing }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    search: z.string().trim().max(120).optional(),
  })
  .strict();

const rosterPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  matricula: z.string(),
  /** The CPF's last two digits, the only part ever shown ('•••.•••.•••-25'). */
  cpfLast2: z.string(),
  email: z.string().nullable(),
  jobTitle: z.string().nullable(),
  sector: z.string().nullable(),
  status: z.enum(["active", "invited", "awaiting", "left"]),
});
export type RosterPerson = z.infer<typeof rosterPersonSchema>;

export const rosterPeopleSchema = z.object({
  total: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(rosterPersonSchema),
});
export type RosterPeople = z.infer<typeof rosterPeopleSchema>;
