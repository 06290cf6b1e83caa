/**
 * One company's figures never show another's (docs/design.md §4): company A
 * is active (check-ins on closed days and today, an exercise, an invitation,
 * workshops with registrations, attendance and a material, care sessions,
 * a reward redeemed, an NR-1 structure with a survey answer, audited reads),
 * and every GET operation of /api/openapi.json is read as A's manager and as
 * an admin looking at A. Then a second company, B, becomes just as active,
 * and every read is made again: each reply must be byte for byte the same,
 * and none may name B (its ids, names, e-mails). A query that forgets its
 * company filter changes a count, a list or a total here.
 *
 * Driven by the OpenAPI document, so a new GET operation is read too; one
 * with a path parameter needs its A id below (the test says which).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDay } from "#core/dates.ts";
import {
  appointments,
  auditLog,
  careSettings,
  companies,
  content,
  exercises,
  groupSessionMaterials,
  groupSessionRegistrations,
  groupSessions,
  listeningAttachments,
  listeningCases,
  listeningMessages,
  rateLimits,
  rosterApiKeys,
} from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { pdfBytes } from "#tests/api/files.ts";
import { openApiOperations } from "#tests/api/openapi.ts";
import { replyText } from "#tests/api/reply-text.ts";
import { memberWithPoints } from "#tests/api/rewards.ts";
import { riskFixture } from "#tests/api/risk-fixture.ts";
import { insertPreviewedImport } from "#tests/api/roster.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;
type Active = Awaited<ReturnType<typeof makeActive>>;

/** Admin operations over the whole platform by design: they list every company. */
const PLATFORM_WIDE = new Set([
  "GET /api/companies",
  "GET /api/admin/companies",
  "GET /api/admin/care/summary",
  "GET /api/admin/jobs",
  "GET /api/admin/home",
  "GET /api/admin/psychologists",
  "GET /api/admin/rewards",
  "GET /api/admin/storage",
  "GET /api/admin/exercises",
  // The admin's own 'Baixar meus dados' counts the admin's own acts in every company (B's set-up included).
  "GET /api/me/export.json",
  "GET /api/me/export.html",
]);

// Fixed: every reply computed from 'now' is the same on both reads.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let psychologistId: string;
let exerciseId: string;
let contentId: string;
let a: Active;

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

function sessionBody(label: string, hoursFromNow: number) {
  return {
    title: `Oficina ${label}`,
    description: `Encontro da equipe ${label}`,
    facilitatorName: `Facilitadora ${label}`,
    startsAt: new Date(clock.now().getTime() + hoursFromNow * 3_600_000).toISOString(),
    durationMinutes: 60,
    capacity: 10,
    modality: "in_person" as const,
    location: `Sala ${label}`,
  };
}

