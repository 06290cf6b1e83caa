/**
 * Group sessions (docs/decisions/024): sector audiences, platform psychologist
 * facilitators, the 'alterado' e-mail and the audit trail of create/edit/cancel.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSessionWhen } from "#core/format.ts";
import {
  auditLog,
  groupSessionMaterials,
  groupSessionRegistrations,
  riskEstablishments,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { htmlAsPdf, pdfBytes } from "#tests/api/files.ts";
import { icsTimes } from "#tests/api/ics.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { drawPlaces } from "./registrations.ts";

let t: TestApp;
const clock = testClock("2026-11-23T09:00:00-03:00");
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let a: Awaited<ReturnType<typeof companyWithManager>>;
let admin: Person;
const sector: Record<"ops" | "opsNight" | "sales", string> = { ops: "", opsNight: "", sales: "" };

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PRIVACY_MIN_GROUP: "3" } });
  a = await companyWithManager(t.app, t.db, { name: "Alfa" });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  const [place] = await t.db
    .insert(riskEstablishments)
    .values({ companyId: a.company.id, name: "Matriz", cnpj: "11222333000181" })
    .returning();
  const add = async (name: string, parentId: string | null = null) => {
    const [row] = await t.db
      .insert(riskSectors)
      .values({ companyId: a.company.id, establishmentId: place?.id ?? "", name, kind: "setor", parentId })
      .returning();
    return row?.id ?? "";
  };
  sector.ops = await add("Operações");
  sector.opsNight = await add("Operações noturnas", sector.ops);
  sector.sales = await add("Vendas");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();
const START = "2026-11-23T09:00:00-03:00";

/** A support group's draw as its job runs it (registration closes 24 h before the start), then its e-mails; back to START. */
async function draw(at: string) {
  clock.set(at);
  await drawPlaces(t.db, t.app.deps.privacyKey, clock.now());
  await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
  clock.set(START);
}

function sessionInput(overrides: Record<string, unknown> = {}) {
  return {
    kind: "workshop",
    title: "Seguranca psicologica",
    description: "Conversa pratica.",
    facilitatorName: "Renata Prado",
    startsAt: inHours(48),
    durationMinutes: 60,
    capacity: 10,
    modality: "in_person",
    location: "Sala 3",
    ...overrides,
  };
}

async function memberIn(sectorId: string | null) {
  const person = await signedInPerson(t.app, t.db, { companyId: a.company.id });
  if (sectorId)
    await t.db.insert(riskSectorMembers).values({ userId: person.userId, companyId: a.company.id, sectorId });
  return person;
}

describe("audience by sector", () => {
  it("offers the company's sectors and shows a sector session only to people of those sectors (and below)", async () => {
    const options = await a.manager.as({ url: "/api/group-sessions/options" });
    expect(options.statusCode).toBe(200);
    expect(options.json().sectors.map((row: { name: string }) => row.name)).toEqual([
      "Operações",
      "Operações noturnas",
      "Vendas",
    ]);
    const missing = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ audience: "sectors", sectorIds: [] }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Escolha ao menos um setor.");
    const other = await companyWithManager(t.app, t.db, { name: "Beta" });
    const foreign = await other.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ audience: "sectors", sectorIds: [sector.ops] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe("Setor não encontrado nesta empresa.");

    const created = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ audience: "sectors", sectorIds: [sector.ops] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().session;
    expect(session.audience).toBe("sectors");
    expect(session.sectors).toEqual([{ id: sector.ops, name: "Operações" }]);

    const inOps = await memberIn(sector.ops);
    const inNight = await memberIn(sector.opsNight);
    const inSales = await memberIn(sector.sales);
    const noSector = await memberIn(null);
    const sees = async (person: Person) =>
      ((await person.as({ url: "/api/group-sessions" })).json() as { id: string }[]).some((s) => s.id === session.id);
    expect(await sees(inOps)).toBe(true);
    expect(await sees(inNight)).toBe(true);
    expect(await sees(inSales)).toBe(false);
    expect(await sees(noSector)).toBe(false);
    for (const outside of [inSales, noSector]) {
      const register = await outside.as({ method: "POST", url: `/api/group-sessions/${session.id}/registration` });
      expect(register.statusCode).toBe(404);
      const ics = await outside.as({ url: `/api/group-sessions/${session.id}/calendar.ics` });
      expect(ics.statusCode).toBe(404);
    }
    expect(
      (await inNight.as({ method: "POST", url: `/api/group-sessions/${session.id}/registration` })).statusCode,
    ).toBe(201);
    // Moving to another sector keeps the place they already have (they can still see and cancel it).
    await t.db
      .update(riskSectorMembers)
      .set({ sectorId: sector.sales })
      .where(eq(riskSectorMembers.userId, inNight.userId));
    expect(await sees(inNight)).toBe(true);
    expect(
      (await inNight.as({ method: "DELETE", url: `/api/group-sessions/${session.id}/registration` })).statusCode,
    ).toBe(200);
  });
});

