/** The invitation e-mail's job (docs/decisions/009): app.ts lists it with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { inviteTokenKeyFrom, sendInviteMail } from "./invite-mail.ts";
import { INVITE_MAIL_JOB } from "./invites.ts";

export function inviteJobs({
  env,
  mailer,
  secret,
}: {
  env: Pick<Env, "APP_URL">;
  mailer: Mailer;
  /** The app's secret: the invitation tokens' key is derived from it (invite-mail.ts). */
  secret: string;
}): JobDefinition[] {
  const tokenKey = inviteTokenKeyFrom(secret);
  return [
    {
      // One invitation's e-mail, keyed by the invite, enqueued with it; its token is made when it sends (docs/decisions/009).
      name: INVITE_MAIL_JOB,
      label: "E-mail de um convite",
      run: (context) => sendInviteMail(context, { mailer, appUrl: env.APP_URL, tokenKey }),
    },
  ];
}
