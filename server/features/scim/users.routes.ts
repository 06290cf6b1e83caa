/** /scim/v2/Users (RFC 7644 §3): create, read, list by filter, replace, PATCH and delete, authenticated by the company's SCIM token only. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { scimMessages } from "#core/scim-messages.ts";
import { scimGroupMembers, scimGroups, scimUsers } from "#server/db/schema/index.ts";
import { type ListQuery, listResponse, readFilter, readPaging, readSearchRequest } from "./list-query.ts";
import { applyUserPatch, readOperations } from "./patch.ts";
import { project, readProjection } from "./projection.ts";
import { createScimUser, deleteScimUser, updateScimUser } from "./provision-user.ts";
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
import {
  ENTERPRISE_SCHEMA,
  readUserResource,
  type ScimUserRow,
  stateOf,
  USER_SCHEMA,
  userResource,
} from "./user-resource.ts";

const userFilters = {
  id: "id",
  username: "userName",
  externalid: "externalId",
  "emails.value": "email",
  emails: "email",
  [`${ENTERPRISE_SCHEMA.toLowerCase()}:employeenumber`]: "employeeNumber",
} as const;

export async function scimUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell } = app.deps;

  const groupsOf = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, { id: string; displayName: string }[]>();
    const rows = await db
      .select({ userId: scimGroupMembers.scimUserId, id: scimGroups.id, displayName: scimGroups.displayName })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .where(inArray(scimGroupMembers.scimUserId, ids));
    const byUser = new Map<string, { id: string; displayName: string }[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    return byUser;
  };
  /** The resource as answered: only the attributes the query asks for (RFC 7644 §3.9). */
  const present = async (request: FastifyRequest, row: ScimUserRow) => {
    const { attributes, excludedAttributes } = request.query as { attributes?: string; excludedAttributes?: string };
    const resource = userResource(row, (await groupsOf([row.id])).get(row.id) ?? [], baseUrlOf(request));
    return project(resource, readProjection(attributes, excludedAttributes), USER_SCHEMA);
  };
  const findUser = async (companyId: string, id: string) => {
    const [row] = UUID.test(id)
      ? await db
          .select()
          .from(scimUsers)
          .where(and(eq(scimUsers.id, id), eq(scimUsers.companyId, companyId)))
      : [];
    if (!row) throw new ScimError(404, scimMessages.userNotFound);
    return row;
  };

  app.post(
    "/Users",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Provisiona uma pessoa (SCIM User): a mesma do cadastro quando a matrícula ou o e-mail coincidem",
        body: scimBodySchema,
        querystring: projectionQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = scimContext(request);
      const created = await createScimUser(ctx, readUserResource(request.body));
      const location = `${baseUrlOf(request)}/Users/${created.id}`;
      return reply
        .status(201)
        .header("location", location)
        .send(await present(request, created));
    },
  );

  const listUsers = async (request: FastifyRequest, query: ListQuery) => {
    const ctx = scimContext(request);
    const projection = readProjection(query.attributes, query.excludedAttributes);
    const filter = readFilter(query.filter, userFilters);
    const { startIndex, count: wanted, offset } = readPaging(query);
    const condition = !filter
      ? undefined
      : filter.key === "id"
        ? UUID.test(filter.value)
          ? eq(scimUsers.id, filter.value)
          : sql`false`
        : filter.key === "userName"
          ? sql`lower(${scimUsers.userName}) = ${filter.value.toLowerCase()}`
          : filter.key === "email"
            ? sql`(lower(${scimUsers.email}) = ${filter.value.toLowerCase()} or exists (select 1 from jsonb_array_elements(${scimUsers.emails}) e where lower(e->>'value') = ${filter.value.toLowerCase()}))`
            : eq(scimUsers[filter.key], filter.value);
    const where = and(eq(scimUsers.companyId, ctx.company.id), condition);
    const [total] = await db.select({ n: count() }).from(scimUsers).where(where);
    const rows = wanted
      ? await db
          .select()
          .from(scimUsers)
          .where(where)
          .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id))
          .limit(wanted)
          .offset(offset)
      : [];
    const groups = await groupsOf(rows.map((row) => row.id));
    const baseUrl = baseUrlOf(request);
    return listResponse(
      rows.map((row) => project(userResource(row, groups.get(row.id) ?? [], baseUrl), projection, USER_SCHEMA)),
      total?.n ?? 0,
      startIndex,
    );
  };

  app.get(
    "/Users",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary:
          'Lista pessoas provisionadas, com filtro userName eq "…" ou externalId eq "…", paginação e attributes/excludedAttributes',
        querystring: listQuerySchema,
      },
    },
    async (request) => listUsers(request, request.query),
  );

  app.post(
    "/Users/.search",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "A mesma lista por POST (SearchRequest, RFC 7644 §3.4.3): filter, startIndex, count, attributes",
        body: scimBodySchema,
      },
    },
    async (request) => listUsers(request, readSearchRequest(request.body)),
  );

  app.get(
    "/Users/:id",
    {
      config: { access: scimCaller },
      schema: { ...scimDoc, summary: "Uma pessoa provisionada", params: idParamsSchema, querystring: listQuerySchema },
    },
    async (request) => {
      const ctx = scimContext(request);
      return present(request, await findUser(ctx.company.id, request.params.id));
    },
  );

  app.put(
    "/Users/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Substitui os dados de uma pessoa; active=false encerra o acesso na hora",
        params: idParamsSchema,
        body: scimBodySchema,
        querystring: projectionQuerySchema,
      },
    },
    async (request) => {
      const ctx = scimContext(request);
      const row = await findUser(ctx.company.id, request.params.id);
      const updated = await updateScimUser(ctx, row, readUserResource(request.body));
      // A deactivated roster person's 'Baixar meus dados' e-mail (a job) leaves now.
      jobBell.ring();
      return present(request, updated);
    },
  );

  app.patch(
    "/Users/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary:
          "Altera uma pessoa (PatchOp add, replace, remove; também as formas do Entra ID e do Okta); active=false encerra o acesso na hora",
        params: idParamsSchema,
        body: scimBodySchema,
        querystring: projectionQuerySchema,
      },
    },
    async (request) => {
      const ctx = scimContext(request);
      const row = await findUser(ctx.company.id, request.params.id);
      const next = applyUserPatch(stateOf(row), readOperations(request.body));
      const updated = await updateScimUser(ctx, row, next);
      jobBell.ring();
      return present(request, updated);
    },
  );

  app.delete(
    "/Users/:id",
    {
      config: { access: scimCaller },
      schema: {
        ...scimDoc,
        summary: "Remove a pessoa provisionada: o acesso termina na hora; a conta e o histórico continuam dela",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const ctx = scimContext(request);
      await deleteScimUser(ctx, await findUser(ctx.company.id, request.params.id));
      jobBell.ring();
      return reply.status(204).send();
    },
  );
}