/** A company and everything its people do that a manager's or an admin's reads could count. */
async function makeActive(label: string, hourOfCare: number) {
  const tag = `${label}${randomUUID().slice(0, 6)}`;
  const { company, manager } = await companyWithManager(t.app, t.db, { name: `Empresa ${tag}`, plan: "prime" });
  const companyId = company.id;
  const members = [];
  for (let i = 0; i < 6; i++) {
    members.push(await signedInPerson(t.app, t.db, { companyId, name: `Pessoa ${tag} ${i}` }));
  }
  const [first = members[0], second, third] = members;
  if (!first || !second || !third) throw new Error("no members");

  // Check-ins: three closed days (the product's own statement) and today (the API), then publishing.
  const today = localDay(clock.now(), "America/Sao_Paulo");
  for (const [n, member] of members.entries()) {
    for (const back of [1, 2, 3]) {
      const day = addDays(today, -back);
      await insertCheckInOnce(t.db, {
        userId: member.userId,
        companyId,
        mood: 1 + ((n + back) % 5),
        notes: null,
        at: new Date(`${day}T12:00:00-03:00`),
        day,
      });
    }
    expectStatus(await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } }), 201, "check-in");
  }
  const managerCheckIn = expectStatus(
    await manager.as({ method: "POST", url: "/api/check-ins", payload: { mood: 3 } }),
    201,
    "manager's check-in",
  );
  expectStatus(
    await first.as({ method: "POST", url: `/api/exercises/${exerciseId}/complete`, payload: {} }),
    200,
    "exercise",
  );
  await publishClosedDays(t.db, t.app.deps.privacyKey, clock.now(), 5, { budgetMs: 600_000 });

  const inviteEmail = `convidada-${tag.toLowerCase()}@exemplo.com.br`;
  expectStatus(
    await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: `Convidada ${tag}`, email: inviteEmail, companyId },
    }),
    201,
    "invite",
  );

  // Group sessions: a coming workshop with registrations and a material, and one that happened, with attendance.
  const created = expectStatus(
    await manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: { ...sessionBody(tag, 48), kind: "workshop", companyId },
    }),
    201,
    "group session",
  );
  const sessionId = created.json().session.id as string;
  for (const member of [first, second]) {
    expectStatus(
      await member.as({ method: "POST", url: `/api/group-sessions/${sessionId}/registration` }),
      201,
      "registration",
    );
  }
  const materialKey = `materials/${randomUUID()}.pdf`;
  await t.app.deps.storage.put(materialKey, Readable.from([pdfBytes]), "application/pdf");
  const [material] = await t.db
    .insert(groupSessionMaterials)
    .values({
      sessionId,
      fileName: `roteiro-${tag}.pdf`,
      contentType: "application/pdf",
      sizeBytes: pdfBytes.length,
      storageKey: materialKey,
    })
    .returning({ id: groupSessionMaterials.id });
  const [past] = await t.db
    .insert(groupSessions)
    .values({
      ...sessionBody(`${tag} passada`, -72),
      startsAt: new Date(clock.now().getTime() - 72 * 3_600_000),
      kind: "workshop",
      audience: "company",
      companyId,
    })
    .returning({ id: groupSessions.id });
  if (!past) throw new Error("no past session");
  for (const member of [first, second, third]) {
    await t.db
      .insert(groupSessionRegistrations)
      .values({ sessionId: past.id, userId: member.userId, status: "registered" });
  }
  expectStatus(
    await manager.as({
      method: "PUT",
      url: `/api/group-sessions/${past.id}/attendance`,
      payload: { attendedUserIds: [first.userId, second.userId] },
    }),
    200,
    "attendance",
  );

  // Care: a session budget, sessions held and one booked ahead.
  await t.db.insert(careSettings).values({ companyId, sessionsPerCycle: 10, cycle: "month" });
  for (const [i, member] of [first, second].entries()) {
    // The psychologist is shared: each company's sessions at their own hour.
    const startsAt = new Date(clock.now().getTime() - (i + 2) * 86_400_000 + hourOfCare * 3_600_000);
    await t.db.insert(appointments).values({
      psychologistId,
      memberId: member.userId,
      companyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      status: "held",
    });
  }

  // Rewards: the company's own reward, redeemed by a member.
  const reward = expectStatus(
    await manager.as({
      method: "POST",
      url: "/api/company/rewards",
      payload: { title: `Vale ${tag}`, description: "", pointsCost: 10, stock: 5, active: true },
    }),
    201,
    "reward",
  );
  const spender = await memberWithPoints(t, { company, manager }, 100, `Pessoa ${tag} pontos`);
  expectStatus(await spender.as({ method: "POST", url: `/api/rewards/${reward.json().id}/redeem` }), 201, "redemption");

  // The Lei 14.831 dossier (docs/decisions/094): a goal and a notice of the company's own.
  const goalBody = { metric: "adesao_ativa", target: `Meta ${tag}`, firstReviewOn: "2027-01-15", reviewEveryMonths: 3 };
  expectStatus(await manager.as({ method: "POST", url: "/api/dossier/goals", payload: goalBody }), 201, "goal");
  const notice = { title: `Aviso ${tag}`, body: `Você falou, fizemos ${tag}.` };
  expectStatus(await manager.as({ method: "POST", url: "/api/dossier/notices", payload: notice }), 201, "notice");

  // NR-1: structure, criteria, campaigns and inventory, and an answer to an open survey.
  const risk = await riskFixture(t.db, t.app.deps.storage, companyId, first.userId);
  const survey = await risk.requestFor("POST /api/risks/survey/{id}", "/api/risks/survey/{id}", companyId);
  expectStatus(
    await first.as({ method: "POST", url: survey.url, payload: survey.payload as InjectOptions["payload"] }),
    201,
    "survey answer",
  );

  // Audited reads of the team's figures.
  for (const url of ["/api/team/summary", "/api/reports", "/api/care/usage"]) {
    expectStatus(await manager.as({ url: `${url}?companyId=${companyId}` }), 200, url);
  }

  // An HR file imported into the company ('Importar pessoas'): its status and its rejections.
  const rosterImportId = await insertPreviewedImport(t.db, {
    companyId,
    by: manager.email,
    fileName: `pessoas-${tag}.csv`,
  });
  // A key of the HR API (docs/decisions/044): listed to its own company only.
  const [apiKey] = await t.db
    .insert(rosterApiKeys)
    .values({
      companyId,
      name: `Chave ${tag}`,
      prefix: "sereno_live_abcdef",
      secretHash: `hash-${tag}-${companyId}`,
      createdByEmail: manager.email,
    })
    .returning({ id: rosterApiKeys.id });

  // Canal de escuta (issue 35): the manager handles the company's cases; a member writes one.
  const appointed = await admin.as({
    method: "POST",
    url: `/api/admin/companies/${companyId}/escuta/responsaveis`,
    payload: { userId: manager.userId },
  });
  expectStatus(appointed, 201, "listening handler");
  const heard = expectStatus(
    await first.as({
      method: "POST",
      url: "/api/escuta/casos",
      payload: { kind: "mensagem", category: "sugestao", body: `Sugestão ${tag}` },
    }),
    201,
    "listening case",
  ).json();
  const [listeningCase] = await t.db
    .select({ id: listeningCases.id })
    .from(listeningCases)
    .where(eq(listeningCases.protocol, heard.protocol));
  const [firstMessage] = await t.db
    .select({ id: listeningMessages.id })
    .from(listeningMessages)
    .where(eq(listeningMessages.caseId, listeningCase?.id ?? ""));
  const attachmentKey = `escuta/${tag}-${companyId}.pdf`;
  await t.app.deps.storage.put(attachmentKey, Readable.from([pdfBytes]), "application/pdf");
  const [listeningAttachment] = await t.db
    .insert(listeningAttachments)
    .values({
      caseId: listeningCase?.id ?? "",
      messageId: firstMessage?.id ?? "",
      position: 1,
      fileName: "anexo-1.pdf",
      contentType: "application/pdf",
      sizeBytes: pdfBytes.length,
      storageKey: attachmentKey,
    })
    .returning({ id: listeningAttachments.id });

  const people = [manager, ...members, spender];
  return {
    companyId,
    manager,
    risk,
    sessionId,
    pastSessionId: past.id,
    materialId: material?.id ?? "",
    managerCheckInId: managerCheckIn.json().checkIn.id as string,
    /** A member the shared psychologist sees in care (the held sessions above). */
    patientId: first.userId,
    rosterImportId,
    listeningCaseId: listeningCase?.id ?? "",
    listeningAttachmentId: listeningAttachment?.id ?? "",
    /** What only this company has: none of it may appear in the other's replies. */
    markers: [
      companyId,
      tag,
      inviteEmail,
      sessionId,
      past.id,
      ...people.flatMap((person) => [person.userId, person.email]),
      rosterImportId,
      apiKey?.id ?? "",
      heard.protocol,
      listeningCase?.id ?? "",
    ],
  };
}

