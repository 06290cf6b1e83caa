/**
 * RFC 7644 §3.12: every SCIM answer, a path that does not exist included, is SCIM's error
 * schema with content-type application/scim+json, whether or not the caller sent a token.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { scimMessages } from "#core/scim-messages.ts";
import { createScimToken } from "#tests/api/scim.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  const { company } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  secret = (await createScimToken(admin.as, company.id)).secret;
}, 90_000);
afterAll(async () => {
  await t.close();
});

it("an unknown /scim/v2 path answers 404 in SCIM's error schema, as application/scim+json", async () => {
  const paths = [
    "/scim/v2/Nada",
    "/scim/v2/Users/x/y",
    "/scim/v2",
    "/scim/v2/",
    "/scim/v2/Bulk",
    "/scim/v2/Me",
    "/scim/v2//Users",
    "/scim/v2/users",
    "/scim/v2/Nada?filter=x",
  ];
  const wrong: string[] = [];
  for (const method of ["GET", "POST", "DELETE", "PUT", "PATCH", "HEAD"] as const) {
    for (const url of paths) {
      for (const headers of [{ authorization: `Bearer ${secret}` }, {}]) {
        const response = await t.app.inject({ method, url, headers });
        const label = `${method} ${url} ${Object.keys(headers).length ? "com token" : "sem token"}`;
        const scimError =
          response.statusCode === 404 &&
          /^application\/scim\+json/.test(String(response.headers["content-type"])) &&
          (method === "HEAD" ||
            JSON.stringify(response.json()) ===
              JSON.stringify({
                schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
                status: "404",
                detail: scimMessages.notFound,
              }));
        if (!scimError)
          wrong.push(
            `${label}: ${response.statusCode} ${response.headers["content-type"]} ${response.body.slice(0, 120)}`,
          );
      }
    }
  }
  expect(wrong).toEqual([]);
});

it("a malformed /scim/v2 URL answers 400 in SCIM's error schema, not the app's body", async () => {
  for (const url of ["/scim/v2/%", "/scim/v2/Users/%zz"]) {
    const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${secret}` } });
    expect(response.statusCode, url).toBe(400);
    expect(response.headers["content-type"], url).toMatch(/^application\/scim\+json/);
    expect(response.json(), url).toEqual({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "400",
      scimType: "invalidSyntax",
      detail: scimMessages.invalidUrl,
    });
  }
  // Outside SCIM, the app's own body stays.
  expect((await t.app.inject({ method: "GET", url: "/api/%" })).json().error.code).toBe("BAD_REQUEST");
});
