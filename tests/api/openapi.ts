/**
 * The operations of /api/openapi.json, for the tests that walk every route
 * (server/no-5xx.test.ts, company-isolation.test.ts, live-bits.test.ts): a
 * route added later is walked too, without touching those tests.
 */
import type { FastifyInstance } from "fastify";

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
export type Parameter = { in: "path" | "query"; name: string; schema: JsonSchema };
export type OpenApiOperation = {
  /** 'GET /api/team': how the tests name an operation. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  consumes: string[];
};

export async function openApiOperations(app: FastifyInstance): Promise<OpenApiOperation[]> {
  const document = (await app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters as Parameter[] | undefined) ?? [],
      requestBody: operation.requestBody as OpenApiOperation["requestBody"],
      consumes: (operation.consumes as string[] | undefined) ?? [],
    })),
  );
}

/** The names of an operation's parameters of one kind. */
export const parameterNames = (operation: Pick<OpenApiOperation, "parameters">, kind: "path" | "query") =>
  operation.parameters.filter((parameter) => parameter.in === kind).map((parameter) => parameter.name);
