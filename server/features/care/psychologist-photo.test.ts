/** The psychologist's photo is an upload (docs/decisions/025, 'Photo upload'): checked like every image, pt-BR refusals. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileTooLargeMessage } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { htmlAsPdf, pngOfSize } from "#tests/api/files.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let company: Awaited<ReturnType<typeof companyWithManager>>;

const photoForm = (bytes: Buffer, field = "photo", type = "image/png") => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), "foto.png");
  return form;
};

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_IMAGE_MB: "0.05" } });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("the psychologist's photo", () => {
  it("is uploaded by the admin, shown in the directory and the psychologist's page, replaced and removed with its file", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const card = async () => {
      const list = (await member.as({ url: "/api/care/psychologists" })).json() as {
        id: string;
        photoUrl: string | null;
      }[];
      return list.find((item) => item.id === psi.id);
    };
    expect((await card())?.photoUrl).toBeNull();

    const first = await admin.as({
      method: "PUT",
      url: `/api/admin/psychologists/${psi.id}/photo`,
      payload: photoForm(pngOfSize(64, 64)),
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().photoUrl as string;
    expect(firstUrl).toMatch(/^\/media\/exercise-files\/photos\/\d+-\w+\.png$/);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(200);
    expect((await card())?.photoUrl).toBe(firstUrl);
    const page = (await member.as({ url: `/api/care/psychologists/${psi.id}` })).json();
    expect(page.photoUrl).toBe(firstUrl);

    const second = await admin.as({
      method: "PUT",
      url: `/api/admin/psychologists/${psi.id}/photo`,
      payload: photoForm(pngOfSize(80, 80)),
    });
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().photoUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(404);

    const removed = await admin.as({ method: "DELETE", url: `/api/admin/psychologists/${psi.id}/photo` });
    expect(removed.json().photoUrl).toBeNull();
    expect((await t.app.inject({ url: secondUrl })).statusCode).toBe(404);
    expect((await card())?.photoUrl).toBeNull();
  });

  it("refuses what is not a small image with a pt-BR message, and keeps the photo it had", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const url = `/api/admin/psychologists/${psi.id}/photo`;
    const kept = (await admin.as({ method: "PUT", url, payload: photoForm(pngOfSize(64, 64)) })).json().photoUrl;

    const html = await admin.as({ method: "PUT", url, payload: photoForm(htmlAsPdf) });
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(serverMessages.photoTypeInvalid);

    const big = await admin.as({
      method: "PUT",
      url,
      payload: photoForm(Buffer.concat([pngOfSize(100, 100), Buffer.alloc(80 * 1024, 7)])),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(fileTooLargeMessage("imagem", 0.05));

    const huge = await admin.as({ method: "PUT", url, payload: photoForm(pngOfSize(60000, 60000)) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe(serverMessages.imageDimensionsTooLarge);

    const wrongField = await admin.as({ method: "PUT", url, payload: photoForm(pngOfSize(64, 64), "arquivo") });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(serverMessages.photoRequired);

    const list = (await admin.as({ url: "/api/admin/psychologists" })).json() as { id: string; photoUrl: string }[];
    expect(list.find((item) => item.id === psi.id)?.photoUrl).toBe(kept);
  });

  it("is the admin's alone, and no longer an address typed into the form", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    for (const as of [psi.as, member.as, company.manager.as]) {
      const response = await as({
        method: "PUT",
        url: `/api/admin/psychologists/${psi.id}/photo`,
        payload: photoForm(pngOfSize(64, 64)),
      });
      expect(response.statusCode).toBe(403);
      expect((await as({ method: "DELETE", url: `/api/admin/psychologists/${psi.id}/photo` })).statusCode).toBe(403);
    }
    const unknown = await admin.as({
      method: "PUT",
      url: "/api/admin/psychologists/00000000-0000-4000-8000-000000000000/photo",
      payload: photoForm(pngOfSize(64, 64)),
    });
    expect(unknown.statusCode).toBe(404);
    const withUrl = await admin.as({
      method: "POST",
      url: "/api/admin/psychologists",
      payload: {
        fullName: "Com Endereço",
        email: "com-endereco@exemplo.com.br",
        crpNumber: "06/123456",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-10",
        photoUrl: "https://exemplo.com.br/foto.png",
      },
    });
    expect(withUrl.statusCode).toBe(400);
  });
});
