import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingAnswersMessage } from "#core/messages.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import { companies, riskCampaigns, riskCriteria, riskResponses } from "#server/db/schema/index.ts";
import { allAnswers, riskCompany, VALID_CNPJ } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { closeDueCampaigns } from "./close-due-campaigns.ts";
import { flushParkedResponses } from "./flush-parked-responses.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

async function rows(query: ReturnType<typeof sql>) {
  const result = (await t.db.execute(query)) as unknown as
    | { rows?: Record<string, unknown>[] }
    | Record<string, unknown>[];
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Record<string, string>[];
}

describe("structure", () => {
  it("validates the CNPJ, refuses a second one alike, and keeps sectors inside the company", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const bad = await manager.as({
      method: "POST",
      url: "/api/risks/establishments",
      payload: { name: "X", cnpj: "11.222.333/0001-82" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(riskMessages.cnpjInvalid);
    const ok = await manager.as({
      method: "POST",
      url: "/api/risks/establishments",
      payload: { name: "X", cnpj: VALID_CNPJ },
    });
    expect(ok.statusCode).toBe(201);
    const again = await manager.as({
      method: "POST",
      url: "/api/risks/establishments",
      payload: { name: "Y", cnpj: "11222333000181" },
    });
    expect(again.statusCode).toBe(409);
    const other = await companyWithManager(t.app, t.db);
    const foreign = await other.manager.as({
      method: "POST",
      url: "/api/risks/sectors",
      payload: { establishmentId: ok.json().id, name: "S", kind: "setor", activities: "", headcount: 1 },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("assigns members to a sector in bulk, only people of the company", async () => {
    const { manager, large, members, company } = await riskCompany(t, { large: 2, small: 0 });
    const overview = (await manager.as({ method: "GET", url: "/api/risks" })).json();
    expect(overview.company.id).toBe(company.id);
    expect(overview.members.filter((m: { sectorId: string | null }) => m.sectorId === large.id)).toHaveLength(2);
    const stranger = await signedInPerson(t.app, t.db, {});
    const refused = await manager.as({
      method: "PUT",
      url: "/api/risks/sector-members",
      payload: { sectorId: large.id, userIds: [members[0]?.userId, stranger.userId] },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe("criteria", () => {
  it("starts from the default 5×5, edits a draft, and refuses any change once published (the database too)", async () => {
    const { manager, company } = await companyWithManager(t.app, t.db);
    const draft = await manager.as({ method: "POST", url: "/api/risks/criteria", payload: {} });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id;
    expect((await manager.as({ method: "POST", url: "/api/risks/criteria", payload: {} })).statusCode).toBe(409);
    const [row] = await t.db.select().from(riskCriteria).where(eq(riskCriteria.id, id));
    const content = {
      ...row?.content,
      levels: row?.content.levels.map((l, i) => (i === 2 ? { ...l, decision: "Parar e agir" } : l)),
    };
    expect(
      (await manager.as({ method: "PATCH", url: `/api/risks/criteria/${id}`, payload: { content } })).statusCode,
    ).toBe(200);
    expect(
      (await manager.as({ method: "POST", url: `/api/risks/criteria/${id}/publish`, payload: {} })).statusCode,
    ).toBe(200);
    const late = await manager.as({ method: "PATCH", url: `/api/risks/criteria/${id}`, payload: { content } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(riskMessages.criteriaFrozen);
    await expect(t.db.execute(sql`update risk_criteria set content = '{}'::jsonb where id = ${id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from risk_criteria where id = ${id}`)).rejects.toThrow();
    const next = await manager.as({ method: "POST", url: "/api/risks/criteria", payload: {} });
    const [copy] = await t.db.select().from(riskCriteria).where(eq(riskCriteria.id, next.json().id));
    expect(copy?.version).toBe(2);
    expect(copy?.content.levels[2]?.decision).toBe("Parar e agir");
    // Deleting the company takes its criteria with it (inventory versions keep their own copy).
    await t.db.delete(companies).where(eq(companies.id, company.id));
    expect(await t.db.select().from(riskCriteria).where(eq(riskCriteria.companyId, company.id))).toEqual([]);
  });
});

describe("campaigns and anonymous answers", () => {
  it("e-mails everyone in scope, shows only who was invited while open, and one answer per invited member", async () => {
    const before = t.mails.length;
    const setup = await riskCompany(t, { large: 5, small: 2 });
    const { manager, campaign, members } = setup;
    const open = await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    expect(open.statusCode).toBe(200);
    expect(open.json().message).toBe(riskMessages.campaignOpened(7));
    const invitations = t.mails.slice(before);
    expect(invitations).toHaveLength(7);
    expect(invitations[0]?.text).toContain("/pesquisa-psicossocial");
    const listed = (await manager.as({ method: "GET", url: "/api/risks" })).json().campaigns;
    expect(listed).toMatchObject([{ id: campaign.id, status: "open", invited: 7 }]);

    const member = members[0];
    if (!member) throw new Error("no member");
    const survey = (await member.as({ method: "GET", url: "/api/risks/survey" })).json().survey;
    expect(survey.id).toBe(campaign.id);
    expect(survey.instrument.items).toHaveLength(39);
    const incomplete = await member.as({
      method: "POST",
      url: `/api/risks/survey/${campaign.id}`,
      payload: { answers: { assedio_1: 1 } },
    });
    expect(incomplete.statusCode).toBe(400);
    // The same wording as WHO-5, PHQ-9 and GAD-7: the unanswered questions by number.
    const unanswered = (survey.instrument.items as { id: string }[]).flatMap((item, index) =>
      item.id === "assedio_1" ? [] : [index + 1],
    );
    expect(incomplete.json().error.message).toBe(missingAnswersMessage(unanswered));
    const answer = (person: typeof member, value: number) =>
      person.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(value) } });
    // Two submissions at once: exactly one is stored.
    const [first, second] = await Promise.all([answer(member, 2), answer(member, 2)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect((await answer(member, 2)).json().error.message).toBe(riskMessages.surveyAlreadyAnswered);
    expect((await member.as({ method: "GET", url: "/api/risks/survey" })).json().survey).toBeNull();
    const outsider = await signedInPerson(t.app, t.db, { companyId: setup.company.id });
    expect((await answer(outsider, 3)).statusCode).toBe(404);
    expect((await member.as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/results` })).statusCode).toBe(
      403,
    );

    const whileOpen = (await manager.as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/results` })).json();
    expect(whileOpen.results).toBeNull();
    // While open: who was invited, nothing about who answered (docs/decisions/040).
    expect(whileOpen.participation).toEqual({ invited: 7, released: false });
    expect(JSON.stringify(whileOpen)).not.toMatch(/"index"|scores|answered|rate/);

    for (const person of members.slice(1)) expect((await answer(person, 4)).statusCode).toBe(201);
    // Parked until the job runner or the closing moves them (docs/decisions/026, section 13).
    const stored = () => t.db.select().from(riskResponses).where(eq(riskResponses.campaignId, campaign.id));
    expect(await stored()).toHaveLength(0);
    expect(
      (await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} })).statusCode,
    ).toBe(200);
    expect(await stored()).toHaveLength(7);
    expect((await answer(members[1] ?? member, 4)).statusCode).toBe(409);
    // A second close (another tab, a double click) is refused with its reason and changes nothing.
    const [closedOnce] = await t.db.select().from(riskCampaigns).where(eq(riskCampaigns.id, campaign.id));
    const again = await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "CONFLICT", message: riskMessages.campaignAlreadyClosed });
    const [closedTwice] = await t.db.select().from(riskCampaigns).where(eq(riskCampaigns.id, campaign.id));
    expect(closedTwice?.closedAt).toEqual(closedOnce?.closedAt);
    expect(await stored()).toHaveLength(7);

    const url = `/api/risks/campaigns/${campaign.id}/results`;
    const closed = (await manager.as({ method: "GET", url })).json();
    // Shown or pooled on noisy counts: each sector is a row of its own or listed hidden, never both,
    // and a hidden one sits in the row of the next shown level above it.
    const { rows: shown, hiddenSectors } = closed.results;
    for (const name of ["Atendimento", "Plantão noturno"])
      expect(shown.some((row: { name: string }) => row.name === name)).toBe(!hiddenSectors.includes(name));
    if (hiddenSectors.includes("Plantão noturno") && !hiddenSectors.includes("Atendimento"))
      expect(shown.find((row: { name: string }) => row.name === "Atendimento").pooledFrom).toEqual(["Plantão noturno"]);
    for (const row of shown) {
      expect(row.cells).toHaveLength(13);
      // A shown row's cells are shown with it, each with its margin.
      for (const cell of row.cells) expect(cell.index !== null && cell.margin !== null).toBe(true);
    }
    expect(closed.results.hazards).toHaveLength(13);
    expect(JSON.stringify(closed)).not.toMatch(/answers|userId|user_id|email/);
    // Released once: asking again gives the same figures.
    expect((await manager.as({ method: "GET", url })).json()).toEqual(closed);
  }, 120_000);

  it("another company's manager reaches nothing", async () => {
    const { campaign, establishment } = await riskCompany(t, { large: 1, small: 0 });
    const other = await companyWithManager(t.app, t.db);
    expect(
      (await other.manager.as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/results` })).statusCode,
    ).toBe(404);
    expect(
      (await other.manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} }))
        .statusCode,
    ).toBe(404);
    const overview = (await other.manager.as({ method: "GET", url: "/api/risks" })).json();
    expect(JSON.stringify(overview)).not.toContain(establishment.id);
  });
});

describe("a campaign's last day", () => {
  it("is a day of the company's time zone: today is accepted after 21:00 in São Paulo, yesterday refused", async () => {
    const { manager, establishment, large } = await riskCompany(t, { large: 1, small: 0 });
    const create = (closesOn: string) =>
      manager.as({
        method: "POST",
        url: "/api/risks/campaigns",
        payload: {
          establishmentId: establishment.id,
          title: "Pesquisa curta",
          instrumentId: instrumentKey(instruments[0] ?? ({} as never)),
          sectorIds: [large.id],
          closesOn,
          notice: "Pesquisa anônima e voluntária sobre as condições de trabalho (NR-1, item 1.5.3.3).",
        },
      });
    // 22:30 on the 22nd in São Paulo, already the 23rd in UTC: the 22nd is still today there.
    clock.set("2026-11-22T22:30:00-03:00");
    try {
      const today = await create("2026-11-22");
      expect(today.statusCode, today.body).toBe(201);
      const yesterday = await create("2026-11-21");
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json().error.message).toBe(riskMessages.campaignCloseDate);
    } finally {
      clock.set("2026-11-22T12:00:00-03:00");
    }
  });
});

describe("the closing job", () => {
  it("closes open campaigns whose last day has passed in the company's time zone, and no other", async () => {
    const { campaign, manager } = await riskCompany(t, { large: 1, small: 0 });
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    await t.db.execute(sql`update risk_campaigns set closes_on = '2026-11-22' where id = ${campaign.id}`);
    // 23:30 in São Paulo on the 22nd is already the 23rd in UTC: still open.
    expect(await closeDueCampaigns(t.db, new Date("2026-11-23T02:30:00Z"))).toEqual({ closed: 0 });
    expect(await closeDueCampaigns(t.db, new Date("2026-11-23T03:30:00Z"))).toEqual({ closed: 1 });
    const [row] = await rows(sql`select status from risk_campaigns where id = ${campaign.id}`);
    expect(row?.status).toBe("closed");
  });
});

describe("answers join the results in batches (no shared transaction with the invitation)", () => {
  it("moves parked answers in groups of at least k, and on closing, never in the invitation's transaction", async () => {
    const setup = await riskCompany(t, { large: 6, small: 0 });
    const { manager, campaign, members } = setup;
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    const answer = (index: number) =>
      members[index]?.as({
        method: "POST",
        url: `/api/risks/survey/${campaign.id}`,
        payload: { answers: allAnswers(3) },
      });
    const flush = () => flushParkedResponses(t.db, { minGroup: 5 });
    const xmins = async (table: "risk_responses" | "risk_invitations" | "risk_parked_responses", extra = sql``) =>
      (await rows(sql`select xmin::text as x from ${sql.raw(table)} where campaign_id = ${campaign.id} ${extra}`)).map(
        (row) => row.x,
      );

    for (const index of [0, 1, 2, 3]) expect((await answer(index))?.statusCode).toBe(201);
    expect(await flush()).toEqual({ moved: 0 }); // 4 waiting, k = 5
    expect(await xmins("risk_responses")).toEqual([]);
    // While parked, an answer does share the invitation's transaction: that is what the batch ends.
    const parked = await xmins("risk_parked_responses");
    expect(parked).toHaveLength(4);
    expect((await answer(4))?.statusCode).toBe(201);
    expect(await flush()).toEqual({ moved: 5 });
    expect(await flush()).toEqual({ moved: 0 }); // nothing moves twice
    const batch = await xmins("risk_responses");
    expect(batch).toHaveLength(5);
    expect(new Set(batch).size).toBe(1); // one transaction for the whole batch
    const answered = await xmins("risk_invitations", sql`and has_answered`);
    expect(answered).toHaveLength(5);
    for (const x of batch) expect(answered).not.toContain(x);

    // The sixth answer is alone: closing moves it anyway, in the closing's transaction, not the invitation's.
    expect((await answer(5))?.statusCode).toBe(201);
    expect((await flush()).moved).toBe(0);
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    expect(await xmins("risk_parked_responses")).toEqual([]);
    const all = await xmins("risk_responses");
    expect(all).toHaveLength(6);
    const invitationsAfter = await xmins("risk_invitations", sql`and has_answered`);
    for (const x of all) expect(invitationsAfter).not.toContain(x);
  }, 120_000);
});

describe("anonymity by design (the schema itself)", () => {
  it("gives answers no person id and no time finer than the week, and invitations no answer id", async () => {
    const columns = async (table: string) =>
      (
        await rows(
          sql`select column_name, data_type from information_schema.columns where table_name = ${table} order by column_name`,
        )
      ).map((row) => ({ name: row.column_name, type: row.data_type }));
    const answers = await columns("risk_responses");
    const invitations = await columns("risk_invitations");
    expect(answers.map((c) => c.name)).toEqual(["answers", "campaign_id", "id", "iso_week", "scores", "sector_id"]);
    expect(answers.filter((c) => /time|interval/.test(c.type ?? ""))).toEqual([]);
    expect(answers.find((c) => c.name === "iso_week")?.type).toBe("date");
    expect(invitations.map((c) => c.name)).not.toContain("response_id");
    // No invitation column changes when someone answers except a boolean; nothing timed.
    expect(invitations.map((c) => c.name)).toEqual([
      "campaign_id",
      "has_answered",
      "id",
      "invited_at",
      "reminded_at",
      "sector_id",
      "user_id",
    ]);
    // The only columns both tables share are group-level (campaign, sector) and their own ids.
    const shared = answers.map((c) => c.name).filter((name) => invitations.some((c) => c.name === name));
    expect(shared).toEqual(["campaign_id", "id", "sector_id"]);
    const keys = await rows(sql`
      select tc.table_name, ccu.table_name as target
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_name in ('risk_responses', 'risk_invitations')`);
    const targets = (table: string) =>
      [...new Set(keys.filter((k) => k.table_name === table).map((k) => k.target))].sort();
    expect(targets("risk_responses")).toEqual(["risk_campaigns", "risk_sectors"]);
    expect(targets("risk_invitations")).toEqual(["risk_campaigns", "risk_sectors", "user"]);
    // Nothing references either table, so no third table can bridge them.
    const inbound = await rows(sql`
      select tc.table_name from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name in ('risk_responses', 'risk_invitations')`);
    expect(inbound).toEqual([]);
  });
});

describe("inventory versions", () => {
  it("are append-only in the database and outlive the company", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const [version] = await rows(sql`
      insert into risk_inventory_versions (company_id, establishment_id, version, retain_until, published_by, content)
      values (${company.id}, gen_random_uuid(), 1, current_date + interval '20 years', 'Gestora', '{}'::jsonb) returning id`);
    const id = version?.id ?? "";
    await expect(t.db.execute(sql`update risk_inventory_versions set version = 2 where id = ${id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from risk_inventory_versions where id = ${id}`)).rejects.toThrow();
    await t.db.delete(companies).where(eq(companies.id, company.id));
    expect(await rows(sql`select id from risk_inventory_versions where id = ${id}`)).toHaveLength(1);
  });
});
