/** The invitation e-mail's job (docs/decisions/009): app.ts lists it with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { sendInviteMail } from "./invite-mail.ts";
import { INVITE_MAIL_JOB } from "./invites.ts";

export function inviteJobs({ env, mailer }: { env: Pick<Env, "APP_URL">; mailer: Mailer }): JobDefinition[] {
  return [
    {
      // One invitation's e-mail, keyed by the invite, enqueued with it; its token is made when it sends (docs/decisions/009).
      name: INVITE_MAIL_JOB,
      label: "E-mail de um convite",
      run: (context) => sendInviteMail(context, { mailer, appUrl: env.APP_URL }),
    },
  ];
}
