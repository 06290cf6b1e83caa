// NR-1 evidence files are private (docs/decisions/030): downloaded through
// /api/risks by the company's managers and admins only, as attachments, never
// from the public /media/ path; images have the pixel cap; uploads are limited.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileLimitMessages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskParticipationRecords } from "#server/db/schema/index.ts";
import { fileLimits } from "#server/features/auth/file-limits.ts";
import { multipartFile, pngOfSize } from "#tests/api/files.ts";
import { riskCompany } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { moveLegacyEvidence } from "./move-legacy-evidence.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const minutes = Buffer.from("%PDF-1.4\n%ata da CIPA com nomes\n");

async function recordWithFile() {
  const setup = await riskCompany(t, { large: 1, small: 0 });
  const record = await setup.post(`/api/risks/establishments/${setup.establishment.id}/records`, {
    kind: "cipa",
    heldOn: "2026-11-10",
    description: "Reunião da CIPA",
    attendees: 9,
  });
  const uploaded = await setup.manager.as({
    method: "POST",
    url: `/api/risks/records/${record.id}/files`,
    ...(await multipartFile(minutes, "Ata da reunião.pdf")),
  });
  expect(uploaded.statusCode).toBe(201);
  const overview = (await setup.manager.as({ method: "GET", url: "/api/risks" })).json();
  const file = overview.records[0].files[0] as { key: string; name: string; url: string };
  return { ...setup, record, file };
}

describe("downloading evidence", () => {
  it("sends a record's file as an attachment to the company's manager and an admin, to no one else", async () => {
    const { manager, company, record, file } = await recordWithFile();
    expect(file.key).toMatch(/^evidence\/[0-9a-f-]{36}\.pdf$/);
    expect(file.url).toBe(
      `/api/risks/records/${record.id}/files?${new URLSearchParams({ key: file.key, companyId: company.id })}`,
    );

    const served = await manager.as({ method: "GET", url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(minutes)).toBe(true);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe(
      `attachment; filename="Ata da reuni_o.pdf"; filename*=UTF-8''Ata%20da%20reuni%C3%A3o.pdf`,
    );
    expect(served.headers["cache-control"]).toBe("no-store");

    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    expect((await admin.as({ method: "GET", url: file.url })).statusCode).toBe(200);

    // No session, a member of the company, another company's manager: refused, the file never sent.
    const anonymous = await t.app.inject({ method: "GET", url: file.url });
    expect(anonymous.statusCode).toBe(401);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await member.as({ method: "GET", url: file.url })).statusCode).toBe(403);
    const other = await companyWithManager(t.app, t.db);
    const naming = await other.manager.as({ method: "GET", url: file.url });
    expect(naming.statusCode).toBe(403);
    const own = await other.manager.as({
      method: "GET",
      url: `/api/risks/records/${record.id}/files?${new URLSearchParams({ key: file.key })}`,
    });
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain("CIPA com nomes");

    // A key that is not on this record is not found, even one of the same company.
    const stranger = `/api/risks/records/${record.id}/files?${new URLSearchParams({ key: `evidence/${randomUUID()}.pdf` })}`;
    expect((await manager.as({ method: "GET", url: stranger })).statusCode).toBe(404);
  });

  it("sends an action's evidence the same way, and never from the public media path", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const action = await setup.post("/api/risks/actions", {
      sectorId: setup.large.id,
      hazard: "sobrecarga",
      title: "Rever metas",
      hierarchy: "organizacional",
      owner: "RH",
      dueOn: "2027-01-31",
      status: "planejada",
      followUp: "",
      measurement: "",
      effectiveness: "",
    });
    const uploaded = await setup.manager.as({
      method: "POST",
      url: `/api/risks/actions/${action.id}/files`,
      ...(await multipartFile(minutes, "lista.pdf")),
    });
    expect(uploaded.statusCode).toBe(201);
    const [file] = (await setup.manager.as({ method: "GET", url: "/api/risks" })).json().actions[0].evidenceFiles;
    const served = await setup.manager.as({ method: "GET", url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="lista.pdf"/);
    expect((await t.app.inject({ method: "GET", url: file.url })).statusCode).toBe(401);
    const other = await companyWithManager(t.app, t.db);
    expect((await other.manager.as({ method: "GET", url: file.url })).statusCode).toBe(403);

    const publicPath = t.app.deps.storage.publicUrl(file.key);
    expect((await t.app.inject({ method: "GET", url: publicPath })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: publicPath.replace("/evidence/", "/./evidence/") })).statusCode,
    ).toBe(404);
  });
});

