/** The roster import's jobs (issue 33): app.ts lists them with every feature's. */
import { eq } from "drizzle-orm";
import { rosterImports } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import type { JobBell, JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { ROSTER_IMPORT_JOB, runRosterImport } from "./apply-import.ts";
import { LEAVER_MAIL_JOB } from "./apply-plan.ts";
import { sendLeaverMail } from "./leaver-mail.ts";

export function rosterJobs({
  env,
  mailer,
  jobBell,
}: {
  env: Pick<Env, "APP_URL">;
  mailer: Mailer;
  jobBell?: JobBell;
}): JobDefinition[] {
  return [
    {
      // One applied import, keyed by its id; planning again makes a second run write nothing twice.
      name: ROSTER_IMPORT_JOB,
      label: "Importação de pessoas",
      run: async (context) => {
        try {
          // The invitations and leaver e-mails it enqueued leave at once.
          return await runRosterImport(context, () => jobBell?.ring());
        } catch (error) {
          if (context.job.attempts >= context.job.max_attempts) {
            const importId = String(context.job.payload?.importId ?? "");
            await context.db.update(rosterImports).set({ status: "failed" }).where(eq(rosterImports.id, importId));
          }
          throw error;
        }
      },
    },
    {
      name: LEAVER_MAIL_JOB,
      label: "E-mail de quem saiu da empresa",
      followsPeople: true,
      run: (context) => sendLeaverMail(context, { mailer, appUrl: env.APP_URL }),
    },
  ];
}
