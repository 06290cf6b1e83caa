import { z } from "zod";

/**
 * GET /api/admin/home: what a platform admin looks at first (docs/decisions/050). Figures about the
 * platform's own operation (companies, invitations, jobs, verifications, the access log), never a
 * mood, a note or any figure about how people feel.
 */
export const adminHomeSchema = z.object({
  companies: z.object({
    total: z.number().int(),
    newest: z.object({ id: z.string(), name: z.string(), createdAt: z.string() }).nullable(),
  }),
  /** Invitations not yet accepted and not expired; `failed` of them could not be e-mailed. */
  invitations: z.object({ pending: z.number().int(), failed: z.number().int() }),
  jobs: z.object({
    total: z.number().int(),
    lastRunAt: z.string().nullable(),
    /** Kinds of job with a run given up in the last 7 days. */
    failing: z.array(
      z.object({ name: z.string(), label: z.string(), failures: z.number().int(), lastErrorAt: z.string().nullable() }),
    ),
  }),
  psychologists: z.object({ awaitingVerification: z.number().int() }),
  /** The newest entries of the Registro de acessos. */
  recentAccess: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      action: z.string(),
      actorEmail: z.string(),
      /** Set only for an actor without e-mail: the screen reads 'Sem e-mail · matrícula …' (issue 45, item 8). */
      actorMatricula: z.string().nullable(),
      companyName: z.string().nullable(),
    }),
  ),
});
export type AdminHome = z.infer<typeof adminHomeSchema>;

export const ADMIN_HOME_RECENT_ACCESS = 10;
