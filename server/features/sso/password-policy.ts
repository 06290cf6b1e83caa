/**
 * A company that turned password sign-in off (docs/decisions/047): an e-mail
 * of its verified domains is refused by the password and the e-mailed link,
 * server-side, with a pointer to 'Entrar com SSO'. Platform admins are never
 * refused, so a company's settings cannot lock the platform out.
 */
import { eq } from "drizzle-orm";
import { ssoMessages } from "#core/sso-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { connectionForEmail } from "./sso-connections.ts";

export async function refusePasswordWhenSsoOnly(db: Db, email: string | undefined): Promise<void> {
  if (!email?.includes("@")) return;
  const connection = await connectionForEmail(db, email);
  if (!connection || connection.allowPassword) return;
  const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.email, email));
  if (profile?.role === "admin") return;
  throw new AppError("SSO_REQUIRED", ssoMessages.passwordOff);
}
