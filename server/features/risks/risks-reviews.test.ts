// Review triggers (NR-1 1.5.4.4.6), correcting participation records and
// removing a wrongly uploaded file (docs/decisions/026, sections 14–15).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { multipartFile } from "#tests/api/files.ts";
import { riskCompany } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
// 22:30 in São Paulo, when the UTC date is already the 23rd: 'today' for the company is the 22nd all the same.
const clock = testClock("2026-11-22T22:30:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

const today = () => "2026-11-22";
const shift = addDays;

describe("review triggers", () => {
  it("records a trigger, pulls the next review earlier (never later), audits it, in the company only", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, establishment, company } = setup;
    const url = `/api/risks/establishments/${establishment.id}/review-triggers`;
    const post = (payload: Record<string, unknown>, as = manager.as) => as({ method: "POST", url, payload });
    const overview = async () => (await manager.as({ method: "GET", url: "/api/risks" })).json();
    const far = shift(today(), 700);
    await manager.as({
      method: "PATCH",
      url: `/api/risks/establishments/${establishment.id}`,
      payload: { nextReviewOn: far },
    });

    // Without a new date: recorded, the review date stays.
    const plain = await post({
      kind: "solicitacao",
      occurredOn: shift(today(), -3),
      description: "A CIPA pediu a revisão depois da troca de turnos.",
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().message).toBe(riskMessages.triggerSaved);
    expect((await overview()).establishments[0].nextReviewOn).toBe(far);

    // With an earlier date: the next review moves.
    const soon = shift(today(), 30);
    const pulled = await post({
      kind: "acidente",
      occurredOn: today(),
      description: "Afastamento por estresse no atendimento.",
      reviewDueOn: soon,
    });
    expect(pulled.statusCode).toBe(201);
    expect(pulled.json().message).toBe(riskMessages.triggerSavedWithDate);
    const after = await overview();
    expect(after.establishments[0].nextReviewOn).toBe(soon);
    expect(after.reviewTriggers).toHaveLength(2);
    expect(after.reviewTriggers[0]).toMatchObject({
      kind: "acidente",
      establishmentId: establishment.id,
      reviewDueOn: soon,
      description: "Afastamento por estresse no atendimento.",
    });

    // Refusals in pt-BR, nothing saved.
    const later = await post({ kind: "outro", occurredOn: today(), description: "x", reviewDueOn: shift(soon, 1) });
    expect(later.statusCode).toBe(400);
    expect(later.json().error.message).toBe(riskMessages.reviewNotEarlier(soon.split("-").reverse().join("/")));
    const past = await post({ kind: "outro", occurredOn: today(), description: "x", reviewDueOn: shift(today(), -1) });
    expect(past.json().error.message).toBe(riskMessages.reviewInPast);
    // Tomorrow in São Paulo, though already today in UTC.
    const future = await post({ kind: "outro", occurredOn: shift(today(), 1), description: "x" });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(riskMessages.triggerInFuture);
    const badKind = await post({ kind: "ferias", occurredOn: today(), description: "x" });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.message).toBe(riskMessages.triggerKindRequired);
    const blank = await post({ kind: "outro", occurredOn: today(), description: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(riskMessages.triggerDescriptionRequired);
    const badDate = await post({ kind: "outro", occurredOn: "ontem", description: "x" });
    expect(badDate.json().error.message).toBe(riskMessages.invalidDate);
    for (const occurredOn of ["2026-02-30", "2026-13-45"]) {
      const noSuchDay = await post({ kind: "outro", occurredOn, description: "x" });
      expect(noSuchDay.statusCode).toBe(400);
      expect(noSuchDay.json().error.message).toBe(riskMessages.invalidDate);
    }

    // Company isolation and roles.
    const other = await companyWithManager(t.app, t.db);
    const foreign = await post({ kind: "outro", occurredOn: today(), description: "x" }, other.manager.as);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(riskMessages.establishmentNotFound);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await post({ kind: "outro", occurredOn: today(), description: "x" }, member.as)).statusCode).toBe(403);
    const final = await overview();
    expect(final.reviewTriggers).toHaveLength(2);
    expect(final.establishments[0].nextReviewOn).toBe(soon);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, "risk-review-trigger.record")));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ kind: "acidente", reviewFrom: far, reviewTo: soon }),
    );
  });

  it("settles two earlier dates at once by the row lock: the later one is refused or both land, never a later date", async () => {
    const { manager, establishment } = await riskCompany(t, { large: 1, small: 0 });
    const url = `/api/risks/establishments/${establishment.id}/review-triggers`;
    const [a, b] = [shift(today(), 10), shift(today(), 20)];
    const results = await Promise.all(
      [a, b].map((reviewDueOn) =>
        manager.as({
          method: "POST",
          url,
          payload: { kind: "outro", occurredOn: today(), description: "x", reviewDueOn },
        }),
      ),
    );
    for (const result of results) expect([201, 400]).toContain(result.statusCode);
    const overview = (await manager.as({ method: "GET", url: "/api/risks" })).json();
    expect(overview.establishments[0].nextReviewOn).toBe(a);
  });
});

