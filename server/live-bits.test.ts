/**
 * Zero live bits (issue 32, first 'Done when'): every GET operation of
 * /api/openapi.json is read by the manager, an admin and three members around
 * each sensitive act of one person, the target: booking, attending or missing
 * a psychologist session, registering for or leaving a support group,
 * answering the NR-1 questionnaire, getting the support card, giving the
 * WHO-5 consent and answering the WHO-5. Nothing anyone
 * else reads may change, status or body; an ordinary check-in may move the
 * plain counts of isCheckInCount and nothing else. The fixture is
 * tests/api/watched-company.ts.
 *
 * Driven by the OpenAPI document: a new GET route is read too, and one with a
 * path parameter the test cannot fill fails it (give it the fixture's ids in
 * urlFor), so a new figure cannot skip the disclosure layer unseen.
 *
 * Each act is a plain `it` (the act must work); its pair says nobody else's
 * reading moved.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHO5_CONSENT_VERSION } from "#core/who5.ts";
import { auditLog, companies } from "#server/db/schema/index.ts";
import { book } from "#tests/api/care-calls.ts";
import { type Difference, differences, linesOf, type Reading } from "#tests/api/differences.ts";
import { type OpenApiOperation, openApiOperations, parameterNames } from "#tests/api/openapi.ts";
import { bodyText } from "#tests/api/reply-text.ts";
import { allAnswers } from "#tests/api/risks.ts";
import { insertPreviewedImport } from "#tests/api/roster.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { BOOKED_AT, expectStatus, FIXTURE_AT, publishDays, watchedCompany } from "#tests/api/watched-company.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Routes with a path parameter that is by nature the viewer's own: not read (nobody else's id answers). */
const OWN_DATA: Record<string, string> = {
  "GET /api/check-ins/{id}": "one of the viewer's own check-ins; anyone else's id is a 404",
  "GET /api/care/threads/{otherId}": "the viewer's own conversation with their psychologist",
  "GET /api/compliance/signed-documents/{id}/signed.pdf":
    "a signed Lei 14.457 file or Lei 14.831 dossier as kept: the same stored bytes on every read (decision 098); signed-documents.test.ts reads it",
  "GET /api/me/msteams/link":
    "whose Teams chat a one-time link code binds, for the person who holds the code (decision 095); msteams-bot.test.ts reads it",
  "GET /api/admin/companies/{id}/msteams/package":
    "the Teams app package, built from the company's bot connection and holding no one's data (decision 095); msteams-reminders.test.ts reads it",
  "GET /api/pgr/{id}/download.pdf":
    "the signed PGR annex: each download adds to the count the NR-1 screen shows, by design (decision 082); signed-annex.test.ts reads it",
};

const SCIM_ONLY = "the identity provider's SCIM API, by the company's token; a session is a 401 (decision 048)";

/** Routes none of these viewers may call: read all the same (a refusal must not move either), no 200 asked. */
const NOT_FOR_VIEWERS: Record<string, string> = {
  "GET /api/care/availability": "a psychologist's own weekly agenda",
  "GET /api/care/agenda": "a psychologist's own appointments, names included by design",
  "GET /api/care/measures/alerts": "a psychologist's own safety alerts, first names included by design (decision 080)",
  "GET /api/care/patients/{memberId}/measures": "a psychologist's own patient's questionnaires (decision 079)",
  "GET /api/group-sessions/facilitating": "a facilitating psychologist's sessions, names included by design",
  "GET /api/invites/lookup": "an invitation's holder, by its token, before they have an account",
  "GET /api/me/export-link.html": "a leaver's own data, by the token e-mailed to them, without a session (issue 33)",
  "GET /api/v1/roster/sync/{id}": "an HR system's sync, by the company's API key; a session is a 401 (decision 044)",
  "GET /api/v1/resultados/figuras":
    "Resultados' feed, by a Resultados key: the same stored figures as GET /api/resultados, read here (decision 088)",
  "GET /api/v1/resultados/figuras.csv": "the same feed as CSV, by a Resultados key (decision 088)",
  "GET /api/escuta/casos":
    "the Canal de escuta's inbox, for the handlers the admin appointed: none of these viewers is one",
  "GET /api/escuta/casos/{id}": "one case of the Canal de escuta, for its handlers only (decision 049)",
  "GET /api/escuta/casos/novos":
    "the handlers' count of new cases for their menu (decision 067): none of these viewers is one",
  "GET /api/escuta/casos/{id}/anexos/{attachmentId}": "a case's attachment, for its handlers only (decision 052)",
  "GET /scim/v2/ServiceProviderConfig": SCIM_ONLY,
  "GET /scim/v2/ResourceTypes": SCIM_ONLY,
  "GET /scim/v2/ResourceTypes/{id}": SCIM_ONLY,
  "GET /scim/v2/Schemas": SCIM_ONLY,
  "GET /scim/v2/Schemas/{id}": SCIM_ONLY,
  "GET /scim/v2/Users": SCIM_ONLY,
  "GET /scim/v2/Users/{id}": SCIM_ONLY,
  "GET /scim/v2/Groups": SCIM_ONLY,
  "GET /scim/v2/Groups/{id}": SCIM_ONLY,
  "GET /api/sso/oidc/callback": "the identity provider's return to the browser that started a sign-in (decision 047)",
  "GET /api/sso/saml/{companyId}/metadata":
    "a SAML company's SP metadata, for its IdP; the fixture has none (decision 047)",
};

