/**
 * The leaver's e-mail (issue 33): their access ended, and a link to 'Baixar
 * meus dados' for 30 days, to their personal address when the file gave one.
 * Like the invitation's (decision 009), the job makes the link's token when
 * it sends and stores only its SHA-256; a retry makes a new one.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { companies, rosterPeople, user } from "#server/db/schema/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { leaverMail } from "#server/mail/account-mails.ts";
import type { Mailer } from "#server/mail/mailer.ts";

const DATA_LINK_DAYS = 30;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function sendLeaverMail({ db, now, job }: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const personId = String(job.payload?.personId ?? "");
  const [person] = await db
    .select({
      name: rosterPeople.name,
      personalEmail: rosterPeople.personalEmail,
      email: user.email,
      company: companies.name,
    })
    .from(rosterPeople)
    .innerJoin(user, eq(user.id, rosterPeople.userId))
    .innerJoin(companies, eq(companies.id, rosterPeople.companyId))
    .where(and(eq(rosterPeople.id, personId), isNotNull(rosterPeople.leftAt)));
  if (!person) return { sent: false };
  const token = randomBytes(32).toString("base64url");
  await db
    .update(rosterPeople)
    .set({ dataLinkHash: hashOf(token), dataLinkExpiresAt: new Date(now.getTime() + DATA_LINK_DAYS * 86_400_000) })
    .where(eq(rosterPeople.id, personId));
  const url = `${deps.appUrl}/api/me/export-link.html?token=${token}`;
  await deps.mailer.send(
    leaverMail({ to: person.personalEmail ?? person.email, name: person.name, companyName: person.company, url }),
  );
  return { sent: true };
}

/** The account whose leaver link this is, while it is valid, or null. */
export async function findLeaverByDataLink(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: rosterPeople.userId })
    .from(rosterPeople)
    .where(
      and(
        eq(rosterPeople.dataLinkHash, hashOf(token)),
        gt(rosterPeople.dataLinkExpiresAt, sql`now()`),
        isNotNull(rosterPeople.leftAt),
        isNotNull(rosterPeople.userId),
      ),
    );
  return row?.userId ?? null;
}
