import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "#server/db/schema/index.ts";
import type { JobRow } from "#server/jobs/runner.ts";
import { type Mail, trackingMailer } from "#server/mail/mailer.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { inviteTokenKeyFrom, sendInviteMail } from "./invite-mail.ts";
import { INVITE_MAIL_JOB } from "./invites.ts";

/** The mail server: answers, refuses, or never answers, as each test sets it. */
let server: "up" | "down" | "silent" = "up";
const mails: Mail[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: trackingMailer(async (mail) => {
      if (server === "down") throw new Error("smtp recusou");
      if (server === "silent") return new Promise(() => {});
      mails.push(mail);
    }),
  });
});
afterAll(() => t.close());

const tokenFor = (email: string) =>
  mails.findLast((mail) => mail.to === email)?.text.match(/token=([\w-]+)/)?.[1] as string;
const lookup = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/invites/lookup?token=${encodeURIComponent(token)}` });
const inviteJobs = () => t.db.select().from(jobs).where(eq(jobs.name, INVITE_MAIL_JOB));

function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${seconds} s`)), seconds * 1000),
    ),
  ]);
}

describe("the invitation e-mail", () => {
  it("ends the sentence with one full stop when the company's name ends with one (issue 45)", async () => {
    server = "up";
    const { manager } = await companyWithManager(t.app, t.db, { name: `Acme ${Date.now()} S.A.` });
    const email = `ponto-${Date.now()}@exemplo.com.br`;
    await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Pia", email } });
    await t.deliverInvites();
    const mail = mails.findLast((sent) => sent.to === email);
    expect(mail?.text).toMatch(/na Acme \d+ S\.A\. O Sereno é um espaço/);
    expect(mail?.text).not.toContain("..");
  });

  it("leaves from its job after the commit, with a working link, and no raw token is kept in the jobs table", async () => {
    server = "up";
    const { manager } = await companyWithManager(t.app, t.db);
    const email = `link-${Date.now()}@exemplo.com.br`;
    const response = await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Lia", email } });
    expect(response.statusCode).toBe(201);
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(0);
    const pending = async () => (await manager.as({ method: "GET", url: "/api/team/invites" })).json().items;
    expect(await pending()).toMatchObject([{ email, delivery: "sending" }]);

    expect(await t.deliverInvites()).toEqual({ finished: 1, failed: 0 });
    const token = tokenFor(email);
    expect(await pending()).toMatchObject([{ email, delivery: "sent" }]);
    expect(JSON.stringify(await t.db.execute(sql`select * from jobs`))).not.toContain(token);
    expect((await lookup(token)).statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: "POST",
      url: "/api/invites/accept",
      headers: { origin: TEST_ORIGIN },
      payload: { token, password: "um-link-que-funciona-1", consent: true },
    });
    expect(accepted.statusCode).toBe(201);
  });

  it("does not hold the company while the mail server never answers: another invitation and an admin's still complete", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    server = "silent";
    const first = await withinSeconds(
      5,
      manager.as({
        method: "POST",
        url: "/api/team/invites",
        payload: { name: "A", email: `a-${company.id}@x.com.br` },
      }),
    );
    expect(first.statusCode).toBe(201);
    void t.deliverInvites(); // stuck in the mail server from here on
    const second = await withinSeconds(
      5,
      manager.as({
        method: "POST",
        url: "/api/team/invites",
        payload: { name: "B", email: `b-${company.id}@x.com.br` },
      }),
    );
    expect(second.statusCode).toBe(201);
    const byAdmin = await withinSeconds(
      5,
      admin.as({
        method: "POST",
        url: `/api/admin/companies/${company.id}/members`,
        payload: { name: "C", email: `c-${company.id}@x.com.br`, role: "manager" },
      }),
    );
    expect(byAdmin.statusCode).toBe(201);
  });

  it("is retried with the same link after a failure (docs/decisions/099); after the last retry the list says so, and resending sends a new link", async () => {
    // The stuck job of the test before holds its lease: clear the table for this one.
    await t.db.delete(jobs);
    server = "down";
    const { manager } = await companyWithManager(t.app, t.db);
    const email = `retry-${Date.now()}@exemplo.com.br`;
    await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Rita", email } });
    const start = Date.now();
    expect(await t.runJobs(new Date(start))).toEqual({ finished: 0, failed: 1 });
    const [job] = await inviteJobs();
    expect(job).toMatchObject({ attempts: 1, lastError: "Error: smtp recusou", failedAt: null });

    server = "up";
    expect(await t.runJobs(new Date(start + 31_000))).toEqual({ finished: 1, failed: 0 });
    expect((await lookup(tokenFor(email))).statusCode).toBe(200);

    // A second invitation whose every attempt fails: 'failed' on the list, then resent.
    server = "down";
    const other = `falha-${Date.now()}@exemplo.com.br`;
    await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Flor", email: other } });
    for (let attempt = 1, at = Date.now(); attempt <= 5; attempt++, at += 10 * 60_000) {
      await t.runJobs(new Date(at));
    }
    const listed = async () =>
      (await manager.as({ method: "GET", url: "/api/team/invites" }))
        .json()
        .items.find((invite: { email: string }) => invite.email === other);
    const failed = await listed();
    expect(failed.delivery).toBe("failed");
    server = "up";
    const resent = await manager.as({ method: "POST", url: `/api/team/invites/${failed.id}/resend` });
    expect(resent.statusCode).toBe(201);
    expect((await listed()).delivery).toBe("sending");
    await t.deliverInvites();
    expect((await listed()).delivery).toBe("sent");
    expect((await lookup(tokenFor(other))).statusCode).toBe(200);
  });

  it("sends nothing for an invitation cancelled before its job ran", async () => {
    server = "up";
    const { manager } = await companyWithManager(t.app, t.db);
    const email = `cancelado-${Date.now()}@exemplo.com.br`;
    await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Caio", email } });
    const [invite] = (await manager.as({ method: "GET", url: "/api/team/invites" })).json().items;
    await manager.as({ method: "DELETE", url: `/api/team/invites/${invite.id}` });
    await t.deliverInvites();
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(0);
  });

  /** A first attempt run by hand, in a process that then 'dies': `mailer` decides how far the mail got. */
  async function firstAttemptThatDies(email: string, mailer: { send: (mail: Mail) => Promise<void> }) {
    server = "up";
    await t.db.delete(jobs);
    const { manager } = await companyWithManager(t.app, t.db);
    await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Dora", email } });
    const [row] = await inviteJobs();
    const job = { ...row, max_attempts: row?.maxAttempts, attempts: 1 } as unknown as JobRow;
    const deps = {
      mailer: { ...mailer, drain: async () => {} },
      appUrl: TEST_ORIGIN,
      tokenKey: inviteTokenKeyFrom(t.app.deps.secret),
    };
    const attempt = sendInviteMail({ db: t.db, now: new Date(), job }, deps);
    return { attempt };
  }

  it("is not sent again when the process died after the SMTP server accepted it, before the job was marked finished (docs/decisions/099)", async () => {
    const email = `aceito-${Date.now()}@exemplo.com.br`;
    const { attempt } = await firstAttemptThatDies(email, { send: async (mail) => void mails.push(mail) });
    expect(await attempt).toEqual({ sent: true });
    // The runner never marked it finished (the process died there): the next runner takes it again.
    const [before] = await inviteJobs();
    expect(before?.finishedAt).toBeNull();
    expect(await t.deliverInvites()).toEqual({ finished: 1, failed: 0 });
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(1);
    expect((await lookup(tokenFor(email))).statusCode).toBe(200);
  });

  it("is the same message when the process died between the server's acceptance and the 'sent' mark (docs/decisions/099)", async () => {
    const email = `janela-${Date.now()}@exemplo.com.br`;
    // Accepted, and the process dies before it hears back: no 'sent' mark.
    const { attempt } = await firstAttemptThatDies(email, {
      send: (mail) => {
        mails.push(mail);
        return new Promise(() => {});
      },
    });
    void attempt;
    // The 'sending' mark is written before the send; on a busy machine it may take longer than a fixed pause.
    const marked = await vi.waitFor(
      async () => {
        const [job] = await inviteJobs();
        expect(job?.payload).toMatchObject({ sendingAt: expect.any(String) });
        return job;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(marked?.payload).not.toHaveProperty("sentAt");
    expect(await t.deliverInvites()).toEqual({ finished: 1, failed: 0 });
    const copies = mails.filter((mail) => mail.to === email);
    expect(copies).toHaveLength(2);
    // One job, one Message-ID and one link: a mailbox that holds both shows one message, and either link works.
    expect(copies[0]?.messageId).toMatch(/^<job-[\w-]+@/);
    expect(copies[1]?.messageId).toBe(copies[0]?.messageId);
    expect(copies[1]?.text).toBe(copies[0]?.text);
    expect((await lookup(tokenFor(email))).statusCode).toBe(200);
    const [after] = await inviteJobs();
    expect(after?.payload).toMatchObject({ sentAt: expect.any(String) });
  });
});