describe("a platform psychologist as facilitator", () => {
  it("conducts a support group, sees who has a place, marks attendance by name; the company sees only the count", async () => {
    const psychologist = await verifiedPsychologist(t, admin.as, { name: "Dra. Helena Prates" });
    const pending = await verifiedPsychologist(t, admin.as, { name: "Psi Pendente", verify: false });
    const options = (await a.manager.as({ url: "/api/group-sessions/options" })).json();
    const offered = options.psychologists.map((row: { name: string }) => row.name);
    expect(offered).toContain("Dra. Helena Prates");
    expect(offered).not.toContain("Psi Pendente");
    const refused = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ kind: "support_group", facilitatorPsychologistId: pending.id }),
    });
    expect(refused.statusCode).toBe(400);

    const created = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({
        kind: "support_group",
        title: "Grupo de ansiedade",
        facilitatorName: "ignorado",
        facilitatorPsychologistId: psychologist.id,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json().session;
    expect(session.facilitatorName).toBe("Dra. Helena Prates");
    expect(session.facilitatorPsychologistId).toBe(psychologist.id);

    const people = await Promise.all([memberIn(null), memberIn(null), memberIn(null), memberIn(null)]);
    for (const person of people)
      await person.as({ method: "POST", url: `/api/group-sessions/${session.id}/registration` });
    // Before the draw the facilitator has nobody to run the session with; after it, who has a place.
    const early = (await psychologist.as({ url: "/api/group-sessions/facilitating" })).json();
    expect(early.find((s: { id: string }) => s.id === session.id).people).toEqual([]);
    await draw(inHours(24));

    const mine = await psychologist.as({ url: "/api/group-sessions/facilitating" });
    expect(mine.statusCode).toBe(200);
    const view = mine.json().find((s: { id: string }) => s.id === session.id);
    expect(view.companyName).toBe("Alfa");
    expect(view.people).toHaveLength(4);
    // Another psychologist's list does not have it, and they cannot mark it.
    const other = await verifiedPsychologist(t, admin.as, { name: "Outra Psi" });
    expect((await other.as({ url: "/api/group-sessions/facilitating" })).json()).toEqual([]);

    clock.set(inHours(49));
    const byOther = await other.as({
      method: "PUT",
      url: `/api/group-sessions/${session.id}/attendance`,
      payload: { attendedUserIds: [] },
    });
    expect(byOther.statusCode).toBe(404);
    // The manager no longer marks a psychologist's support group.
    const byManager = await a.manager.as({
      method: "PUT",
      url: `/api/group-sessions/${session.id}/attendance`,
      payload: { attendedCount: 3 },
    });
    expect(byManager.statusCode).toBe(409);
    const present = people.slice(0, 3).map((person) => person.userId);
    const marked = await psychologist.as({
      method: "PUT",
      url: `/api/group-sessions/${session.id}/attendance`,
      payload: { attendedUserIds: present },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await psychologist.as({ url: "/api/group-sessions/facilitating" })).json();
    expect(
      after
        .find((s: { id: string }) => s.id === session.id)
        .people.filter((p: { status: string }) => p.status === "attended"),
    ).toHaveLength(3);
    const managed = await a.manager.as({ url: "/api/group-sessions/manage" });
    const company = managed.json().sessions.find((s: { id: string }) => s.id === session.id);
    // Noisy figures of the disclosure layer, each shown or hidden on its noisy count, with the margin.
    expect(company.counts.waitlisted).toBeNull();
    expect(company.counts.margin).toBeGreaterThan(0);
    expect(company.people).toBeNull();
    for (const person of people) expect(managed.body).not.toContain(person.userId);
    clock.set("2026-11-23T09:00:00-03:00");
  });
});