/** The only fields left out of both readings: new on every read by nature, whoever acts. */
const READ_STAMPS: Record<string, string> = {
  geradoEm: "when the viewer's own export ('Baixar meus dados') was made: the wall clock of the read",
  requestId: "an error reply's id for the logs: one per request",
};

/**
 * What an ordinary check-in may move: the counts that carry no mood (docs/design.md §4.2), all in the
 * manager's summary: 'check-ins hoje', the week's participation (check-ins over people × days) and the
 * feed's line for the day ('7 check-ins realizados em 23/11/2026'). Any other change is a live bit too.
 */
function isCheckInCount(route: string, { path, after }: Difference): boolean {
  if (route !== "GET /api/team/summary") return false;
  if (path === "$.checkInsToday" || path === "$.participation7d") return true;
  if (path === "$.activities[0].text") return /^\d+ check-ins? realizados? em [\d/]+$/.test(String(after));
  // The day's first check-in opens its line.
  if (path === "$.activities[0]")
    return /^\d+ check-ins? realizados? em [\d/]+$/.test(String((after as { text?: unknown })?.text));
  return false;
}

/** A pass reads about 300 routes: on a busy machine one act (two passes, three after a day passes) takes a while. */
const ACT_TIMEOUT = 120_000;
/**
 * Read first and one at a time: the audit log and the admin's home, which shows its newest rows (the other
 * reads are audited), and the health check (503 when the database is slow).
 */
// The reader's own export counts the audited reads of the pass (Resultados' among them): read alone, before them.
const ALONE = ["/api/admin/audit", "/api/admin/home", "/api/health", "/api/me/export.html", "/api/me/export.json"];
const clock = testClock(FIXTURE_AT);
let t: TestApp;
let w: Awaited<ReturnType<typeof watchedCompany>>;
let gets: OpenApiOperation[] = [];
const urls = new Map<string, string>();
const unfillable: string[] = [];
let rosterImportId = "";
let firstReading: Map<string, Reading>;

