/** /scim/v2/Groups: a group is a sector of the company (groups.ts, docs/decisions/048); members added, removed or replaced. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { scimMessages } from "#core/scim-messages.ts";
import type { Db } from "#server/db/client.ts";
import { scimGroups } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { transaction } from "#server/features/roster/index.ts";
import { applyGroupPatch, displayNameOf, refuseTakenName } from "./group-patch.ts";
import {
  addMembers,
  GROUP_SCHEMA,
  groupResource,
  memberIdsOf,
  membersOf,
  removeMembers,
  type ScimGroupRow,
  sectorFor,
} from "./groups.ts";
import { type ListQuery, listResponse, readFilter, readPaging, readSearchRequest } from "./list-query.ts";
import { readOperations } from "./patch.ts";
import { project, readProjection, wantsAttribute } from "./projection.ts";
import type { ScimContext } from "./scim-account.ts";
import { ScimError } from "./scim-errors.ts";
import {
  baseUrlOf,
  idParamsSchema,
  listQuerySchema,
  projectionQuerySchema,
  scimBodySchema,
  scimCaller,
  scimContext,
  scimDoc,
  UUID,
} from "./scim-route.ts";
import { attribute, requireSchema, textOf } from "./values.ts";

const groupFilters = { id: "id", displayname: "displayName", externalid: "externalId" } as const;
async function recordChange(tx: Db, ctx: ScimContext, group: ScimGroupRow, what: string) {
  await tx.update(scimGroups).set({ updatedAt: sql`clock_timestamp()` }).where(eq(scimGroups.id, group.id));
  await writeAudit(tx, ctx.actor, "scim.group.change", {
    type: "scim-group",
    id: group.id,
    companyId: ctx.company.id,
    details: { grupo: group.displayName, alteracao: what },
  });
}

export async function scimGroupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  const findGroup = async (tx: Db, companyId: string, id: string) => {
    const [row] = UUID.test(id)
      ? await tx
          .select()
          .from(scimGroups)
          .where(and(eq(scimGroups.id, id), eq(scimGroups.companyId, companyId)))
          .for("update")
      : [];
    if (!row) throw new ScimError(404, scimMessages.groupNotFound);
    return row;
  };
  /** The group as answered: only the attributes the query asks for (RFC 7644 §3.9); members are read only if asked. */
  const present = async (request: FastifyRequest, group: ScimGroupRow) => {
    const { attributes, excludedAttributes } = request.query as { attributes?: string; excludedAttributes?: string };
    const projection = readProjection(attributes, excludedAttributes);
    const [fresh] = await db.select().from(scimGroups).where(eq(scimGroups.id, group.id));
    const members = wantsAttribute(projection, "members") ? await membersOf(db, [group.id]) : null;
    return project(groupResource(fresh ?? group, members, baseUrlOf(request)), projection, GROUP_SCHEMA);
  };

  app.post(
    "/Groups",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Cria um grupo: o setor de mesmo nome da empresa (criado se houver um só estabelecimento)",
        body: scimBodySchema,
        querystring: projectionQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = scimContext(request);
      const body = request.body;
      requireSchema(body, GROUP_SCHEMA);
      const displayName = displayNameOf(attribute(body, "displayName"));
      const created = await transaction(db, async (tx) => {
        await refuseTakenName(tx, ctx.company.id, displayName);
        const members = await memberIdsOf(tx, ctx.company.id, attribute(body, "members"));
        const [group] = await tx
          .insert(scimGroups)
          .values({
            companyId: ctx.company.id,
            displayName,
            externalId: textOf(attribute(body, "externalId"), "externalId"),
            sectorId: await sectorFor(tx, ctx, displayName),
          })
          .returning();
        if (!group) throw new Error("scim group insert returned nothing");
        await addMembers(tx, group, members);
        await recordChange(tx, ctx, group, "criado");
        return group;
      });
      const location = `${baseUrlOf(request)}/Groups/${created.id}`;
      return reply
        .status(201)
        .header("location", location)
        .send(await present(request, created));
    },
  );

  const listGroups = async (request: FastifyRequest, query: ListQuery) => {
    const ctx = scimContext(request);
    const projection = readProjection(query.attributes, query.excludedAttributes);
    const filter = readFilter(query.filter, groupFilters);
    const { startIndex, count: wanted, offset } = readPaging(query);
    const condition = !filter
      ? undefined
      : filter.key === "id"
        ? UUID.test(filter.value)
          ? eq(scimGroups.id, filter.value)
          : sql`false`
        : filter.key === "displayName"
          ? sql`lower(${scimGroups.displayName}) = ${filter.value.toLowerCase()}`
          : eq(scimGroups.externalId, filter.value);
    const where = and(eq(scimGroups.companyId, ctx.company.id), condition);
    const [total] = await db.select({ n: count() }).from(scimGroups).where(where);
    const groups = wanted
      ? await db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .limit(wanted)
          .offset(offset)
      : [];
    // Members can be many: read only when the answer carries them.
    const withMembers = wantsAttribute(projection, "members");
    const members = withMembers
      ? await membersOf(
          db,
          groups.map((group) => group.id),
        )
      : [];
    const baseUrl = baseUrlOf(request);
    return listResponse(
      groups.map((group) => {
        const own = withMembers ? members.filter((member) => member.groupId === group.id) : null;
        return project(groupResource(group, own, baseUrl), projection, GROUP_SCHEMA);
      }),
      total?.n ?? 0,
      startIndex,
    );
  };

  app.get(
    "/Groups",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary:
          'Lista os grupos, com filtro displayName eq "…"; attributes/excludedAttributes (members pode ser omitido)',
        querystring: listQuerySchema,
      },
    },
    async (request) => listGroups(request, request.query),
  );

  app.post(
    "/Groups/.search",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "A mesma lista por POST (SearchRequest, RFC 7644 §3.4.3): filter, startIndex, count, attributes",
        body: scimBodySchema,
      },
    },
    async (request) => listGroups(request, readSearchRequest(request.body)),
  );

  app.get(
    "/Groups/:id",
    {
      config: { access: scimCaller },
      schema: { ...scimDoc, summary: "Um grupo e seus membros", params: idParamsSchema, querystring: listQuerySchema },
    },
    async (request) => {
      const ctx = scimContext(request);
      return present(request, await findGroup(db, ctx.company.id, request.params.id));
    },
  );

  app.put(
    "/Groups/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Substitui o nome e os membros de um grupo",
        params: idParamsSchema,
        body: scimBodySchema,
        querystring: projectionQuerySchema,
      },
    },
    async (request) => {
      const ctx = scimContext(request);
      const body = request.body;
      requireSchema(body, GROUP_SCHEMA);
      const displayName = displayNameOf(attribute(body, "displayName"));
      const group = await transaction(db, async (tx) => {
        const found = await findGroup(tx, ctx.company.id, request.params.id);
        await refuseTakenName(tx, ctx.company.id, displayName, found.id);
        const members = await memberIdsOf(tx, ctx.company.id, attribute(body, "members"));
        await tx
          .update(scimGroups)
          .set({ displayName, externalId: textOf(attribute(body, "externalId"), "externalId") })
          .where(eq(scimGroups.id, found.id));
        await removeMembers(tx, found, "all");
        await addMembers(tx, found, members);
        await recordChange(tx, ctx, { ...found, displayName }, "substituído");
        return found;
      });
      return present(request, group);
    },
  );

  app.patch(
    "/Groups/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: 'Altera um grupo: members add/remove/replace (também members[value eq "…"]), displayName, externalId',
        params: idParamsSchema,
        body: scimBodySchema,
      },
    },
    async (request, reply) => {
      const ctx = scimContext(request);
      const operations = readOperations(request.body);
      await transaction(db, async (tx) => {
        const found = await applyGroupPatch(
          tx,
          ctx,
          await findGroup(tx, ctx.company.id, request.params.id),
          operations,
        );
        await recordChange(tx, ctx, found, "alterado");
      });
      // RFC 7644 §3.5.2 allows 204; Entra ID and Okta expect no body here, and a group's members can be many.
      return reply.status(204).send();
    },
  );

  app.delete(
    "/Groups/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Remove o grupo; o setor continua (só os membros que ele pôs no setor saem)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const ctx = scimContext(request);
      await transaction(db, async (tx) => {
        const group = await findGroup(tx, ctx.company.id, request.params.id);
        await removeMembers(tx, group, "all");
        await tx.delete(scimGroups).where(eq(scimGroups.id, group.id));
        await writeAudit(tx, ctx.actor, "scim.group.change", {
          type: "scim-group",
          id: group.id,
          companyId: ctx.company.id,
          details: { grupo: group.displayName, alteracao: "removido" },
        });
      });
      return reply.status(204).send();
    },
  );
}
