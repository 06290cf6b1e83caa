// The signed PGR psychosocial annex (docs/decisions/081, 082): a published inventory version signed
// with the SST professional's A1 certificate (PAdES, checked by poppler's pdfsig), every refusal a pt-BR
// 4xx with nothing signed or stored, and the members' page counting openings and downloads, never who.
// The certificates are test ones shaped like ICP-Brasil's (tests/api/test-certificates.ts), not a real chain.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import {
  auditLog,
  riskAnnexAccesses,
  riskInventorySignatures,
  riskInventoryVersions,
} from "#server/db/schema/index.ts";
import { captureLog } from "#tests/api/log-capture.ts";
import { pdfPages } from "#tests/api/pdf-text.ts";
import { allAnswers, riskCompany, storedAnswers } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import {
  cmsSignedAttributes,
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

/** A company with a published inventory version (one assessed line), its manager and a member. */
async function publishedVersion() {
  const setup = await riskCompany(t, { large: 1, small: 0 });
  const { campaign, large, post, manager } = setup;
  const criteria = await post("/api/risks/criteria", {});
  await post(`/api/risks/criteria/${criteria.id}/publish`, {});
  await post(`/api/risks/campaigns/${campaign.id}/open`, {});
  await setup.members[0]?.as({
    method: "POST",
    url: `/api/risks/survey/${campaign.id}`,
    payload: { answers: allAnswers(5) },
  });
  await post(`/api/risks/campaigns/${campaign.id}/close`, {});
  await storedAnswers(t.db, campaign.id, large.id, 40, 5);
  const assessed = await manager.as({
    method: "PUT",
    url: `/api/risks/campaigns/${campaign.id}/assessments`,
    payload: {
      sectorId: large.id,
      hazard: "sobrecarga",
      probability: 3,
      severity: 4,
      rationale: "Respostas em faixa adversa",
      sources: "Metas e escalas",
      harms: "Estresse",
      measuresInPlace: "Pausas",
      evidence: ["pesquisa"],
    },
  });
  expect(assessed.statusCode, assessed.body).toBe(200);
  await post(`/api/risks/campaigns/${campaign.id}/inventory`, { confirmar: true });
  const [version] = await t.db
    .select({ id: riskInventoryVersions.id })
    .from(riskInventoryVersions)
    .where(eq(riskInventoryVersions.establishmentId, setup.establishment.id));
  if (!version) throw new Error("no version");
  const versionId = version.id;
  return { ...setup, versionId };
}

/** Version 2 of the same establishment, as publishing would freeze it (its content copied from version 1). */
async function newerVersion(versionId: string): Promise<string> {
  const [first] = await t.db.select().from(riskInventoryVersions).where(eq(riskInventoryVersions.id, versionId));
  if (!first) throw new Error("no version 1");
  const [second] = await t.db
    .insert(riskInventoryVersions)
    .values({ ...first, id: undefined, version: 2, publishedAt: new Date() })
    .returning({ id: riskInventoryVersions.id });
  return second?.id ?? "";
}

const signatures = (versionId: string) =>
  t.db.select().from(riskInventorySignatures).where(eq(riskInventorySignatures.versionId, versionId));

describe("signing a published inventory version (issue 48 items 1 and 7)", () => {
  it("refuses each bad certificate and state with a pt-BR 4xx, signing and storing nothing", async () => {
    const { manager, company, versionId, campaign } = await publishedVersion();
    const sign = async (fields: Parameters<typeof signForm>[0], id = versionId) =>
      manager.as({ method: "POST", url: `/api/risks/inventory-versions/${id}/signature`, ...(await signForm(fields)) });
    const refusal = async (fields: Parameters<typeof signForm>[0], status: number, message: string, id?: string) => {
      const response = await sign(fields, id);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    };
    const base = { password: TEST_CERTIFICATE_PASSWORD, registration: "CREA-SP 5061234567" };

    await refusal(
      { ...base, certificate: Buffer.from("-----BEGIN CERTIFICATE-----\nnão é um pfx\n") },
      415,
      m.notPkcs12,
    );
    await refusal(
      { ...base, certificate: readFileSync(path.join(import.meta.dirname, "inventory-pdf.ts")) },
      415,
      m.notPkcs12,
    );
    await refusal({ ...base, certificate: testCertificate(), password: "senha errada" }, 400, m.wrongPassword);
    const expired = testCertificate({ validFrom: -400, validUntil: -2 });
    const expiredOn = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10)
      .split("-")
      .reverse()
      .join("/");
    await refusal({ ...base, certificate: expired }, 400, m.expired.replace("{date}", expiredOn));
    await refusal({ ...base, certificate: testCertificate({ usage: "encryption" }) }, 400, m.notForSigning);
    await refusal({ ...base, certificate: testCertificate({ validFrom: 3 }) }, 400, m.notYetValid);
    await refusal({ ...base, registration: "   ", certificate: testCertificate() }, 400, m.registrationRequired);
    await refusal({ registration: base.registration, certificate: testCertificate() }, 400, m.passwordMissing);
    await refusal({ ...base }, 400, m.certificateMissing);
    // A campaign whose inventory is not a published version; another company's or no version.
    await refusal({ ...base, certificate: testCertificate() }, 409, m.notPublished, campaign.id);
    // A version replaced by a newer one is not signed: the version in force is.
    await newerVersion(versionId);
    await refusal({ ...base, certificate: testCertificate() }, 409, m.superseded);
    const other = await companyWithManager(t.app, t.db);
    const foreign = await other.manager.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${versionId}/signature`,
      ...(await signForm({ ...base, certificate: testCertificate() })),
    });
    expect(foreign.statusCode).toBe(404);
    // A member cannot sign; an admin (the platform, not the company's SST professional) neither.
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const byMember = await member.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${versionId}/signature`,
      ...(await signForm({ ...base, certificate: testCertificate() })),
    });
    expect(byMember.statusCode).toBe(403);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const byAdmin = await admin.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${versionId}/signature?companyId=${company.id}`,
      ...(await signForm({ ...base, certificate: testCertificate() })),
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe(m.managersOnly);

    expect(await signatures(versionId)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-inventory.sign"))).toEqual([]);
    const list = (await manager.as({ method: "GET", url: "/api/risks/inventory-signatures" })).json();
    expect(list.signatures).toEqual([]);
  }, 120_000);

  it("signs with PAdES that pdfsig verifies, shows name and registration, and the version cannot be signed again", async () => {
    const { manager, company, versionId, members } = await publishedVersion();
    const certificate = testCertificate();
    const response = await manager.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${versionId}/signature`,
      ...(await signForm({ certificate, password: TEST_CERTIFICATE_PASSWORD, registration: "CREA-SP 5061234567" })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(m.signed);

    const [row] = await signatures(versionId);
    expect(row).toMatchObject({
      signerName: TEST_HOLDER,
      registration: "CREA-SP 5061234567",
      certificateIssuer: "AC TESTE SERENO",
      companyId: company.id,
    });
    const list = (await manager.as({ method: "GET", url: "/api/risks/inventory-signatures" })).json();
    expect(list.signatures).toHaveLength(1);
    expect(list.signatures[0]).toMatchObject({ versionId, version: 1, isCurrent: true, signerName: TEST_HOLDER });

    const download = await manager.as({ method: "GET", url: `/api/risks/inventory-signatures/${row?.id}/signed.pdf` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      'attachment; filename="inventario-riscos-matriz-versao-1-assinado.pdf"',
    );
    const signed = download.rawPayload;
    const verdict = pdfsig(signed);
    expect(verdict).toContain("Signature Type: ETSI.CAdES.detached");
    expect(verdict).toContain("Signature Validation: Signature is Valid.");
    expect(verdict).toContain("Total document signed");
    expect(verdict).toContain(`Signer Certificate Common Name: ${TEST_HOLDER}`);
    // PAdES B-B's signed attributes: content type, digest and the ESS signing certificate; no signing-time.
    expect(cmsSignedAttributes(signed)).toEqual({
      oids: ["1.2.840.113549.1.9.16.2.47", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4"],
      namesItsCertificate: true,
    });
    // The check can fail: one byte changed inside the signed range (the header's binary comment) breaks it.
    const tampered = Buffer.from(signed);
    tampered[11] = (tampered[11] ?? 0) ^ 1;
    const broken = pdfsig(tampered);
    expect(broken).toContain("Signature Type: ETSI.CAdES.detached");
    expect(broken).not.toContain("Signature is Valid.");

    // The visible block: the last page names the signer and the registration; the document before it is the version's.
    const pages = await pdfPages(new Uint8Array(signed));
    const last = pages.at(-1) ?? "";
    expect(last).toContain("Assinatura digital do profissional responsável (SST)");
    expect(last).toContain(TEST_HOLDER);
    expect(last).toContain("CREA-SP 5061234567");
    expect(last).not.toContain("12345678909");
    expect(pages[0]).toContain("Inventário de riscos psicossociais — NR-1");

    // Signed once: a second signature is refused and the stored file stays what it was.
    const again = await manager.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${versionId}/signature`,
      ...(await signForm({ certificate, password: TEST_CERTIFICATE_PASSWORD, registration: "CREA-SP 1" })),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadySigned);
    const [after] = await signatures(versionId);
    expect(after?.pdf.equals(signed)).toBe(true);
    // The database itself refuses to change a signature.
    await expect(
      t.db
        .update(riskInventorySignatures)
        .set({ registration: "outro" })
        .where(eq(riskInventorySignatures.versionId, versionId)),
    ).rejects.toThrow();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-inventory.sign"))).toHaveLength(1);

    // Neither the certificate's password nor its bytes are stored or logged.
    const stored = JSON.stringify(await t.db.select().from(auditLog));
    expect(stored).not.toContain(TEST_CERTIFICATE_PASSWORD);
    for (const line of log.lines) expect(line).not.toContain(TEST_CERTIFICATE_PASSWORD);
    expect(after?.pdf.includes(TEST_CERTIFICATE_PASSWORD)).toBe(false);

    // Every member reads the annex; openings and downloads are counted per day, never who.
    const member = members[0];
    if (!member) throw new Error("no member");
    const page = (await member.as({ method: "GET", url: "/api/pgr" })).json();
    expect(page.annexes).toHaveLength(1);
    expect(page.annexes[0]).toMatchObject({
      id: row?.id,
      version: 1,
      signerName: TEST_HOLDER,
      establishmentName: "Matriz",
    });
    expect(page.annexes[0].lines).toEqual([
      expect.objectContaining({ sectorName: "Atendimento", hazardName: expect.any(String), level: expect.any(String) }),
    ]);
    expect(JSON.stringify(page)).not.toMatch(/index|adverse|respons/i);
    const elsewhere = await signedInPerson(t.app, t.db, { companyId: company.id });
    for (const person of [member, elsewhere])
      expect((await person.as({ method: "POST", url: `/api/pgr/${row?.id}/view` })).statusCode).toBe(200);
    const memberDownload = await member.as({ method: "GET", url: `/api/pgr/${row?.id}/download.pdf` });
    expect(memberDownload.statusCode).toBe(200);
    expect(memberDownload.rawPayload.equals(signed)).toBe(true);
    const counted = await t.db
      .select()
      .from(riskAnnexAccesses)
      .where(eq(riskAnnexAccesses.signatureId, row?.id ?? ""));
    expect(counted).toEqual([{ signatureId: row?.id, day: expect.any(String), views: 2, downloads: 1 }]);
    const availability = (await manager.as({ method: "GET", url: "/api/risks/inventory-signatures" })).json();
    expect(availability.signatures[0].access).toEqual({
      views: 2,
      downloads: 1,
      viewsLast30Days: 2,
      downloadsLast30Days: 1,
    });
    // Another company's member reads nothing of it.
    const stranger = await signedInPerson(t.app, t.db, {
      companyId: (await companyWithManager(t.app, t.db)).company.id,
    });
    expect((await stranger.as({ method: "GET", url: "/api/pgr" })).json().annexes).toEqual([]);
    expect((await stranger.as({ method: "GET", url: `/api/pgr/${row?.id}/download.pdf` })).statusCode).toBe(404);
    expect((await stranger.as({ method: "POST", url: `/api/pgr/${row?.id}/view` })).statusCode).toBe(404);

    // A new version is signed again; from then on the members read it, and the old annex is not offered.
    const v2 = await newerVersion(versionId);
    const resigned = await manager.as({
      method: "POST",
      url: `/api/risks/inventory-versions/${v2}/signature`,
      ...(await signForm({ certificate, password: TEST_CERTIFICATE_PASSWORD, registration: "CREA-SP 5061234567" })),
    });
    expect(resigned.statusCode, resigned.body).toBe(200);
    const now = (await member.as({ method: "GET", url: "/api/pgr" })).json();
    expect(now.annexes.map((annex: { version: number }) => annex.version)).toEqual([2]);
    expect((await member.as({ method: "POST", url: `/api/pgr/${row?.id}/view` })).statusCode).toBe(404);
    const both = (await manager.as({ method: "GET", url: "/api/risks/inventory-signatures" })).json();
    expect(both.signatures.map((s: { version: number; isCurrent: boolean }) => [s.version, s.isCurrent])).toEqual([
      [2, true],
      [1, false],
    ]);
  }, 120_000);

  it("accepts a .pfx exported by OpenSSL 3 with its default (AES) protection", async () => {
    const { manager, versionId } = await publishedVersion();
    const work = mkdtempSync(path.join(tmpdir(), "sereno-openssl-"));
    try {
      const run = (...args: string[]) => execFileSync("openssl", args, { cwd: work, stdio: "pipe" });
      run(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "key.pem",
        "-out",
        "cert.pem",
        "-days",
        "30",
        "-subj",
        "/C=BR/O=ICP-Brasil (certificado de teste)/CN=JOAO TESTE:98765432100",
        "-addext",
        "keyUsage=critical,digitalSignature,nonRepudiation",
      );
      run(
        "pkcs12",
        "-export",
        "-inkey",
        "key.pem",
        "-in",
        "cert.pem",
        "-out",
        "a1.pfx",
        "-passout",
        "pass:outra-senha",
      );
      const response = await manager.as({
        method: "POST",
        url: `/api/risks/inventory-versions/${versionId}/signature`,
        ...(await signForm({
          certificate: readFileSync(path.join(work, "a1.pfx")),
          password: "outra-senha",
          registration: "MTE 12345",
        })),
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await signatures(versionId);
      expect(row?.signerName).toBe("JOAO TESTE");
      // An ECDSA key (which A1 certificates do not use today) is refused in words, not as a broken file.
      run(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        "ec.pem",
        "-out",
        "ec-cert.pem",
        "-days",
        "30",
        "-subj",
        "/CN=EC TESTE",
      );
      run("pkcs12", "-export", "-inkey", "ec.pem", "-in", "ec-cert.pem", "-out", "ec.pfx", "-passout", "pass:x");
      const next = await publishedVersion();
      const ec = await next.manager.as({
        method: "POST",
        url: `/api/risks/inventory-versions/${next.versionId}/signature`,
        ...(await signForm({
          certificate: readFileSync(path.join(work, "ec.pfx")),
          password: "x",
          registration: "MTE 1",
        })),
      });
      expect(ec.statusCode).toBe(400);
      expect(ec.json().error.message).toBe(m.notRsa);
      expect(pdfsig(row?.pdf ?? Buffer.alloc(0))).toContain("Signature is Valid.");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("a signature's retention", () => {
  it("goes with its version after the 20 years, and not before", async () => {
    const { versionId, company, establishment } = await publishedVersion();
    const [first] = await t.db.select().from(riskInventoryVersions).where(eq(riskInventoryVersions.id, versionId));
    if (!first) throw new Error("no version");
    // A version whose retention has passed (inserted so: the append-only trigger allows no edit).
    const [old] = await t.db
      .insert(riskInventoryVersions)
      .values({ ...first, id: undefined, version: 9, retainUntil: "2000-01-01" })
      .returning({ id: riskInventoryVersions.id });
    const signature = (id: string) => ({
      versionId: id,
      companyId: company.id,
      establishmentId: establishment.id,
      signerName: TEST_HOLDER,
      registration: "CREA-SP 1",
      certificateHolder: TEST_HOLDER,
      certificateIssuer: "AC TESTE SERENO",
      certificateSerial: "01",
      certificateNotAfter: new Date("2030-01-01T00:00:00Z"),
      sha256: "0",
      pdf: Buffer.from("%PDF-1.4\n"),
    });
    await t.db.insert(riskInventorySignatures).values([signature(versionId), signature(old?.id ?? "")]);
    // Its own row cannot be deleted while the version is kept.
    await expect(
      t.db.delete(riskInventorySignatures).where(eq(riskInventorySignatures.versionId, versionId)),
    ).rejects.toThrow();
    await t.db.delete(riskInventoryVersions).where(eq(riskInventoryVersions.id, old?.id ?? ""));
    expect(await signatures(old?.id ?? "")).toEqual([]);
    expect(await signatures(versionId)).toHaveLength(1);
  }, 120_000);
});