/** The URL that reads `operation` in the watched company: its ids in the path, its id in `companyId`. */
async function urlFor(operation: OpenApiOperation): Promise<string> {
  const { key, path } = operation;
  if (
    path.startsWith("/api/risks/") &&
    /^\/api\/risks\/(establishments|inventory-versions|inventory-signatures|actions)\/|\/files$|\/export\.csv$|\/inventory-preview$/.test(
      path,
    )
  )
    return (await w.records.requestFor(key, path, w.company.id)).url;
  const ids: Record<string, Record<string, string>> = {
    "/api/content/{id}": { id: w.contentId },
    "/api/group-sessions/{id}/calendar.ics": { id: w.drawnGroup },
    "/api/group-sessions/{id}/attendance.csv": { id: w.workshopId },
    "/api/group-sessions/{id}/materials/{materialId}": { id: w.drawnGroup, materialId: w.materialId },
    "/api/care/psychologists/{id}": { id: w.psychologist.id },
    // No viewer here is a psychologist: the same 403 whoever the person is.
    "/api/care/patients/{memberId}/measures": { memberId: w.psychologist.id },
    "/api/admin/companies/{id}/care": { id: w.company.id },
    "/api/admin/companies/{id}/escuta": { id: w.company.id },
    "/api/admin/companies/{id}/sso": { id: w.company.id },
    "/api/admin/companies/{id}/whatsapp": { id: w.company.id },
    "/api/admin/companies/{id}/msteams": { id: w.company.id },
    // No SAML connection in the fixture: a steady 404.
    "/api/sso/saml/{companyId}/metadata": { companyId: w.company.id },
    "/api/risks/campaigns/{id}/results": { id: w.campaignId },
    "/api/risks/campaigns/{id}/assessments": { id: w.campaignId },
    "/api/roster/imports/{id}": { id: rosterImportId },
    "/api/roster/imports/{id}/rejections.csv": { id: rosterImportId },
    // Answers a bearer key only (docs/decisions/044): read here as a session, a steady 401.
    "/api/v1/roster/sync/{id}": { id: rosterImportId },
    // No handler reads here: any case id is the same 403 to every viewer.
    "/api/escuta/casos/{id}": { id: "00000000-0000-4000-8000-000000000035" },
    "/api/escuta/casos/{id}/anexos/{attachmentId}": {
      id: "00000000-0000-4000-8000-000000000035",
      attachmentId: "00000000-0000-4000-8000-000000000052",
    },
    "/api/admin/companies/{id}/scim": { id: w.company.id },
    "/api/admin/companies/{id}/members": { id: w.company.id },
    // SCIM answers the company's token only (decision 048): read here as a session, a steady 401.
    "/scim/v2/Users/{id}": { id: w.company.id },
    "/scim/v2/Groups/{id}": { id: w.company.id },
    "/scim/v2/ResourceTypes/{id}": { id: "User" },
    "/scim/v2/Schemas/{id}": { id: "urn:ietf:params:scim:schemas:core:2.0:User" },
  };
  if (path === "/api/activation/{code}") {
    const [company] = await t.db
      .select({ code: companies.activationCode })
      .from(companies)
      .where(eq(companies.id, w.company.id));
    ids[path] = { code: company?.code ?? "" };
  }
  let url = path;
  for (const [name, value] of Object.entries(ids[path] ?? {})) url = url.replace(`{${name}}`, value);
  if (url.includes("{")) throw new Error(`${key}: give it the fixture's ids in urlFor, or list it in OWN_DATA`);
  const query = new URLSearchParams();
  if (parameterNames(operation, "query").includes("companyId")) query.set("companyId", w.company.id);
  if (path === "/api/check-ins") query.set("month", FIXTURE_AT.slice(0, 7));
  return query.size ? `${url}?${query}` : url;
}

/** A reply as compared: its status and its body (JSON, or a text's lines), read stamps left out. */
async function readingOf(response: LightMyRequestResponse): Promise<Reading> {
  const type = String(response.headers["content-type"] ?? "");
  const text = await bodyText(response);
  if (type.includes("json")) return { status: response.statusCode, body: withoutStamps(JSON.parse(text)) };
  // A PDF's creation instant and the file id drawn from it differ per download; its pages are compared.
  const pdfStamps = (pdf: string) =>
    pdf.replace(/\(D:\d{14}Z\)/g, "(D:…)").replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID […]");
  return {
    status: response.statusCode,
    body: linesOf(pdfStamps(text).replace(/gerado em [^.<]+/g, "gerado em …")),
  };
}

function withoutStamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStamps);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !(name in READ_STAMPS))
      .map(([name, inner]) => [name, withoutStamps(inner)]),
  );
}

/**
 * Every GET as every viewer, ALONE first, the rest at once. Afterwards the
 * pass's own audit rows and download counters go, so the next pass starts
 * where this one did.
 */
