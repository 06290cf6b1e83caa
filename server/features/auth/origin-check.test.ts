/** Cross-site requests with a session cookie are refused (docs/decisions/018). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { localOrigins } from "#server/env.ts";
import { companyWithManager, createPerson, signIn, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EVIL = "https://evil.test";

describe("origin check", () => {
  it("refuses PATCH /api/me and POST /api/team/invites from another origin, and changes nothing", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const patch = await manager.as({
      method: "PATCH",
      url: "/api/me",
      headers: { origin: EVIL },
      payload: { name: "Hacker" },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().error.message).toBe(serverMessages.originRefused.replace("{url}", TEST_ORIGIN));
    expect(patch.json().error.requestId).toBeTruthy();
    const invite = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      headers: { origin: EVIL },
      payload: { name: "Alvo", email: "alvo@exemplo.com.br" },
    });
    expect(invite.statusCode).toBe(403);
    expect(t.mails.filter((mail) => mail.to === "alvo@exemplo.com.br")).toHaveLength(0);
    const me = await manager.as({ method: "GET", url: "/api/me" });
    expect(me.json().name).toBe("Gestora Gil");
    const pending = await manager.as({ method: "GET", url: "/api/team/invites" });
    expect(pending.json().items).toHaveLength(0);
  });

  it("uses Sec-Fetch-Site when there is no Origin, and refuses a cookie request that proves neither", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { ...headers, cookie: manager.cookie },
        payload: { name: "Gil" },
      });
    expect((await send({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await send({})).statusCode).toBe(403);
    expect((await send({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect((await send({ origin: TEST_ORIGIN })).statusCode).toBe(200);
  });

  it("lets a bearer-token client without cookies through", async () => {
    const person = await createPerson(t.db, {});
    const { token } = await signIn(t.app, person.email);
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { authorization: `Bearer ${token}` },
      payload: { name: "Cliente Bearer" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("does not count sign-ins refused for their origin against the account", async () => {
    const person = await createPerson(t.db, {});
    for (let i = 0; i < 15; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: EVIL, "content-type": "application/json" },
        payload: { email: person.email, password: "senha-errada-123" },
      });
      expect(response.statusCode).toBe(403);
    }
    await expect(signIn(t.app, person.email)).resolves.toBeTruthy();
  });
});

describe("without APP_URL", () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ env: { APP_URL: "", PORT: "3993", HOST: "0.0.0.0" } });
  });
  afterAll(() => local.close());

  const signInFrom = async (origin: string) => {
    const person = await createPerson(local.db, {});
    return local.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin, "content-type": "application/json" },
      payload: { email: person.email, password: TEST_PASSWORD },
    });
  };

  it("signs in from the addresses the server listens on: localhost, 127.0.0.1 and its LAN addresses", async () => {
    for (const origin of localOrigins("0.0.0.0", 3993)) {
      expect((await signInFrom(origin)).statusCode, origin).toBe(200);
    }
    expect(localOrigins("0.0.0.0", 3993)).toEqual(
      expect.arrayContaining(["http://localhost:3993", "http://127.0.0.1:3993"]),
    );
  });

  it("refuses another site, saying in pt-BR at which address Sereno opens", async () => {
    const response = await signInFrom(EVIL);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: "ORIGIN_REFUSED",
      message:
        "Este pedido não veio do endereço do Sereno. Abra o Sereno em http://localhost:3993, recarregue a página e tente de novo.",
    });
  });
});
