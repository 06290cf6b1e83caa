/**
 * No input gives a 5xx (docs/decisions/018): for EVERY operation in
 * /api/openapi.json (plus the better-auth endpoints, hidden from it), random
 * path parameters, query strings and bodies — control characters, huge
 * numbers, wrong types, deep objects, broken JSON and multipart — as an
 * admin, a manager and a member. Each reply is under 500 and, for a 4xx, a
 * JSON body with a pt-BR message.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { InjectOptions } from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { exercises, invites } from "#server/db/schema/index.ts";
import { type JsonSchema, openApiOperations, type Parameter } from "#tests/api/openapi.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { kind: "json"; schema: JsonSchema } | { kind: "multipart" };
};

let t: TestApp;
let operations: Operation[];
let callers: Array<Awaited<ReturnType<typeof signedInPerson>>["as"]>;
const knownIds: string[] = [];

/** Words that give away an English or technical message. */
const ENGLISH = /\b(the|is|must|expected|invalid|required|error|not found|failed|cannot|body|querystring|params)\b/i;

beforeAll(async () => {
  t = await createTestApp();
  const { company, manager } = await companyWithManager(t.app, t.db);
  const member = await signedInPerson(t.app, t.db, { companyId: company.id });
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  callers = [admin.as, manager.as, member.as];
  const checkIn = await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4, notes: "ok" } });
  const [exercise] = await t.db.select({ id: exercises.id }).from(exercises).limit(1);
  const [invite] = await t.db
    .insert(invites)
    .values({
      companyId: company.id,
      email: `convite-${randomUUID()}@exemplo.com.br`,
      name: "Convidada",
      role: "user",
      tokenHash: randomUUID(),
      kind: "team",
      invitedBy: manager.userId,
      inviterName: "Gestora Gil",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invites.id });
  knownIds.push(company.id, member.userId, manager.userId, checkIn.json().checkIn.id, exercise?.id ?? randomUUID());
  if (invite) knownIds.push(invite.id);

  operations = (await openApiOperations(t.app)).map(({ method, path, parameters, requestBody, consumes }) => {
    const content = requestBody?.content;
    return {
      method,
      path,
      parameters,
      body: content?.["application/json"]
        ? { kind: "json", schema: content["application/json"].schema }
        : consumes.includes("multipart/form-data") || content?.["multipart/form-data"]
          ? { kind: "multipart" }
          : undefined,
    };
  });
  // better-auth's endpoints are hidden from the document but take input all the same.
  const email = { type: "object", properties: { email: { type: "string" }, password: { type: "string" } } };
  operations.push(
    { method: "POST", path: "/api/auth/sign-in/email", parameters: [], body: { kind: "json", schema: email } },
    {
      method: "POST",
      path: "/api/auth/request-password-reset",
      parameters: [],
      body: { kind: "json", schema: { type: "object", properties: { email: { type: "string" } } } },
    },
    {
      method: "POST",
      path: "/api/auth/reset-password",
      parameters: [],
      body: {
        kind: "json",
        schema: { type: "object", properties: { token: { type: "string" }, newPassword: { type: "string" } } },
      },
    },
    {
      method: "GET",
      path: "/api/auth/reset-password/{token}",
      parameters: [{ in: "path", name: "token", schema: { type: "string" } }],
    },
    {
      method: "POST",
      path: "/api/auth/sign-in/magic-link",
      parameters: [],
      body: { kind: "json", schema: { type: "object", properties: { email: { type: "string" } } } },
    },
    {
      method: "GET",
      path: "/api/auth/magic-link/verify",
      parameters: [
        { in: "query", name: "token", schema: { type: "string" } },
        { in: "query", name: "callbackURL", schema: { type: "string" } },
      ],
    },
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const nasty = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u007f",
  "\t",
  "\n",
  "\r",
  "\ud800",
  "ç",
  "😀",
  "%",
  "%00",
  "'",
  '"',
  "\\",
  "/",
  "..",
  "a",
  " ",
  "<script>",
);
const nastyString = fc.oneof(
  fc.string({ unit: nasty, maxLength: 30 }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    "0000-01",
    "9999-99",
    "0000-00-00",
    "-1",
    "NaN",
    "Infinity",
    "1e309",
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.string({ minLength: 300, maxLength: 5000 }),
);
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 31, 0.5, -0),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const deep = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.jsonValue({ maxDepth: 2 }), tie("nest")),
  nest: fc.dictionary(fc.string({ maxLength: 5 }), tie("node"), { maxKeys: 3 }),
})).node;
const wrongType = fc.oneof(
  nastyString,
  hugeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  deep,
);

