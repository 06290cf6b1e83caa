/** /scim/v2/ServiceProviderConfig, /ResourceTypes and /Schemas (RFC 7644 §4, RFC 7643 §5–7): what an identity provider reads to learn what Sereno supports. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { scimMessages } from "#core/scim-messages.ts";
import { GROUP_SCHEMA } from "./groups.ts";
import { listResponse } from "./list-query.ts";
import { ScimError } from "./scim-errors.ts";
import { baseUrlOf, idParamsSchema, scimCaller, scimDoc } from "./scim-route.ts";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./user-resource.ts";

const attribute = (
  name: string,
  options: {
    type?: string;
    required?: boolean;
    multiValued?: boolean;
    uniqueness?: string;
    caseExact?: boolean;
    subAttributes?: unknown[];
    mutability?: string;
    description: string;
  },
) => ({
  name,
  type: options.type ?? "string",
  multiValued: options.multiValued ?? false,
  description: options.description,
  required: options.required ?? false,
  caseExact: options.caseExact ?? false,
  mutability: options.mutability ?? "readWrite",
  returned: "default",
  uniqueness: options.uniqueness ?? "none",
  ...(options.subAttributes && { subAttributes: options.subAttributes }),
});

const schemas = [
  {
    id: USER_SCHEMA,
    name: "User",
    description: "Pessoa da empresa",
    attributes: [
      attribute("userName", {
        required: true,
        uniqueness: "server",
        description: "Identificador único na empresa (UPN ou e-mail)",
      }),
      attribute("name", {
        type: "complex",
        description: "Nome",
        subAttributes: [
          attribute("formatted", { description: "Nome completo" }),
          attribute("givenName", { description: "Nome" }),
          attribute("familyName", { description: "Sobrenome" }),
        ],
      }),
      attribute("displayName", { description: "Nome exibido no Sereno" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        description: "E-mails, todos guardados; a conta entra com o principal (senão o do tipo work, senão o primeiro)",
        subAttributes: [
          attribute("value", { description: "Endereço" }),
          attribute("type", { description: "work, home, other" }),
          attribute("primary", { type: "boolean", description: "Principal" }),
          attribute("display", { description: "Como exibir" }),
        ],
      }),
      attribute("active", { type: "boolean", description: "false encerra o acesso na hora" }),
      attribute("groups", {
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        description: "Grupos (setores) da pessoa",
        subAttributes: [
          attribute("value", { description: "id do grupo" }),
          attribute("display", { description: "Nome" }),
        ],
      }),
    ],
  },
  {
    id: ENTERPRISE_SCHEMA,
    name: "EnterpriseUser",
    description: "Extensão corporativa",
    attributes: [
      attribute("employeeNumber", { description: "Matrícula: a mesma pessoa do cadastro quando coincide" }),
      attribute("department", { description: "Departamento (guardado; o setor vem dos grupos)" }),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "Setor da empresa",
    attributes: [
      attribute("displayName", { required: true, uniqueness: "server", description: "Nome do setor" }),
      attribute("members", {
        type: "complex",
        multiValued: true,
        description: "Pessoas do setor",
        subAttributes: [
          attribute("value", { description: "id da pessoa" }),
          attribute("display", { description: "Nome" }),
          attribute("type", { description: "User" }),
        ],
      }),
    ],
  },
];

export async function scimDiscoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { env } = app.deps;
  const withMeta = <T extends { id?: string; name?: string }>(
    request: FastifyRequest,
    resourceType: string,
    path: string,
    item: T,
  ) => ({
    ...item,
    meta: { resourceType, location: `${baseUrlOf(request)}/${path}` },
  });
  const schemaResources = (request: FastifyRequest) =>
    schemas.map((schema) => ({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
      ...withMeta(request, "Schema", `Schemas/${schema.id}`, schema),
    }));
  const resourceTypes = (request: FastifyRequest) => [
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
      ...withMeta(request, "ResourceType", "ResourceTypes/User", {
        id: "User",
        name: "User",
        endpoint: "/Users",
        description: "Pessoa da empresa",
        schema: USER_SCHEMA,
        schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      }),
    },
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
      ...withMeta(request, "ResourceType", "ResourceTypes/Group", {
        id: "Group",
        name: "Group",
        endpoint: "/Groups",
        description: "Setor da empresa",
        schema: GROUP_SCHEMA,
      }),
    },
  ];

  app.get(
    "/ServiceProviderConfig",
    { config: { access: scimCaller }, schema: { ...scimDoc, summary: "O que o Sereno suporta de SCIM 2.0" } },
    async (request) => {
      return {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
        documentationUri: `${env.APP_URL.replace(/\/$/, "")}/ajuda`,
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: 200 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          {
            type: "oauthbearertoken",
            name: "Token SCIM",
            description: "Token da empresa gerado em Administração, enviado em Authorization: Bearer",
            primary: true,
          },
        ],
        meta: { resourceType: "ServiceProviderConfig", location: `${baseUrlOf(request)}/ServiceProviderConfig` },
      };
    },
  );

  app.get(
    "/ResourceTypes",
    { config: { access: scimCaller }, schema: { ...scimDoc, summary: "Tipos de recurso: User e Group" } },
    async (request) => {
      const items = resourceTypes(request);
      return listResponse(items, items.length, 1);
    },
  );
  app.get(
    "/ResourceTypes/:id",
    { config: { access: scimCaller }, schema: { ...scimDoc, summary: "Um tipo de recurso", params: idParamsSchema } },
    async (request) => {
      const found = resourceTypes(request).find((type) => type.id === request.params.id);
      if (!found) throw new ScimError(404, scimMessages.notFound);
      return found;
    },
  );
  app.get(
    "/Schemas",
    { config: { access: scimCaller }, schema: { ...scimDoc, summary: "Esquemas de User, EnterpriseUser e Group" } },
    async (request) => {
      const items = schemaResources(request);
      return listResponse(items, items.length, 1);
    },
  );
  app.get(
    "/Schemas/:id",
    { config: { access: scimCaller }, schema: { ...scimDoc, summary: "Um esquema", params: idParamsSchema } },
    async (request) => {
      const found = schemaResources(request).find((schema) => schema.id === request.params.id);
      if (!found) throw new ScimError(404, scimMessages.notFound);
      return found;
    },
  );
}
