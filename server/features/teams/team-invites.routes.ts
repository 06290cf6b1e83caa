/**
 * Equipe's pending invitations a page at a time, searched by name or e-mail (issue 45): after an import
 * there are thousands, and /team drew every one. And 'Enviar convites': the invitations an import kept
 * for later ('Convidar depois') leave, in batches (docs/decisions/058).
 */
import { or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  companyScopeQuerySchema,
  TEAM_INVITES_PAGE_SIZE,
  teamInvitesPageSchema,
  teamInvitesQuerySchema,
} from "#core/schemas/team.ts";
import { waitingInvitesSentMessage } from "#core/team-messages.ts";
import { foldedContains } from "#server/db/folded-search.ts";
import { invites } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { countWaitingInvites, pendingInvitesPage, sendWaitingInvites } from "#server/features/invites/index.ts";

export async function teamInviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, now } = app.deps;

  app.get(
    "/api/team/invites",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary: "Convites pendentes da empresa, 20 por página (mais antigos primeiro); ?q= busca por nome ou e-mail",
        querystring: teamInvitesQuerySchema,
        response: { 200: teamInvitesPageSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { q, page } = request.query;
      const [pending, waiting] = await Promise.all([
        pendingInvitesPage(db, company.id, {
          where: q ? or(foldedContains(invites.name, q), foldedContains(invites.email, q)) : undefined,
          limit: TEAM_INVITES_PAGE_SIZE,
          offset: (page - 1) * TEAM_INVITES_PAGE_SIZE,
        }),
        countWaitingInvites(db, company.id),
      ]);
      return { items: pending.items, total: pending.total, waiting, page, pageSize: TEAM_INVITES_PAGE_SIZE };
    },
  );

  app.post(
    "/api/team/invites/send-waiting",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary:
          "Envia os convites que uma importação guardou para depois ('Convidar depois'): cada um vale 7 dias a partir de agora; os e-mails saem em lotes",
        querystring: companyScopeQuerySchema,
        response: { 200: z.object({ message: z.string(), sent: z.number().int() }) },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const sent = await sendWaitingInvites(db, company.id, now());
      if (sent > 0) {
        jobBell.ring();
        await writeAudit(db, viewer, "invite.send-waiting", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: { convites: sent },
        });
      }
      return { message: waitingInvitesSentMessage(sent), sent };
    },
  );
}