describe("evidence stored before decision 030", () => {
  it("is refused at /media/ and moved into the private folder, its row pointing at the new key", async () => {
    const { manager, establishment, company } = await riskCompany(t, { large: 1, small: 0 });
    const storage = t.app.deps.storage;
    const uuid = randomUUID();
    const legacy = `media/evidencia-${uuid}.pdf`;
    await storage.put(legacy, Readable.from([minutes]), "application/pdf");
    const [record] = await t.db
      .insert(riskParticipationRecords)
      .values({
        companyId: company.id,
        establishmentId: establishment.id,
        kind: "cipa",
        heldOn: "2026-10-01",
        description: "Ata antiga",
        files: [{ key: legacy, name: "ata-antiga.pdf", url: storage.publicUrl(legacy) } as never],
      })
      .returning();
    if (!record) throw new Error("no record");
    const publicPath = storage.publicUrl(legacy);
    expect((await t.app.inject({ method: "GET", url: publicPath })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: publicPath.replace("/media/evidencia", "/media//evidencia") }))
        .statusCode,
    ).toBe(404);

    // Before the move the listed url already downloads it through the app, never the stored public one.
    const before = (await manager.as({ method: "GET", url: "/api/risks" })).json().records[0].files[0];
    expect(before.url).toMatch(/^\/api\/risks\/records\//);
    expect((await manager.as({ method: "GET", url: before.url })).statusCode).toBe(200);

    const log = { info() {}, warn() {}, error() {} } as never;
    expect(await moveLegacyEvidence(t.db, storage, log)).toBeGreaterThanOrEqual(1);
    const [moved] = await t.db
      .select()
      .from(riskParticipationRecords)
      .where(eq(riskParticipationRecords.id, record.id));
    expect(moved?.files).toEqual([{ key: `evidence/${uuid}.pdf`, name: "ata-antiga.pdf" }]);
    await expect(storage.get(legacy)).rejects.toThrow();
    const after = (await manager.as({ method: "GET", url: "/api/risks" })).json().records[0].files[0];
    const served = await manager.as({ method: "GET", url: after.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(minutes)).toBe(true);
    // Running again moves nothing and breaks nothing.
    expect(await moveLegacyEvidence(t.db, storage, log)).toBe(0);
  });
});

describe("uploading evidence", () => {
  it("refuses an image over 4096 × 4096 pixels with the pt-BR message, and stores nothing", async () => {
    const { manager, record } = await recordWithFile();
    const huge = await manager.as({
      method: "POST",
      url: `/api/risks/records/${record.id}/files`,
      ...(await multipartFile(pngOfSize(100_000, 100_000), "lista.png")),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe(serverMessages.imageDimensionsTooLarge);
    const fine = await manager.as({
      method: "POST",
      url: `/api/risks/records/${record.id}/files`,
      ...(await multipartFile(pngOfSize(1200, 1600), "lista.png")),
    });
    expect(fine.statusCode).toBe(201);
    const files = (await manager.as({ method: "GET", url: "/api/risks" })).json().records[0].files;
    expect(files.map((file: { name: string }) => file.name)).toEqual(["Ata da reunião.pdf", "lista.png"]);
  });

  it("limits uploads per person and per company, with a pt-BR message and Retry-After", async () => {
    const { manager, company, record } = await recordWithFile();
    const url = `/api/risks/records/${record.id}/files`;
    const { perPerson, perCompany, what } = fileLimits.evidenceUpload;
    // recordWithFile uploaded one already.
    for (let i = 1; i < perPerson.max; i++)
      expect(
        (await manager.as({ method: "POST", url, ...(await multipartFile(minutes, `p${i}.pdf`)) })).statusCode,
      ).toBe(201);
    const refused = await manager.as({ method: "POST", url, ...(await multipartFile(minutes, "demais.pdf")) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(refused.json().error.message).toBe(fileLimitMessages.perPerson(what, perPerson.max, 3600));
    expect(refused.json().error.message).toBe(
      "Você atingiu o limite de 20 arquivos enviados por hora. Tente novamente em 60 minutos.",
    );

    // The company's own window: a second manager is refused once the company's count is used up.
    await t.db.execute(
      sql`UPDATE rate_limits SET count = ${perCompany.max} WHERE key = ${`file:evidenceUpload:company:${company.id}`}`,
    );
    const colleague = await signedInPerson(t.app, t.db, { role: "manager", companyId: company.id });
    const overCompany = await colleague.as({ method: "POST", url, ...(await multipartFile(minutes, "x.pdf")) });
    expect(overCompany.statusCode).toBe(429);
    expect(overCompany.json().error.message).toMatch(/^Sua empresa atingiu o limite de 100 arquivos enviados por hora/);
    const files = (await manager.as({ method: "GET", url: "/api/risks" })).json().records[0].files;
    expect(files).toHaveLength(perPerson.max);
  });
});