function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return wrongType;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map(valueFor));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), wrongType);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), wrongType);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, valueFor(value)]),
    );
    return fc.oneof(
      { weight: 4, arbitrary: fc.record(properties, { requiredKeys: [] }) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  if (type === "integer" || type === "number") return fc.oneof(hugeNumber, wrongType);
  if (type === "boolean") return fc.oneof(fc.boolean(), wrongType);
  if (type === "array") return fc.oneof(fc.array(valueFor(schema.items), { maxLength: 3 }), wrongType);
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), nastyString);
  return fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: wrongType });
}

const pathValue = () =>
  fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), nastyString, fc.constantFrom("%00", "%ZZ", "%E0%A4%A", "a%00b"));

function queryFor(parameters: Parameter[]) {
  const declared = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => [parameter.name, valueFor(parameter.schema).map((value) => stringify(value))]),
  );
  return fc.tuple(
    fc.record(declared, { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 2 }),
  );
}

function stringify(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

function bodyFor(operation: Operation): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  // OpenAPI drops `consumes` when a route declares no body schema: a body-less POST may be multipart.
  if (operation.body?.kind === "multipart" || (!operation.body && operation.method === "POST")) {
    return fc.oneof(
      jsonBody(wrongType),
      fc.constant({
        payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nPausa\r\n--x--\r\n',
        contentType: "multipart/form-data",
      }),
      fc.string({ maxLength: 200 }).map((text) => ({ payload: text, contentType: "multipart/form-data; boundary=x" })),
      fc.string({ unit: nasty, maxLength: 40 }).map((name) => ({
        payload: `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${name}\r\n--b`,
        contentType: "multipart/form-data; boundary=b",
      })),
      fc.constant({
        payload:
          '--b\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
        contentType: "multipart/form-data; boundary=b",
      }),
      fc.constant({ payload: "{}", contentType: "application/json" }),
    );
  }
  return jsonBody(operation.body?.kind === "json" ? valueFor(operation.body.schema) : wrongType);
}

