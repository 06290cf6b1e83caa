/** Helpers for the HR API's tests (docs/decisions/044): make a key as a manager, call /api/v1 with it. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Creates a key named `name` as `as` (a manager, or an admin with `?companyId=`); returns its id and secret. */
export async function createApiKey(as: As, name = "Gupy produção", query = "") {
  const response = await as({ method: "POST", url: `/api/roster/api-keys${query}`, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`api key: ${response.statusCode} ${response.body}`);
  const body = response.json() as { key: { id: string; prefix: string }; secret: string };
  return { id: body.key.id, prefix: body.key.prefix, secret: body.secret };
}

/** Calls the app as an HR system with `secret`: a bearer key, no cookie, no origin. */
export function withKey(app: FastifyInstance, secret: string) {
  return (request: InjectOptions) =>
    app.inject({ ...request, headers: { authorization: `Bearer ${secret}`, ...request.headers } });
}