describe("changes: the 'alterado' e-mail and the audit trail", () => {
  it("mails the updated .ics once per version to those with a place, and audits create, edit and cancel", async () => {
    const created = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ kind: "support_group", title: "Grupo de luto", capacity: 1 }),
    });
    const id = created.json().session.id as string;
    const [placed, waiting] = [await memberIn(null), await memberIn(null)];
    await placed.as({ method: "POST", url: `/api/group-sessions/${id}/registration` });
    await waiting.as({ method: "POST", url: `/api/group-sessions/${id}/registration` });
    // One place, two requests: the draw gives it to one of them.
    await draw(inHours(24));
    const [winner] = await t.db
      .select({ userId: groupSessionRegistrations.userId })
      .from(groupSessionRegistrations)
      .where(and(eq(groupSessionRegistrations.sessionId, id), eq(groupSessionRegistrations.status, "registered")));
    const drawn = [placed, waiting].find((person) => person.userId === winner?.userId);
    // A title-only edit mails nobody; a new time does.
    const retitled = await a.manager.as({
      method: "PATCH",
      url: `/api/group-sessions/${id}`,
      payload: sessionInput({ kind: undefined, title: "Grupo de luto (tarde)", capacity: 1 }),
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
    expect(t.mails.filter((mail) => mail.subject.startsWith("Alterado"))).toHaveLength(0);
    const newStart = inHours(72);
    const moved = await a.manager.as({
      method: "PATCH",
      url: `/api/group-sessions/${id}`,
      payload: sessionInput({ kind: undefined, startsAt: newStart, capacity: 1 }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
    const changed = t.mails.filter((mail) => mail.subject.startsWith("Alterado"));
    expect(changed.map((mail) => mail.to)).toEqual([drawn?.email]);
    const mail = changed[0];
    // A support group's e-mail and calendar carry the neutral title only.
    expect(mail?.subject).toBe("Alterado: Compromisso Sereno");
    expect(mail?.icalEvent?.content).toContain("SUMMARY:Compromisso Sereno");
    expect(mail?.icalEvent?.content).toContain("SEQUENCE:2");
    expect(mail?.icalEvent?.content).not.toContain("luto");
    // The file is at the new instant, and the text says that instant in the person's zone (issue 30).
    const times = icsTimes(mail?.icalEvent?.content ?? "");
    expect(times.start.toISOString()).toBe(newStart);
    expect(mail?.text).toContain(formatSessionWhen(newStart, "America/Sao_Paulo"));
    expect(mail?.text).not.toContain("luto");

    expect((await a.manager.as({ method: "POST", url: `/api/group-sessions/${id}/cancel` })).statusCode).toBe(200);
    const trail = await t.db
      .select({ action: auditLog.action, companyId: auditLog.companyId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "group-session"), eq(auditLog.targetId, id)))
      .orderBy(auditLog.createdAt);
    expect(trail.map((row) => row.action)).toEqual([
      "group-session.create",
      "group-session.update",
      "group-session.update",
      "group-session.cancel",
    ]);
    expect(trail.every((row) => row.companyId === a.company.id)).toBe(true);
    // The trail says what happened to the session, never who registered.
    for (const row of trail) expect(JSON.stringify(row.details)).not.toMatch(/@|[0-9a-f]{8}-/);
  });
});

