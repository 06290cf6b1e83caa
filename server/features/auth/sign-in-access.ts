/**
 * Who may get a session, and the e-mailed sign-in link: better-auth calls
 * these from auth.ts. Every way in (password, Google, the link) creates its
 * session through `refuseWithoutAccess`, so a person removed from their
 * company cannot get back in by any of them (docs/decisions/009).
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { authMessages } from "#core/auth-messages.ts";
import { hasAccess } from "#core/roles.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, user } from "#server/db/schema/index.ts";
import { signInLinkMail } from "#server/mail/account-mails.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { knownAddressKey, remember, signInLimits } from "./rate-limit.ts";
import { trustedDeviceKey } from "./sign-in-device.ts";

/** The page the link opens; it asks for a click, so a mail scanner opening the link signs nobody in. */
const SIGN_IN_LINK_PAGE = "/entrar-com-link";

async function findAccess(db: Db, by: { userId: string } | { email: string }) {
  const [row] = await db
    .select({ email: user.email, name: user.name, role: profiles.role, companyId: profiles.companyId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where("userId" in by ? eq(user.id, by.userId) : eq(user.email, by.email));
  if (!row) return null;
  return { ...row, hasAccess: hasAccess(row.role ?? "user", row.companyId ?? null) };
}

export async function refuseWithoutAccess(db: Db, userId: string): Promise<void> {
  const found = await findAccess(db, { userId });
  if (!found?.hasAccess) throw new APIError("FORBIDDEN", { code: "ACCESS_ENDED", message: authMessages.accessEnded });
}

/**
 * Mails the link only to an account that may sign in. Not awaited by the
 * caller: the answer is the same, in content and in time, whether or not the
 * e-mail has an account.
 */
export async function sendSignInLink(db: Db, mailer: Mailer, appUrl: string, email: string, token: string) {
  const found = await findAccess(db, { email: email.trim().toLowerCase() });
  if (!found?.hasAccess) return;
  const url = new URL(SIGN_IN_LINK_PAGE, appUrl);
  url.searchParams.set("token", token);
  await mailer.send(signInLinkMail(found.email, found.name, url.toString()));
}

/**
 * A link sign-in proves the mailbox: its address and its browser count as known, like a password success
 * (docs/decisions/018, 062).
 */
export async function rememberLinkAddress(
  db: Db,
  userId: string,
  ip: string | null | undefined,
  deviceId: string | null | undefined,
): Promise<void> {
  const found = await findAccess(db, { userId });
  if (found && ip) await remember(db, knownAddressKey(found.email, ip), signInLimits.knownAddress);
  if (found && deviceId) await remember(db, trustedDeviceKey(found.email, deviceId), signInLimits.knownAddress);
}
