/** Test helpers for care (issue 13): a verified psychologist with an account and a weekly agenda. */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { signIn } from "./sessions.ts";
import { TEST_ORIGIN, type TestApp } from "./test-app.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;
let counter = 0;

/** Monday to Friday, 09:00–12:00 in São Paulo: slots at 09:00, 10:00 and 11:00 (50 min + 10). */
export const WEEKDAY_MORNINGS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 }));

export async function verifiedPsychologist(t: TestApp, admin: As, options: { name?: string; verify?: boolean } = {}) {
  counter += 1;
  const email = `psi${counter}-${Date.now()}@exemplo.com.br`;
  const created = await admin({
    method: "POST",
    url: "/api/admin/psychologists",
    payload: {
      fullName: options.name ?? `Psicóloga ${counter}`,
      email,
      crpNumber: "06/123456",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-10",
      approaches: ["TCC"],
      specialties: ["Ansiedade"],
      inPersonCity: counter % 2 ? "São Paulo" : null,
    },
  });
  if (created.statusCode !== 201) throw new Error(`psychologist: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  // Callers create several at once: another call's delivery may hold this invite's job, so wait for its mail.
  for (let tries = 0; tries < 200 && !t.mails.some((mail) => mail.to === email); tries++) {
    await t.deliverInvites();
    if (!t.mails.some((mail) => mail.to === email)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = t.mails.findLast((mail) => mail.to === email)?.text.match(/access_token=([\w-]+)/)?.[1] ?? "";
  const password = "escuta-atenta-2026";
  const accepted = await t.app.inject({
    method: "POST",
    url: "/api/invites/accept",
    headers: { origin: TEST_ORIGIN },
    // A psychologist is not asked for the wellbeing-data consent (the activation screen has no box).
    payload: { token, password },
  });
  if (accepted.statusCode !== 201) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  if (options.verify !== false) await admin({ method: "POST", url: `/api/admin/psychologists/${id}/verify` });
  const { cookie } = await signIn(t.app, email, password);
  const as: As = (request) =>
    t.app.inject({ ...request, headers: { origin: TEST_ORIGIN, ...request.headers, cookie } });
  const availability = await as({
    method: "PUT",
    url: "/api/care/availability",
    payload: { windows: WEEKDAY_MORNINGS, videoUrl: "https://sala.exemplo.com.br/psi" },
  });
  if (availability.statusCode !== 200) throw new Error(`availability: ${availability.statusCode} ${availability.body}`);
  return { id, email, as };
}