/** The URL that reads `operation` for company A: its ids in the path, its id in `companyId`. */
async function urlFor(operation: string, parameters: { in: string; name: string }[]): Promise<string> {
  const [, path = ""] = operation.split(" ");
  if (path.startsWith("/api/risks/")) return (await a.risk.requestFor(operation, path, a.companyId)).url;
  const ids: Record<string, Record<string, string>> = {
    "/api/check-ins/{id}": { id: a.managerCheckInId },
    "/api/content/{id}": { id: contentId },
    "/api/group-sessions/{id}/calendar.ics": { id: a.sessionId },
    "/api/group-sessions/{id}/attendance.csv": { id: a.pastSessionId },
    "/api/group-sessions/{id}/materials/{materialId}": { id: a.sessionId, materialId: a.materialId },
    "/api/care/psychologists/{id}": { id: psychologistId },
    "/api/care/threads/{otherId}": { otherId: psychologistId },
    "/api/care/patients/{memberId}/measures": { memberId: a.patientId },
    "/api/admin/companies/{id}/care": { id: a.companyId },
    "/api/admin/companies/{id}/escuta": { id: a.companyId },
    "/api/admin/companies/{id}/sso": { id: a.companyId },
    "/api/admin/companies/{id}/whatsapp": { id: a.companyId },
    "/api/admin/companies/{id}/msteams": { id: a.companyId },
    "/api/admin/companies/{id}/msteams/package": { id: a.companyId },
    // No SAML connection in the fixture: a steady 404.
    "/api/sso/saml/{companyId}/metadata": { companyId: a.companyId },
    "/api/roster/imports/{id}": { id: a.rosterImportId },
    "/api/roster/imports/{id}/rejections.csv": { id: a.rosterImportId },
    // Each download of the signed annex adds to A's count (decision 082), which another read here shows: an unknown
    // id keeps it a steady 404; signed-annex.test.ts reads A's annex as another company's member (404).
    "/api/pgr/{id}/download.pdf": { id: randomUUID() },
    // A has no signed compliance document in the fixture: a steady 404; signed-documents.test.ts reads A's as B's manager (404).
    "/api/compliance/signed-documents/{id}/signed.pdf": { id: randomUUID() },
    "/api/escuta/casos/{id}": { id: a.listeningCaseId },
    "/api/escuta/casos/{id}/anexos/{attachmentId}": { id: a.listeningCaseId, attachmentId: a.listeningAttachmentId },
    // A session is no HR API key: the same 401 before and after.
    "/api/v1/roster/sync/{id}": { id: a.rosterImportId },
    "/api/admin/companies/{id}/scim": { id: a.companyId },
    "/api/admin/companies/{id}/members": { id: a.companyId },
    // SCIM answers the company's token only (decision 048): a session is the same 401 before and after.
    "/scim/v2/Users/{id}": { id: a.companyId },
    "/scim/v2/Groups/{id}": { id: a.companyId },
    "/scim/v2/ResourceTypes/{id}": { id: "User" },
    "/scim/v2/Schemas/{id}": { id: "urn:ietf:params:scim:schemas:core:2.0:User" },
  };
  if (path === "/api/activation/{code}") {
    const [company] = await t.db
      .select({ code: companies.activationCode })
      .from(companies)
      .where(eq(companies.id, a.companyId));
    ids[path] = { code: company?.code ?? "" };
  }
  let url = path;
  for (const [name, value] of Object.entries(ids[path] ?? {})) url = url.replace(`{${name}}`, value);
  if (url.includes("{")) throw new Error(`${operation}: give it company A's ids in urlFor`);
  const query = new URLSearchParams();
  const names = new Set(parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name));
  if (names.has("companyId")) query.set("companyId", a.companyId);
  if (path === "/api/check-ins") query.set("month", localDay(clock.now(), "America/Sao_Paulo").slice(0, 7));
  if (path === "/api/invites/lookup") query.set("token", "x".repeat(40));
  return query.size ? `${url}?${query}` : url;
}