function jsonBody(json: fc.Arbitrary<unknown>): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: json.map((value) => ({ payload: JSON.stringify(value) ?? "null", contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("{", '{"a":', "\u0000", "[[[[[[[[[[", '{"__proto__":{"x":1}}')
        .map((payload) => ({ payload, contentType: "application/json" })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((payload) => ({ payload, contentType: "text/plain" })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function keysOf(payload: unknown): string[] {
  if (typeof payload !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed && typeof parsed === "object" ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}

function expectNoServerError(
  operation: Operation,
  url: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  sent: string[] = [],
) {
  const where = `${operation.method} ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    // SCIM answers in its own error schema (RFC 7644 §3.12, decision 048): the pt-BR text is its `detail`.
    // A URL Fastify cannot decode is refused before any route is chosen, in the app's own shape.
    const isScim = String(response.headers["content-type"]).startsWith("application/scim+json");
    if (!url.startsWith("/scim/")) expect(isScim, where).toBe(false);
    expect(String(response.headers["content-type"]), where).toMatch(
      isScim ? /application\/scim\+json/ : /application\/json/,
    );
    const body = JSON.parse(response.body) as { error?: { message?: string }; detail?: string };
    const message = isScim ? body.detail : body.error?.message;
    expect(message, where).toBeTruthy();
    // A message may quote what the caller sent ('Chaves inválidas: "jr%iS?"'): only our own words are checked.
    const ours = sent.reduce((text, words) => text.split(`"${words}"`).join('""'), message ?? "");
    expect(ours, where).not.toMatch(ENGLISH);
  }
}

describe("no input gives a 5xx", () => {
  it("covers every operation of the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
      "POST /api/admin/exercises",
    );
  });

  it("answers every operation with < 500 and a pt-BR error body, whatever the input", async () => {
    for (const operation of operations) {
      const pathNames = operation.parameters
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => parameter.name);
      const pathParams = fc.tuple(...pathNames.map(() => pathValue()));
      await fc.assert(
        fc.asyncProperty(
          pathParams,
          queryFor(operation.parameters),
          bodyFor(operation),
          fc.nat(2),
          async (values, [declared, extra], body, who) => {
            let path = operation.path;
            pathNames.forEach((name, index) => {
              const value = values[index] ?? "";
              // Some values are pre-encoded on purpose (%00, %ZZ): keep those raw.
              const encoded =
                /%/.test(value) && Math.random() < 0.5 ? value : encodeURIComponent(Buffer.from(value).toString());
              path = path.replace(`{${name}}`, encoded || "x");
            });
            const search = new URLSearchParams({ ...extra, ...(declared as Record<string, string>) }).toString();
            const url = search ? `${path}?${search}` : path;
            const hasBody = operation.method !== "GET" && operation.method !== "DELETE";
            const request: InjectOptions = {
              method: operation.method as InjectOptions["method"],
              url,
              headers: {
                origin: TEST_ORIGIN,
                ...(hasBody && body.contentType ? { "content-type": body.contentType } : {}),
              },
              ...(hasBody && body.payload !== undefined ? { payload: body.payload } : {}),
            };
            const caller = callers[who] ?? callers[0];
            if (!caller) throw new Error("no caller");
            const response = await caller(request);
            const sentWords = [...Object.entries(extra), ...Object.entries(declared as Record<string, string>)]
              .flat()
              .map(String);
            expectNoServerError(operation, url, response, sentWords.concat(keysOf(body.payload)));
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25), endOnFailure: true },
      );
    }
  }, 600_000);

  it("answers the consent version, notes and names with NUL bytes with a 400 in pt-BR", async () => {
    const [admin] = callers;
    if (!admin) throw new Error("no caller");
    const cases: InjectOptions[] = [
      { method: "PATCH", url: "/api/me", payload: { name: "Ana\u0000" } },
      { method: "POST", url: "/api/check-ins", payload: { mood: 3, notes: "a\u0000b" } },
      { method: "POST", url: "/api/team/invites", payload: { name: "A\u0000", email: "a@exemplo.com.br" } },
      { method: "POST", url: "/api/me/consent", payload: { version: `${WELLBEING_CONSENT_VERSION}\u0000` } },
      { method: "GET", url: "/api/check-ins?month=0000-01" },
      { method: "DELETE", url: "/api/team/members/%00" },
      { method: "DELETE", url: `/api/admin/companies/${knownIds[0]}/members/a%00b` },
      { method: "POST", url: "/api/auth/sign-in/email", payload: { email: "a\u0000@exemplo.com.br", password: "x" } },
      {
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token: "a\u0000b", newPassword: "calma-e-cafe-2027" },
      },
      { method: "GET", url: "/api/auth/reset-password/a%00b?callbackURL=%2F" },
    ];
    for (const request of cases) {
      const response = await admin({ ...request, headers: { origin: TEST_ORIGIN } });
      expect([400, 404], `${request.method} ${request.url} → ${response.statusCode} ${response.body}`).toContain(
        response.statusCode,
      );
      expect(response.json().error.message).not.toMatch(ENGLISH);
    }
  });
});
