/** Uploads: images capped in pixels, and a refused upload never leaves its connection hanging (docs/decisions/018). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#core/messages.ts";
import { exercises } from "#server/db/schema/index.ts";
import { exerciseForm, pngOfSize } from "#tests/api/files.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_IMAGE_MB: "0.05" } });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
});
afterAll(async () => {
  await t.close();
});

const thumbnail = (bytes: Buffer) => exerciseForm({}, { thumbnail: { bytes, name: "capa.png", type: "image/png" } });

describe("upload limits", () => {
  it("refuses a thumbnail over 4096 × 4096 pixels, whatever its bytes, and stores nothing", async () => {
    const before = (await t.db.select().from(exercises)).length;
    const huge = await admin.as({
      method: "POST",
      url: "/api/admin/exercises",
      payload: thumbnail(pngOfSize(60000, 60000)),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe(messages.imageDimensionsTooLarge);
    expect((await t.db.select().from(exercises)).length).toBe(before);
    const fine = await admin.as({
      method: "POST",
      url: "/api/admin/exercises",
      payload: thumbnail(pngOfSize(4096, 4096)),
    });
    expect(fine.statusCode).toBe(201);
  });

  it("answers a broken multipart body with a 400 in pt-BR", async () => {
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=b"]) {
      const response = await admin.as({
        method: "POST",
        url: "/api/admin/exercises",
        headers: { "content-type": contentType },
        payload: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nPausa',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toMatch(/formulário|Dados inválidos|Preencha|obrigatório/);
    }
  });

  it("closes the connection after a 413, so the next request on it does not hang", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const big = Buffer.concat([pngOfSize(100, 100), Buffer.alloc(300 * 1024, 7)]);
    const form = thumbnail(big);
    const request = new Request("http://x", { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const send = (options: http.RequestOptions, payload?: Buffer) =>
      new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, agent, ...options }, (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        });
        req.on("error", reject);
        req.end(payload);
      });
    const refused = await send(
      {
        method: "POST",
        path: "/api/admin/exercises",
        headers: {
          origin: TEST_ORIGIN,
          cookie: admin.cookie,
          "content-type": request.headers.get("content-type") ?? "",
          "content-length": body.length,
        },
      },
      body,
    ).catch((error: Error) => ({ status: 0, connection: "reset", body: error.message }));
    // Either the 413 arrives with Connection: close, or the server cuts the upload short; never a kept-alive socket.
    if (refused.status !== 0) {
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe("close");
      expect(JSON.parse(refused.body).error.message).toMatch(/limite/);
    }
    const next = await send({ method: "GET", path: "/api/health" });
    expect(next.status).toBe(200);
    agent.destroy();
  }, 60_000);
});
