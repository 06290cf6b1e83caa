/** Uploads: images capped in pixels, broken forms refused in pt-BR (docs/decisions/018; a 413 on a real socket: server/upload-keep-alive.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { exercises } from "#server/db/schema/index.ts";
import { exerciseForm, pngOfSize } from "#tests/api/files.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

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
    expect(huge.json().error.message).toBe(serverMessages.imageDimensionsTooLarge);
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
});