let getOperations: { operation: string; parameters: { in: string; name: string }[] }[] = [];
/** Each operation's URL, made once before the first read: making one may add a row to A (a file to download). */
const urls = new Map<string, string>();

/** Every GET as A's manager and as an admin looking at A. Reads are audited: their own entries go afterwards. */
async function readAll(): Promise<Map<string, string>> {
  for (const { operation, parameters } of getOperations) {
    if (!urls.has(operation)) urls.set(operation, await urlFor(operation, parameters));
  }
  const auditBefore = new Set((await t.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id));
  const replies = new Map<string, string>();
  const callers: [string, As][] = [
    ["gestor(a) de A", a.manager.as],
    ["admin", admin.as],
  ];
  for (const { operation } of getOperations) {
    // More documents than one person may download in an hour (docs/decisions/030): each read starts afresh.
    await t.db.delete(rateLimits);
    for (const [who, as] of callers) {
      if (who === "admin" && PLATFORM_WIDE.has(operation)) continue;
      const url = urls.get(operation) ?? "";
      replies.set(`${who}: ${operation}`, await replyText(await as({ method: "GET", url })));
    }
  }
  const added = (await t.db.select({ id: auditLog.id }).from(auditLog)).filter((row) => !auditBefore.has(row.id));
  for (const row of added) await t.db.delete(auditLog).where(eq(auditLog.id, row.id));
  return replies;
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  psychologistId = (await verifiedPsychologist(t, admin.as)).id;
  const [exercise] = await t.db.select({ id: exercises.id }).from(exercises).limit(1);
  const [item] = await t.db.select({ id: content.id }).from(content).limit(1);
  exerciseId = exercise?.id ?? "";
  contentId = item?.id ?? "";
  a = await makeActive("Alfa", 0);
  getOperations = (await openApiOperations(t.app))
    .filter((operation) => operation.method === "GET")
    .map((operation) => ({ operation: operation.key, parameters: operation.parameters }));
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** Where two replies part: a window around the first character that differs. */
function differenceOf(key: string, before: string, after: string): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const from = Math.max(0, at - 150);
  return `${key}\n  antes:  …${before.slice(from, at + 250)}\n  depois: …${after.slice(from, at + 250)}`;
}

describe("company isolation", () => {
  it("reads nothing of another active company: every reply about A is the same before and after B's activity", async () => {
    // A first pass settles what reading itself writes (a member's care credits are granted on first read),
    // so the export A's people download is the same in both passes unless B changes it.
    await readAll();
    const before = await readAll();
    const b = await makeActive("Bravo", 3);
    const after = await readAll();
    const changed = [...before.keys()].filter((key) => before.get(key) !== after.get(key));
    expect(changed.map((key) => differenceOf(key, before.get(key) ?? "", after.get(key) ?? ""))).toEqual([]);
    const naming = [...after.entries()].flatMap(([key, text]) =>
      b.markers.filter((marker) => text.includes(marker)).map((marker) => `${key} names ${marker}`),
    );
    expect(naming).toEqual([]);
    // The reads were about something: A's activity shows (its invitation, in Equipe's invitations list).
    expect(after.get("gestor(a) de A: GET /api/team/invites")).toContain(a.markers[2] ?? "?");
  }, 300_000);
});
