/** Equipe's invitations paged and searched, and 'Convidar depois' (issue 45, docs/decisions/058). */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMessages, waitingInvitesSentMessage } from "#core/team-messages.ts";
import { auditLog, invites, jobs } from "#server/db/schema/index.ts";
import { INVITES_PER_MINUTE, insertInvitesInBulk } from "#server/features/invites/bulk-invites.ts";
import { INVITE_MAIL_JOB } from "#server/features/invites/invites.ts";
import { peopleOf, previewFile, rosterCsv } from "#tests/api/roster.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const people = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => ({
    name: i === 7 ? "Joana Conceição" : `Pessoa ${String(i).padStart(3, "0")}`,
    email: `${tag}-${i}@convites.com.br`,
  }));

describe("GET /api/team/invites", () => {
  it("answers 20 pending invitations a page, oldest first, with the total, and /api/team only their count", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    const invited = people(45, `pagina-${Date.now()}`);
    await insertInvitesInBulk(
      t.db,
      { companyId: company.id, inviter: { userId: null, name: "RH" }, people: invited },
      new Date(),
    );

    const first = (await manager.as({ method: "GET", url: "/api/team/invites" })).json();
    expect(first).toMatchObject({ total: 45, waiting: 0, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ role: "user", delivery: "sending" });
    const last = (await manager.as({ method: "GET", url: "/api/team/invites?page=3" })).json();
    expect(last.items).toHaveLength(5);
    const seen = new Set([...first.items, ...last.items].map((invite: { email: string }) => invite.email));
    expect(seen.size).toBe(25);

    const team = (await manager.as({ method: "GET", url: "/api/team" })).json();
    expect(team).not.toHaveProperty("pendingInvites");
    expect(team.company.used).toBe(46); // the manager and 45 invitations
  });

  it("searches by name or e-mail ignoring case and accents", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    const tag = `busca-${Date.now()}`;
    await insertInvitesInBulk(
      t.db,
      { companyId: company.id, inviter: { userId: null, name: "RH" }, people: people(30, tag) },
      new Date(),
    );
    const byName = (await manager.as({ method: "GET", url: "/api/team/invites?q=JOANA%20CONCEICAO" })).json();
    expect(byName.total).toBe(1);
    expect(byName.items).toMatchObject([{ name: "Joana Conceição", email: `${tag}-7@convites.com.br` }]);
    const byEmail = (await manager.as({ method: "GET", url: `/api/team/invites?q=${tag}-2` })).json();
    expect(byEmail.total).toBe(11); // -2 and -20 … -29
  });

  it("refuses a bad page or an over-long search in pt-BR, and keeps other companies' invitations out", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const badPage = await manager.as({ method: "GET", url: "/api/team/invites?page=0" });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.message).toBe(teamMessages.adminPageInvalid);
    const long = await manager.as({ method: "GET", url: `/api/team/invites?q=${"a".repeat(121)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(teamMessages.adminSearchTooLong);
    const other = await companyWithManager(t.app, t.db);
    await other.manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Outra", email: `outra-${Date.now()}@x.com.br` },
    });
    expect((await manager.as({ method: "GET", url: "/api/team/invites" })).json().total).toBe(0);
    const member = await signedInPerson(t.app, t.db, { companyId: other.company.id });
    expect((await member.as({ method: "GET", url: "/api/team/invites" })).statusCode).toBe(403);
  });
});

describe("'Convidar depois'", () => {
  it("imports people without sending e-mails; 'Enviar convites' sends them later, once, with the audit entry", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    const domain = `depois-${Date.now()}.com.br`;
    const preview = await previewFile(manager.as, rosterCsv(peopleOf(12, 1, domain)));
    const mailsToThem = () => t.mails.filter((mail) => mail.to.endsWith(`@${domain}`)).length;
    const applied = await manager.as({
      method: "POST",
      url: `/api/roster/imports/${preview.id}/apply`,
      payload: { mode: "changes", inviteLater: true },
    });
    expect(applied.statusCode).toBe(202);
    // The runner takes 50 jobs a round: earlier tests' invitations may be ahead of the import.
    while ((await t.runJobs()).finished > 0);
    expect(mailsToThem()).toBe(0);

    const waiting = (await manager.as({ method: "GET", url: "/api/team/invites" })).json();
    expect(waiting).toMatchObject({ total: 6, waiting: 6 }); // the even-numbered six have an e-mail
    expect(waiting.items.every((invite: { delivery: string }) => invite.delivery === "waiting")).toBe(true);
    // Kept invitations hold their seats: the plan cannot be passed by inviting later.
    expect((await manager.as({ method: "GET", url: "/api/team" })).json().company.used).toBe(13);

    const sent = await manager.as({ method: "POST", url: "/api/team/invites/send-waiting" });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: waitingInvitesSentMessage(6), sent: 6 });
    while ((await t.deliverInvites()).finished > 0);
    expect(mailsToThem()).toBe(6);
    const after = (await manager.as({ method: "GET", url: "/api/team/invites" })).json();
    expect(after).toMatchObject({ total: 6, waiting: 0 });
    expect(after.items.every((invite: { delivery: string }) => invite.delivery === "sent")).toBe(true);

    const again = await manager.as({ method: "POST", url: "/api/team/invites/send-waiting" });
    expect(again.json()).toEqual({ message: waitingInvitesSentMessage(0), sent: 0 });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, "invite.send-waiting")));
    expect(entries).toMatchObject([{ actorEmail: manager.email, details: { convites: 6 } }]);
  });

  it("spreads a big send over the minutes, a batch per minute, and each invitation gets 7 days from the send", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const count = INVITES_PER_MINUTE * 2 + 10;
    await insertInvitesInBulk(
      t.db,
      {
        companyId: company.id,
        inviter: { userId: null, name: "RH" },
        people: people(count, `lote-${Date.now()}`),
        later: true,
      },
      new Date(),
    );
    expect((await manager.as({ method: "POST", url: "/api/team/invites/send-waiting" })).json().sent).toBe(count);
    const ids = await t.db
      .select({ id: invites.id, expiresAt: invites.expiresAt })
      .from(invites)
      .where(eq(invites.companyId, company.id));
    const queued = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, INVITE_MAIL_JOB),
          inArray(
            jobs.key,
            ids.map((row) => row.id),
          ),
        ),
      );
    const minutes = new Map<number, number>();
    const start = Math.min(...queued.map((job) => job.runAt.getTime()));
    for (const job of queued) {
      const minute = Math.round((job.runAt.getTime() - start) / 60_000);
      minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
    }
    expect(Object.fromEntries(minutes)).toEqual({ 0: INVITES_PER_MINUTE, 1: INVITES_PER_MINUTE, 2: 10 });
    const days = (ids[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(Math.round(days / 86_400_000)).toBe(7);
  });
});
