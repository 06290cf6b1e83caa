import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#core/messages.ts";
import { registerErrorHandler } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/access.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the app", () => {
  it("serves an OpenAPI document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/me", "/api/health", "/api/config"]));
  });

  it("keeps API replies light: nosniff and no-store, no CSP (HTML gets it: docs/decisions/018)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers unknown API paths with a JSON 404 in pt-BR", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nao-existe" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("Não encontrado");
  });

  it("answers malformed JSON with a 400 and a request id", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.requestId).toBeTruthy();
  });

  it("hides the details of a server error behind a generic message and a request id", async () => {
    const app = Fastify({ genReqId: () => "req-123" });
    registerErrorHandler(app);
    app.get("/api/test-boom", { config: { access: publicAccess } }, async () => {
      throw new Error("segredo interno: senha=abc");
    });
    const response = await app.inject({ method: "GET", url: "/api/test-boom" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("segredo");
    expect(response.json().error).toEqual({ code: "INTERNAL", message: messages.internalError, requestId: "req-123" });
  });
});