describe("participation records and files", () => {
  it("edits and deletes a record, removes a wrong file from a record and from an action, the stored object too", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, establishment, large, company } = setup;
    const as = manager.as;
    const record = await setup.post(`/api/risks/establishments/${establishment.id}/records`, {
      kind: "reuniao",
      heldOn: "2026-11-12",
      description: "Roda de conversa",
      attendees: 14,
    });
    const upload = (url: string, name: string) =>
      multipartFile(Buffer.from(`%PDF-1.4\n%${name}\n`), name).then((body) => as({ method: "POST", url, ...body }));
    await upload(`/api/risks/records/${record.id}/files`, "certo.pdf");
    await upload(`/api/risks/records/${record.id}/files`, "errado.pdf");
    const overview = async () => (await as({ method: "GET", url: "/api/risks" })).json();
    const files = (await overview()).records[0].files as { key: string; name: string; url: string }[];
    const wrong = files.find((f) => f.name === "errado.pdf");
    if (!wrong) throw new Error("no file");
    expect((await as({ method: "GET", url: wrong.url })).statusCode).toBe(200);

    const removeUrl = (key: string, id = record.id, kind = "records") =>
      `/api/risks/${kind}/${id}/files?${new URLSearchParams({ key })}`;
    // Another company's manager and a member cannot remove it.
    const other = await companyWithManager(t.app, t.db);
    expect((await other.manager.as({ method: "DELETE", url: removeUrl(wrong.key) })).statusCode).toBe(404);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await member.as({ method: "DELETE", url: removeUrl(wrong.key) })).statusCode).toBe(403);

    const removed = await as({ method: "DELETE", url: removeUrl(wrong.key) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(riskMessages.fileRemoved);
    expect((await overview()).records[0].files.map((f: { name: string }) => f.name)).toEqual(["certo.pdf"]);
    expect((await as({ method: "GET", url: wrong.url })).statusCode).toBe(404);
    await expect(t.app.deps.storage.get(wrong.key)).rejects.toThrow();
    const again = await as({ method: "DELETE", url: removeUrl(wrong.key) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(riskMessages.fileNotFound);
    const badKey = await as({ method: "DELETE", url: removeUrl("../../etc/passwd") });
    expect(badKey.statusCode).toBe(400);

    // An action's evidence.
    const action = await setup.post("/api/risks/actions", {
      sectorId: large.id,
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
    await upload(`/api/risks/actions/${action.id}/files`, "foto-errada.pdf");
    const [evidence] = (await overview()).actions[0].evidenceFiles;
    expect(
      (await other.manager.as({ method: "DELETE", url: removeUrl(evidence.key, action.id, "actions") })).statusCode,
    ).toBe(404);
    const gone = await as({ method: "DELETE", url: removeUrl(evidence.key, action.id, "actions") });
    expect(gone.statusCode).toBe(200);
    expect((await overview()).actions[0].evidenceFiles).toEqual([]);
    expect((await as({ method: "GET", url: evidence.url })).statusCode).toBe(404);
    await expect(t.app.deps.storage.get(evidence.key)).rejects.toThrow();

    // Editing a record.
    const patch = (payload: Record<string, unknown>, who = as) =>
      who({ method: "PATCH", url: `/api/risks/records/${record.id}`, payload });
    const edited = await patch({ description: "Roda de conversa sobre escalas", attendees: 12 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(riskMessages.recordUpdated);
    expect((await overview()).records[0]).toMatchObject({
      description: "Roda de conversa sobre escalas",
      attendees: 12,
    });
    const blank = await patch({ description: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(riskMessages.nameRequired);
    expect((await patch({ attendees: 1 }, other.manager.as)).statusCode).toBe(404);
    expect((await patch({ attendees: 1 }, member.as)).statusCode).toBe(403);

    // Deleting a record takes its stored files with it.
    const [kept] = (await overview()).records[0].files;
    expect((await other.manager.as({ method: "DELETE", url: `/api/risks/records/${record.id}` })).statusCode).toBe(404);
    const deleted = await as({ method: "DELETE", url: `/api/risks/records/${record.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(riskMessages.recordDeleted);
    expect((await overview()).records).toEqual([]);
    expect((await as({ method: "GET", url: kept.url })).statusCode).toBe(404);
    await expect(t.app.deps.storage.get(kept.key)).rejects.toThrow();
    const missing = await as({ method: "DELETE", url: `/api/risks/records/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(riskMessages.recordNotFound);
  });
});
