/** The access declaration (docs/decisions/068): a route without one fails the start; the declared rule runs first. */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError, registerErrorHandler } from "#server/errors.ts";
import { callerOf, declaredAccess, defineAccess, publicAccess, registerAccess } from "./access.ts";

const onlyAna = defineAccess("signedIn", (request) => {
  if (request.headers["x-name"] !== "Ana") throw new AppError("UNAUTHENTICATED", "Faça login para continuar.");
  return { name: "Ana" };
});
const someoneElse = defineAccess("signedIn", () => ({ name: "Bia" }));

function appWithAccess() {
  const app = Fastify();
  registerErrorHandler(app);
  registerAccess(app, { publicFiles: "/media/" });
  return app;
}

describe("access declared on the route", () => {
  it("refuses to start with a route that declares no access", async () => {
    const app = appWithAccess();
    const starting = (async () => {
      await app.register(async (feature) => {
        feature.get("/api/sem-regra", async () => ({ ok: true }));
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow("GET /api/sem-regra declares no access");
  });

  it("runs the declared rule before the handler and hands the handler its caller", async () => {
    const app = appWithAccess();
    let handlerRan = 0;
    app.get("/api/ana", { config: { access: onlyAna } }, async (request) => {
      handlerRan++;
      return callerOf(request, onlyAna);
    });
    app.get("/api/aberta", { config: { access: publicAccess } }, async () => ({ ok: true }));
    app.get("/api/errada", { config: { access: onlyAna } }, async (request) => callerOf(request, someoneElse));
    const refused = await app.inject({ url: "/api/ana" });
    expect(refused.statusCode).toBe(401);
    expect(handlerRan).toBe(0);
    const allowed = await app.inject({ url: "/api/ana", headers: { "x-name": "Ana" } });
    expect(allowed.json()).toEqual({ name: "Ana" });
    expect((await app.inject({ url: "/api/aberta" })).statusCode).toBe(200);
    // Reading a rule the route did not declare is a programming error, never a silent caller.
    expect((await app.inject({ url: "/api/errada", headers: { "x-name": "Ana" } })).statusCode).toBe(500);
    expect(Object.fromEntries(declaredAccess(app))).toMatchObject({
      "GET /api/ana": "signedIn",
      "GET /api/aberta": "public",
    });
  });
});
