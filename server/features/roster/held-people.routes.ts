/**
 * The people an HR key sent past the day's cap (docs/decisions/085): the
 * company's manager (or an admin, the company chosen) lists them, confirms
 * them (created as the PUT would have, invited in the confirmer's name) or
 * discards them; each an entry of the Registro de acessos.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { rosterCompanyQuerySchema } from "#core/schemas/roster.ts";
import { heldPeopleInputSchema, heldPeopleResultSchema, heldPeopleSchema } from "#core/schemas/roster-api.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { confirmHeld, discardHeld, listHeld } from "./held-people.ts";

const tags = ["pessoas"];

export async function rosterHeldPeopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, now } = app.deps;

  app.get(
    "/api/roster/api-held",
    {
      config: { access: companyManager },
      schema: {
        tags,
        summary:
          "Pessoas que a API de RH enviou além do limite do dia, aguardando a confirmação de quem gerencia a empresa",
        querystring: rosterCompanyQuerySchema,
        response: { 200: heldPeopleSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return { items: await listHeld(db, company.id) };
    },
  );

  app.post(
    "/api/roster/api-held/confirm",
    {
      config: { access: companyManager },
      schema: {
        tags,
        summary:
          "Confirma pessoas guardadas: entram no cadastro como pela API (mesmas regras, vagas do plano) e recebem o convite; tudo ou nada",
        querystring: rosterCompanyQuerySchema,
        body: heldPeopleInputSchema,
        response: { 200: heldPeopleResultSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const result = await confirmHeld(db, {
        companyId: company.id,
        ids: request.body.ids,
        confirmedBy: viewer.userId,
        now: now(),
      });
      const created = result.created + result.updated;
      await writeAudit(db, viewer, "roster.api.held.confirm", {
        type: "company",
        id: company.id,
        companyId: company.id,
        details: { pessoas: created },
      });
      if (result.invited) jobBell.ring();
      return { message: rosterApiMessages.heldConfirmed(created), created };
    },
  );

  app.post(
    "/api/roster/api-held/discard",
    {
      config: { access: companyManager },
      schema: {
        tags,
        summary: "Descarta pessoas guardadas: não entram no cadastro; a API pode enviá-las de novo",
        querystring: rosterCompanyQuerySchema,
        body: heldPeopleInputSchema,
        response: { 200: heldPeopleResultSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const discarded = await discardHeld(db, company.id, request.body.ids);
      await writeAudit(db, viewer, "roster.api.held.discard", {
        type: "company",
        id: company.id,
        companyId: company.id,
        details: { pessoas: discarded },
      });
      return { message: rosterApiMessages.heldDiscarded(discarded), created: 0 };
    },
  );
}