async function readAll(): Promise<Map<string, Reading>> {
  const auditBefore = new Set((await t.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id));
  const calls = w.viewers.flatMap(({ who, as }) =>
    gets.filter(({ key }) => urls.has(key)).map((operation) => ({ name: `${who}: ${operation.key}`, operation, as })),
  );
  const read = async ({ name, operation, as }: { name: string; operation: OpenApiOperation; as: As }) =>
    [name, await readingOf(await as({ method: "GET", url: urls.get(operation.key) ?? "" }))] as const;
  const isAlone = (call: (typeof calls)[number]) => ALONE.includes(call.operation.path);
  const readings: (readonly [string, Reading])[] = [];
  // The admin first: everyone else's reads of the trail are refusals, which the trail records anew each pass.
  const isAdmin = (call: (typeof calls)[number]) => (call.name.startsWith("admin: ") ? 0 : 1);
  const alone = calls.filter(isAlone).sort((first, second) => isAdmin(first) - isAdmin(second));
  for (const call of alone) readings.push(await read(call));
  readings.push(...(await Promise.all(calls.filter((call) => !isAlone(call)).map(read))));
  const added = (await t.db.select({ id: auditLog.id }).from(auditLog)).filter((row) => !auditBefore.has(row.id));
  if (added.length)
    await t.db.delete(auditLog).where(
      inArray(
        auditLog.id,
        added.map((row) => row.id),
      ),
    );
  await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'file:%'`);
  return new Map(readings);
}

/** What changed between two passes: one line per route, JSON path and change, saying who saw it. */
function changesBetween(
  before: Map<string, Reading>,
  after: Map<string, Reading>,
  isAllowed: (route: string, difference: Difference) => boolean = () => false,
) {
  const seenBy = new Map<string, string[]>();
  for (const [name, reading] of before) {
    const [who = "", route = ""] = name.split(": ");
    for (const difference of differences(reading, after.get(name) ?? { status: 0, body: null })) {
      if (isAllowed(route, difference) || isReadersOwnActivity(route, difference)) continue;
      const { path, before: was, after: is } = difference;
      const line = `${route} ${path}: ${brief(was)} → ${brief(is)}`;
      seenBy.set(line, [...(seenBy.get(line) ?? []), who]);
    }
  }
  return [...seenBy].map(([line, viewers]) => `${line} (${viewers.join(", ")})`);
}

/**
 * The reader's own activity: the sessions list's last activity moves once per 5 minutes of the reader's own
 * reads (a pass takes that long on a loaded machine), and the reader's own export lists their own sign-ins and
 * refusals, which a pass's refused reads repeat (docs/decisions/064). Neither names anyone else.
 */
const isReadersOwnActivity = (route: string, { path, before, after }: Difference) =>
  (route === "GET /api/me/sessions" && /^\$\.items\[\d+\]\.lastActiveAt$/.test(path)) ||
  (route === "GET /api/me/export.json" && /^\$\.entradasNaConta(\[|$)/.test(path)) ||
  (route === "GET /api/me/export.html" &&
    [before, after].every((line) => String(line).startsWith("<h2>Suas entradas na conta</h2>")));

const brief = (value: unknown) => JSON.stringify(value)?.slice(0, 120) ?? "undefined";

/** The last pass, while nothing has happened since: the next act's 'before'. */
let latest: Map<string, Reading> | undefined;

/** Reads everything, runs the act, reads everything again: what other people saw move. */
async function around(act: () => Promise<void>, isAllowed?: (route: string, difference: Difference) => boolean) {
  const before = latest ?? (await readAll());
  latest = undefined;
  await act();
  latest = await readAll();
  return changesBetween(before, latest, isAllowed);
}

/** Moves the clock as days pass, publishes the closed days as the nightly job does, and settles a first read. */
async function moveClock(at: string) {
  latest = undefined;
  clock.set(at);
  await publishDays(t);
  await readAll();
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  w = await watchedCompany(t);
  // An HR file imported into the watched company ('Importar pessoas'): its status and its rejections are read.
  rosterImportId = await insertPreviewedImport(t.db, { companyId: w.company.id, by: "gestora@exemplo.com.br" });
  gets = (await openApiOperations(t.app)).filter((operation) => operation.method === "GET");
  for (const operation of gets) {
    if (operation.key in OWN_DATA) continue;
    try {
      urls.set(operation.key, await urlFor(operation));
    } catch (error) {
      unfillable.push((error as Error).message);
    }
  }
  // A first pass settles what reading itself writes (a member's care credits are granted on first read).
  await readAll();
  firstReading = await readAll();
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** What each act moved for others, kept for its 'moves nothing' test. */
const moved: Record<string, string[]> = {};

/** Runs one act between two passes; the act itself must succeed (a 2xx), whatever it moved. */
async function actAndWatch(
  name: string,
  act: () => Promise<LightMyRequestResponse>,
  isAllowed?: (route: string, difference: Difference) => boolean,
) {
  moved[name] = await around(async () => {
    const response = await act();
    expect(response.statusCode, response.body).toBeLessThan(300);
  }, isAllowed);
}

describe("zero live bits: nothing anyone else reads follows one person's sensitive act", () => {
  it("reads every GET route of the OpenAPI document, each answering 200 to someone", () => {
    expect(unfillable).toEqual([]);
    const keys = gets.map((operation) => operation.key);
    expect(keys.length).toBeGreaterThan(50);
    expect(Object.keys({ ...OWN_DATA, ...NOT_FOR_VIEWERS }).filter((key) => !keys.includes(key))).toEqual([]);
    const neverOk = gets
      .filter((operation) => urls.has(operation.key) && !(operation.key in NOT_FOR_VIEWERS))
      .filter((operation) => !w.viewers.some(({ who }) => firstReading.get(`${who}: ${operation.key}`)?.status === 200))
      .map((operation) => operation.key);
    expect(neverOk).toEqual([]);
  });

  it("reads alone change nothing: two passes with no act in between are the same", {
    timeout: ACT_TIMEOUT,
  }, async () => {
    latest = await readAll();
    expect(changesBetween(firstReading, latest)).toEqual([]);
  });

  it("an ordinary check-in by the target moves only the plain counts", { timeout: ACT_TIMEOUT }, async () => {
    const changes = await around(async () => {
      const response = await w.target.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } });
      expect(expectStatus(response, 201, "check-in").json().lowPattern).toBe(false);
    }, isCheckInCount);
    expect(changes).toEqual([]);
  });

  it("getting the support card (a third low check-in, the next day) moves no more", {
    timeout: ACT_TIMEOUT,
  }, async () => {
    await moveClock("2026-11-24T08:00:00-03:00");
    expect((await w.target.as({ url: "/api/check-ins/today" })).json().lowPattern).toBe(false);
    const changes = await around(async () => {
      const response = await w.target.as({ method: "POST", url: "/api/check-ins", payload: { mood: 2 } });
      expect(expectStatus(response, 201, "check-in").json().lowPattern).toBe(true);
    }, isCheckInCount);
    expect(changes).toEqual([]);
  });

  it("the target books a psychologist session", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("book", () => book(w.target.as, w.psychologist.id, BOOKED_AT));
  });
  it("… booking a session moves nothing anyone else reads", () => {
    expect(moved.book).toEqual([]);
  });

  it("the target registers for the support group (its last place)", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("register", () =>
      w.target.as({ method: "POST", url: `/api/group-sessions/${w.supportGroup}/registration` }),
    );
  });
  it("… registering for the support group moves nothing anyone else reads", () => {
    expect(moved.register).toEqual([]);
  });

  it("the target leaves the support group", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("leave", () =>
      w.target.as({ method: "DELETE", url: `/api/group-sessions/${w.supportGroup}/registration` }),
    );
  });
  it("… leaving the support group moves nothing anyone else reads", () => {
    expect(moved.leave).toEqual([]);
  });

  it("the target answers the NR-1 questionnaire", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("survey", () =>
      w.target.as({ method: "POST", url: `/api/risks/survey/${w.campaignId}`, payload: { answers: allAnswers(4) } }),
    );
  });
  it("… answering the NR-1 questionnaire moves nothing anyone else reads", () => {
    expect(moved.survey).toEqual([]);
  });

  it("the target gives the WHO-5 consent", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("who5-consent", () =>
      w.target.as({ method: "POST", url: "/api/me/who5/consent", payload: { version: WHO5_CONSENT_VERSION } }),
    );
  });
  it("… the WHO-5 consent moves nothing anyone else reads", () => {
    expect(moved["who5-consent"]).toEqual([]);
  });

  it("the target answers the WHO-5, low", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("who5", () =>
      w.target.as({ method: "POST", url: "/api/me/who5/answers", payload: { answers: [1, 0, 1, 1, 0] } }),
    );
  });
  it("… a WHO-5 answer moves nothing anyone else reads", () => {
    expect(moved.who5).toEqual([]);
  });

  it("the target writes an anonymous report in the Canal de escuta", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("listening", () =>
      w.target.as({
        method: "POST",
        url: "/api/escuta/casos",
        payload: { kind: "denuncia", category: "assedio_moral", body: "Relato da pessoa observada" },
      }),
    );
  });
  it("… an anonymous report moves nothing anyone else reads", () => {
    expect(moved.listening).toEqual([]);
  });

  it("the psychologist marks the target's session as held (the next day)", { timeout: ACT_TIMEOUT }, async () => {
    await moveClock("2026-11-25T11:00:00-03:00");
    await actAndWatch("held", () =>
      w.psychologist.as({ method: "POST", url: `/api/care/agenda/${w.heldId}/mark`, payload: { outcome: "held" } }),
    );
  });
  it("… a session held moves nothing anyone else reads", () => {
    expect(moved.held).toEqual([]);
  });

  it("the psychologist marks the target's other session as missed", { timeout: ACT_TIMEOUT }, async () => {
    await actAndWatch("missed", () =>
      w.psychologist.as({
        method: "POST",
        url: `/api/care/agenda/${w.missedId}/mark`,
        payload: { outcome: "no_show" },
      }),
    );
  });
  it("… a session missed moves nothing anyone else reads", () => {
    expect(moved.missed).toEqual([]);
  });
});
