/**
 * The manager's own accounts, added as the issue 51 attacker adds them (docs/decisions/083): through the HR API
 * (a full sync of people whose e-mails he controls), each invitation accepted with its e-mailed link. Their
 * memberships begin at the app clock's now, as an acceptance does.
 */
import { inArray } from "drizzle-orm";
import { user } from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "./hr-api.ts";
import { peopleOf, rosterCsv } from "./roster.ts";
import type { signedInPerson } from "./sessions.ts";
import { TEST_ORIGIN, type TestApp } from "./test-app.ts";

type Manager = Awaited<ReturnType<typeof signedInPerson>>;

/** The HR API's additions a day (docs/decisions/057): a bigger crowd of accounts takes several days. */
const ADDED_A_DAY = 25;

/**
 * Adds `count` accounts through the HR API (numbered from `from`, unique in the test file); their user ids. Past
 * the daily limit, the next file (the same people and 25 more) goes a day later: `clock` moves on.
 */
export async function sybilsThroughHrApi(
  t: TestApp,
  manager: Manager,
  count: number,
  from: number,
  clock?: { now: () => Date; set: (at: string) => void },
) {
  const api = withKey(t.app, (await createApiKey(manager.as, `RH ${from}`)).secret);
  const emails = Array.from({ length: count }, (_, i) => `sibila${from + i}@conta-do-gestor.com.br`);
  const people = peopleOf(count, from).map((person, i) => ({ ...person, email: emails[i] ?? "" }));
  for (let sent = 0; sent < count; sent += ADDED_A_DAY) {
    if (sent > 0) {
      if (!clock) throw new Error("more than a day's additions needs the clock");
      clock.set(new Date(clock.now().getTime() + 25 * 3_600_000).toISOString());
    }
    const sync = await api({
      method: "POST",
      url: "/api/v1/roster/sync",
      headers: { "content-type": "text/csv; charset=utf-8" },
      payload: rosterCsv(people.slice(0, sent + ADDED_A_DAY)),
    });
    if (sync.statusCode !== 202) throw new Error(`sync: ${sync.statusCode} ${sync.body}`);
    await t.runJobs();
  }
  const wanted = new Set(emails);
  for (let tries = 0; tries < 50 && emails.some((email) => !t.mails.some((mail) => mail.to === email)); tries++) {
    await t.deliverInvites();
  }
  for (const [i, email] of emails.entries()) {
    const token = /token=([\w-]+)/.exec(t.mails.findLast((mail) => mail.to === email)?.text ?? "")?.[1];
    if (!token || !wanted.has(email)) throw new Error(`no invitation for ${email}`);
    const accepted = await t.app.inject({
      method: "POST",
      url: "/api/invites/accept",
      headers: { origin: TEST_ORIGIN },
      payload: { token, password: "conta-do-gestor-2026", consent: true },
      remoteAddress: `10.51.${Math.floor((from + i) / 250) % 250}.${(from + i) % 250}`,
    });
    if (accepted.statusCode !== 201) throw new Error(`accept ${email}: ${accepted.statusCode} ${accepted.body}`);
  }
  const rows = await t.db.select({ id: user.id }).from(user).where(inArray(user.email, emails));
  if (rows.length !== count) throw new Error(`sybils: ${rows.length} of ${count}`);
  return rows.map((row) => row.id);
}