function fileForm(bytes: Buffer, name: string, type = "application/pdf") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe("materials", () => {
  it("are uploaded by the manager and downloaded by who has a place (and the manager for workshops only)", async () => {
    const make = async (kind: string) =>
      (
        await a.manager.as({
          method: "POST",
          url: "/api/group-sessions",
          payload: sessionInput({ kind, title: `Com material ${kind}` }),
        })
      ).json().session.id as string;
    const workshop = await make("workshop");
    const support = await make("support_group");
    const [placed, outsider] = [await memberIn(null), await memberIn(null)];
    const bad = await a.manager.as({
      method: "POST",
      url: `/api/group-sessions/${workshop}/materials`,
      payload: fileForm(htmlAsPdf, "slides.pdf"),
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toBe("Envie um PDF ou uma imagem (PNG, JPG, WebP ou GIF).");
    expect(
      (
        await placed.as({
          method: "POST",
          url: `/api/group-sessions/${workshop}/materials`,
          payload: fileForm(pdfBytes, "x.pdf"),
        })
      ).statusCode,
    ).toBe(403);
    const ids: Record<string, string> = {};
    for (const [session, name] of [
      [workshop, "../../Slides: gestão do estresse"],
      [support, "Roteiro do grupo.pdf"],
    ] as const) {
      const uploaded = await a.manager.as({
        method: "POST",
        url: `/api/group-sessions/${session}/materials`,
        payload: fileForm(pdfBytes, name),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      ids[session] = uploaded.json().material.id;
    }
    const managed = (await a.manager.as({ url: "/api/group-sessions/manage" })).json();
    const workshopView = managed.sessions.find((s: { id: string }) => s.id === workshop);
    expect(workshopView.materials).toEqual([
      { id: ids[workshop], fileName: "Slides: gestão do estresse.pdf", sizeBytes: pdfBytes.length },
    ]);

    const url = (session: string) => `/api/group-sessions/${session}/materials/${ids[session]}`;
    // Before registering: listed for nobody, downloadable by nobody.
    const before = (await placed.as({ url: "/api/group-sessions" })).json();
    expect(before.find((s: { id: string }) => s.id === workshop).materials).toEqual([]);
    expect((await placed.as({ url: url(workshop) })).statusCode).toBe(403);
    for (const session of [workshop, support])
      await placed.as({ method: "POST", url: `/api/group-sessions/${session}/registration` });
    // A support group's materials come with a place, that is after the draw.
    const requested = (await placed.as({ url: "/api/group-sessions" })).json();
    expect(requested.find((s: { id: string }) => s.id === support).materials).toEqual([]);
    await draw(inHours(24));
    const after = (await placed.as({ url: "/api/group-sessions" })).json();
    expect(after.find((s: { id: string }) => s.id === support).materials).toHaveLength(1);
    for (const session of [workshop, support]) {
      const file = await placed.as({ url: url(session) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdfBytes)).toBe(true);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-disposition"]).toMatch(/^attachment;/);
      expect((await outsider.as({ url: url(session) })).statusCode).toBe(403);
    }
    // The manager downloads a workshop's material, never a support group's (nor does an admin).
    expect((await a.manager.as({ url: url(workshop) })).statusCode).toBe(200);
    expect((await a.manager.as({ url: url(support) })).statusCode).toBe(403);
    expect((await admin.as({ url: url(support) })).statusCode).toBe(403);
    // Never reachable at the public /media/ route, whatever the key.
    const [row] = await t.db
      .select()
      .from(groupSessionMaterials)
      .where(eq(groupSessionMaterials.id, ids[workshop] ?? ""));
    expect(row?.storageKey).toMatch(/^materials\/[0-9a-f-]{36}\.pdf$/);
    expect((await t.app.inject({ url: `/media/exercise-files/${row?.storageKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/exercise-files/%6Daterials/x.pdf` })).statusCode).toBe(404);

    const removed = await a.manager.as({ method: "DELETE", url: url(workshop) });
    expect(removed.statusCode).toBe(200);
    expect((await placed.as({ url: url(workshop) })).statusCode).toBe(404);
  });
});
