// The Lei 14.457 file and the Lei 14.831 dossier as signed, kept documents (docs/decisions/098): each
// version signed with the responsible person's A1 certificate (PAdES, checked by poppler's pdfsig),
// kept unchanged and listed with date and signer; every bad certificate a pt-BR 4xx with nothing kept.
// The certificates are test ones shaped like ICP-Brasil's (tests/api/test-certificates.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceMessages as cm } from "#core/compliance-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, complianceSignedDocuments } from "#server/db/schema/index.ts";
import { captureLog } from "#tests/api/log-capture.ts";
import { pdfPages } from "#tests/api/pdf-text.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import {
  pdfsig,
  signForm,
  TEST_CERTIFICATE_PASSWORD,
  TEST_HOLDER,
  testCertificate,
} from "#tests/api/test-certificates.ts";

const m = serverMessages.signature;
const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
}, 120_000);
afterAll(() => t.close());

const base = { password: TEST_CERTIFICATE_PASSWORD, registration: "OAB-SP 123456" };
const kept = (companyId: string) =>
  t.db.select().from(complianceSignedDocuments).where(eq(complianceSignedDocuments.companyId, companyId));

describe("signed versions of the Lei 14.457 file and the Lei 14.831 dossier (issue 48 item 1)", () => {
  it("refuses each bad certificate and caller with a pt-BR 4xx, keeping nothing", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const sign = async (fields: Parameters<typeof signForm>[0], kind = "lei-14457") =>
      manager.as({ method: "POST", url: `/api/compliance/signed-documents/${kind}`, ...(await signForm(fields)) });
    const refusal = async (fields: Parameters<typeof signForm>[0], status: number, message: string, kind?: string) => {
      const response = await sign(fields, kind);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    };
    await refusal({ ...base, certificate: Buffer.from("não é um pfx") }, 415, m.notPkcs12);
    await refusal(
      { ...base, certificate: testCertificate(), password: "senha errada" },
      400,
      m.wrongPassword,
      "lei-14831",
    );
    const expired = testCertificate({ validFrom: -400, validUntil: -2 });
    const expiredOn = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10)
      .split("-")
      .reverse()
      .join("/");
    await refusal({ ...base, certificate: expired }, 400, m.expired.replace("{date}", expiredOn));
    await refusal(
      { ...base, certificate: testCertificate({ usage: "encryption" }) },
      400,
      m.notForSigning,
      "lei-14831",
    );
    await refusal({ ...base, registration: " ", certificate: testCertificate() }, 400, m.registrationRequired);
    await refusal({ registration: base.registration, certificate: testCertificate() }, 400, m.passwordMissing);
    await refusal({ ...base }, 400, m.certificateMissing);
    await refusal({ ...base, certificate: testCertificate() }, 400, serverMessages.notFound, "lei-9999");
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const byMember = await member.as({
      method: "POST",
      url: "/api/compliance/signed-documents/lei-14457",
      ...(await signForm({ ...base, certificate: testCertificate() })),
    });
    expect(byMember.statusCode).toBe(403);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const byAdmin = await admin.as({
      method: "POST",
      url: `/api/compliance/signed-documents/lei-14457?companyId=${company.id}`,
      ...(await signForm({ ...base, certificate: testCertificate() })),
    });
    expect([byAdmin.statusCode, byAdmin.json().error.message]).toEqual([403, m.managersOnly]);

    expect(await kept(company.id)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "compliance-document.sign"))).toEqual([]);
    expect((await manager.as({ method: "GET", url: "/api/compliance/signed-documents" })).json().documents).toEqual([]);
  }, 120_000);

  it("signs each document as a new version pdfsig verifies, kept unchanged and listed with date and signer", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const certificate = testCertificate();
    const sign = async (kind: string) =>
      manager.as({
        method: "POST",
        url: `/api/compliance/signed-documents/${kind}`,
        ...(await signForm({ ...base, certificate })),
      });
    const first = await sign("lei-14457");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, message: cm.documentSigned(1) });
    const second = await sign("lei-14457");
    expect(second.json()).toMatchObject({ version: 2, message: cm.documentSigned(2) });
    const dossier = await sign("lei-14831");
    expect(dossier.json()).toMatchObject({ version: 1 });

    const list = (await manager.as({ method: "GET", url: "/api/compliance/signed-documents" })).json().documents;
    expect(list.map((d: { kind: string; version: number }) => `${d.kind} v${d.version}`)).toEqual([
      "lei-14457 v2",
      "lei-14457 v1",
      "lei-14831 v1",
    ]);
    expect(list[0]).toMatchObject({ signerName: TEST_HOLDER, registration: "OAB-SP 123456" });
    expect(Number.isNaN(Date.parse(list[0].signedAt))).toBe(false);

    for (const [id, firstPage, name] of [
      [first.json().id, "14.457", "lei-14457-versao-1-assinado.pdf"],
      [dossier.json().id, "14.831", "lei-14831-versao-1-assinado.pdf"],
    ]) {
      const download = await manager.as({ method: "GET", url: `/api/compliance/signed-documents/${id}/signed.pdf` });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
      const verdict = pdfsig(download.rawPayload);
      expect(verdict).toContain("Signature Type: ETSI.CAdES.detached");
      expect(verdict).toContain("Signature Validation: Signature is Valid.");
      expect(verdict).toContain("Total document signed");
      expect(verdict).toContain(`Signer Certificate Common Name: ${TEST_HOLDER}`);
      const pages = await pdfPages(new Uint8Array(download.rawPayload));
      expect(pages[0]).toContain(firstPage);
      const last = pages.at(-1) ?? "";
      expect(last).toContain("Assinatura digital do responsável pela empresa");
      expect(last).toContain("OAB-SP 123456");
      // Every download is the stored file.
      const [row] = await t.db.select().from(complianceSignedDocuments).where(eq(complianceSignedDocuments.id, id));
      expect(row?.pdf.equals(download.rawPayload)).toBe(true);
    }

    // The database refuses to change or delete a signed version while its company exists.
    await expect(
      t.db
        .update(complianceSignedDocuments)
        .set({ registration: "outro" })
        .where(eq(complianceSignedDocuments.companyId, company.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(complianceSignedDocuments).where(eq(complianceSignedDocuments.companyId, company.id)),
    ).rejects.toThrow();
    expect(await kept(company.id)).toHaveLength(3);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "compliance-document.sign"))).toHaveLength(3);

    // Another company's manager neither lists nor downloads them.
    const other = await companyWithManager(t.app, t.db);
    expect(
      (await other.manager.as({ method: "GET", url: "/api/compliance/signed-documents" })).json().documents,
    ).toEqual([]);
    const foreign = await other.manager.as({
      method: "GET",
      url: `/api/compliance/signed-documents/${first.json().id}/signed.pdf`,
    });
    expect(foreign.statusCode).toBe(404);

    // Neither the certificate's password nor its bytes are stored or logged.
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(TEST_CERTIFICATE_PASSWORD);
    for (const line of log.lines) expect(line).not.toContain(TEST_CERTIFICATE_PASSWORD);
  }, 180_000);
});
