/**
 * /api/risks: establishments, sectors/GHE and who works where (docs/decisions/026). The module's overview is in
 * overview.routes.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cnpjDigits } from "#core/cnpj.ts";
import { riskMessages } from "#core/risk-messages.ts";
import {
  assignMembersInputSchema,
  establishmentInputSchema,
  establishmentUpdateSchema,
  riskScopeQuerySchema,
  sectorInputSchema,
  sectorUpdateSchema,
} from "#core/schemas/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import {
  profiles,
  riskEstablishments,
  riskInvitations,
  riskResponses,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { establishmentOf, sectorOf, sqlStateOf, subtreeOf, whileSectorExists } from "./risk-scope.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function structureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post(
    "/api/risks/establishments",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Cadastra um estabelecimento (nome e CNPJ)",
        body: establishmentInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const [row] = await db
        .insert(riskEstablishments)
        .values({ companyId: company.id, name: request.body.name, cnpj: cnpjDigits(request.body.cnpj) })
        .onConflictDoNothing()
        .returning({ id: riskEstablishments.id });
      if (!row) throw new AppError("CONFLICT", riskMessages.cnpjTaken);
      reply.status(201);
      return { message: "Estabelecimento cadastrado.", id: row.id };
    },
  );

  app.post(
    "/api/risks/sectors",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Cadastra um setor ou GHE (grupo de exposição similar) na árvore do estabelecimento",
        body: sectorInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const { establishmentId, parentId, name, kind, activities, headcount } = request.body;
      await establishmentOf(db, company.id, establishmentId, riskMessages.establishmentNotFound);
      if (parentId) {
        const parent = await sectorOf(db, company.id, parentId, riskMessages.sectorNotFound);
        if (parent.establishmentId !== establishmentId) throw new AppError("BAD_REQUEST", riskMessages.sectorNotFound);
      }
      const [row] = await whileSectorExists(() =>
        db
          .insert(riskSectors)
          .values({
            companyId: company.id,
            establishmentId,
            parentId: parentId ?? null,
            name,
            kind,
            activities,
            headcount,
          })
          .returning({ id: riskSectors.id }),
      );
      reply.status(201);
      return { message: "Setor cadastrado.", id: row?.id };
    },
  );

  app.put(
    "/api/risks/sector-members",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Atribui membros a um setor (ou tira do setor, com sectorId nulo), um ou vários de uma vez",
        body: assignMembersInputSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { sectorId } = request.body;
      const userIds = [...new Set(request.body.userIds)];
      if (sectorId) await sectorOf(db, company.id, sectorId, riskMessages.sectorNotFound);
      await whileSectorExists(() =>
        db.transaction(async (tx) => {
          const inCompany = await tx
            .select({ userId: profiles.userId })
            .from(profiles)
            .where(and(eq(profiles.companyId, company.id), inArray(profiles.userId, userIds)));
          if (inCompany.length !== userIds.length) throw new AppError("NOT_FOUND", "Membro não encontrado.");
          await tx.delete(riskSectorMembers).where(inArray(riskSectorMembers.userId, userIds));
          if (sectorId)
            await tx
              .insert(riskSectorMembers)
              .values(userIds.map((userId) => ({ userId, companyId: company.id, sectorId })));
        }),
      );
      return { message: riskMessages.membersAssigned };
    },
  );

  app.patch(
    "/api/risks/establishments/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Edita um estabelecimento: nome, CNPJ e a data da próxima revisão do inventário",
        params,
        body: establishmentUpdateSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      await establishmentOf(db, company.id, request.params.id, riskMessages.establishmentNotFound);
      const { companyId: _, cnpj, ...fields } = request.body;
      try {
        await db
          .update(riskEstablishments)
          .set({ ...fields, ...(cnpj ? { cnpj: cnpjDigits(cnpj) } : {}) })
          .where(and(eq(riskEstablishments.id, request.params.id), eq(riskEstablishments.companyId, company.id)));
      } catch (error) {
        if (sqlStateOf(error) === "23505") throw new AppError("CONFLICT", riskMessages.cnpjTaken);
        throw error;
      }
      const onlyReview = !cnpj && !fields.name;
      return { message: onlyReview ? "Próxima revisão definida." : riskMessages.establishmentSaved };
    },
  );

  app.patch(
    "/api/risks/sectors/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Edita um setor ou GHE: nome, tipo, processos e atividades, número de trabalhadores, setor de cima",
        params,
        body: sectorUpdateSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { companyId: _, parentId, ...fields } = request.body;
      const found = await sectorOf(db, company.id, request.params.id, riskMessages.sectorNotFound);
      await db.transaction(async (tx) => {
        // One tree change at a time per establishment: two moves at once cannot make a cycle.
        await tx
          .select({ id: riskEstablishments.id })
          .from(riskEstablishments)
          .where(eq(riskEstablishments.id, found.establishmentId))
          .for("update");
        const sectors = await tx
          .select()
          .from(riskSectors)
          .where(eq(riskSectors.establishmentId, found.establishmentId));
        const sector = sectors.find((s) => s.id === found.id);
        if (!sector) throw new AppError("NOT_FOUND", riskMessages.sectorNotFound);
        const moves = parentId !== undefined && (parentId ?? null) !== sector.parentId;
        if (moves) {
          if (parentId) {
            if (!sectors.some((s) => s.id === parentId)) {
              await sectorOf(tx, company.id, parentId, riskMessages.sectorNotFound);
              throw new AppError("BAD_REQUEST", riskMessages.sectorParentOtherEstablishment, { field: "parentId" });
            }
            if (subtreeOf(sectors, [sector.id]).has(parentId))
              throw new AppError("BAD_REQUEST", riskMessages.sectorParentCycle, { field: "parentId" });
          }
          // Moving a sector that has answers would change how past results pool (docs/decisions/026, section 10).
          const moved = [...subtreeOf(sectors, [sector.id])];
          const [answered] = await tx
            .select({ id: riskInvitations.id })
            .from(riskInvitations)
            .where(inArray(riskInvitations.sectorId, moved))
            .limit(1);
          const [response] = await tx
            .select({ id: riskResponses.id })
            .from(riskResponses)
            .where(inArray(riskResponses.sectorId, moved))
            .limit(1);
          if (answered || response) throw new AppError("CONFLICT", riskMessages.sectorMoveHasAnswers);
        }
        await tx
          .update(riskSectors)
          .set({ ...fields, ...(moves ? { parentId: parentId ?? null } : {}) })
          .where(eq(riskSectors.id, sector.id));
      });
      return { message: riskMessages.sectorSaved };
    },
  );

  app.delete(
    "/api/risks/sectors/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Exclui um setor sem subsetores, sem membros e sem histórico (campanha, avaliação, ação); os demais ficam",
        params,
        querystring: riskScopeQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      await db.transaction(async (tx) => {
        // The row lock makes a member assignment or a new subsector wait, then fail on the foreign key.
        const [sector] = await tx
          .select({ id: riskSectors.id })
          .from(riskSectors)
          .where(and(eq(riskSectors.id, request.params.id), eq(riskSectors.companyId, company.id)))
          .for("update");
        if (!sector) throw new AppError("NOT_FOUND", riskMessages.sectorNotFound);
        const id = sector.id;
        const [uses] = rowsOf<{ children: boolean; members: boolean; history: boolean }>(
          await tx.execute(sql`select
            exists(select 1 from risk_sectors where parent_id = ${id}) as children,
            exists(select 1 from risk_sector_members where sector_id = ${id}) as members,
            (exists(select 1 from risk_invitations where sector_id = ${id})
              or exists(select 1 from risk_responses where sector_id = ${id})
              or exists(select 1 from risk_assessments where sector_id = ${id})
              or exists(select 1 from risk_actions where sector_id = ${id})
              or exists(select 1 from risk_campaigns where sector_ids @> jsonb_build_array(${id}::text))) as history`),
        );
        if (uses?.children) throw new AppError("CONFLICT", riskMessages.sectorHasChildren);
        if (uses?.members) throw new AppError("CONFLICT", riskMessages.sectorHasMembers);
        if (uses?.history) throw new AppError("CONFLICT", riskMessages.sectorHasHistory);
        await tx.delete(riskSectors).where(eq(riskSectors.id, id));
      });
      return { message: riskMessages.sectorDeleted };
    },
  );
}
