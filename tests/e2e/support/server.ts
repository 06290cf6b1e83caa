/**
 * The browser tests' server: a real SMTP peer (with a small HTTP API on
 * MAIL_API_PORT so tests can read what was sent), a fresh embedded database
 * with the fixture people, then the built server (build/app/main.js) itself.
 */
import { spawn } from "node:child_process";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { eq, notInArray, sql } from "drizzle-orm";
import { cycleStart, planCareDefaults } from "#core/care.ts";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { addDays, localDay } from "#core/dates.ts";
import { internalAddressFor } from "#core/internal-address.ts";
import { WHO5_CONSENT_VERSION } from "#core/who5.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import { openDatabase } from "#server/db/client.ts";
import {
  appointments,
  availabilityWindows,
  companies,
  content,
  creditLedger,
  exercises,
  listeningCases,
  listeningHandlers,
  listeningMessages,
  passkeys,
  profiles,
  psychologists,
  rewards,
  rosterPeople,
  timeOff,
  user,
  userProgress,
  who5Answers,
  who5ConsentEvents,
} from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { cpfKeyFrom, hashCpf } from "#server/features/roster/cpf-hash.ts";
import { loadStarterCatalogue } from "#server/seed/catalogue.ts";
import { fillSeats } from "#tests/api/sessions.ts";
import { startSmtpSink } from "#tests/api/smtp-sink.ts";
import { coseP256 } from "#tests/api/software-authenticator.ts";
import { startFakeBotFramework } from "#tests/msteams/fake-bot-framework.ts";
import { startFakeCloudApi } from "#tests/whatsapp/fake-cloud-api.ts";
import { E2E_PORT, MAIL_API_PORT } from "../../../playwright.config.ts";
// @ts-expect-error: a plain .mjs script without types
import { buildIfNeeded } from "../../../scripts/build.mjs";
import { seedComplianceCompany } from "./compliance-seed.ts";
import {
  ACTIVATION,
  ACTIVATION_WITH_EMAIL,
  AWAY_PSYCHOLOGIST_NAME,
  BIG_COMPANY,
  BIG_COMPANY_DAYS,
  BIG_COMPANY_MEMBERS,
  bigManager,
  botFrameworkPort,
  FIXTURE_COMPANY,
  FIXTURE_REWARD,
  type FixturePerson,
  FROZEN_DAYS,
  FULL_COMPANY,
  fullCompanyManager,
  LISTENING_COMPANY,
  LISTENING_UNOPENED_CASE,
  LOW_MOODS,
  listeningPeople,
  NOTER_PAST_NOTE,
  PASSKEY_ONLY,
  people,
  REDEEMER_POINTS,
  REREADER_LONG_NOTE,
  RISK_COMPANY,
  riskManager,
  riskMembers,
  SIDE_COMPANY,
  STREAK_DAYS,
  seededPsychologist,
  TEAMS_COMPANY,
  TEAMS_MEMBER_OBJECT_ID,
  THUMBNAIL_EXERCISE,
  THUMBNAIL_URL,
  teamsMember,
  VETERAN_XP,
  WHATSAPP_COMPANY,
  WHO5_EARLIER_ANSWER,
  whatsappApiPort,
  whatsappMember,
} from "./fixtures.ts";
import { seedPgrCompany } from "./pgr-seed.ts";
import { seedResultadosNr1Company } from "./resultados-nr1-seed.ts";

await buildIfNeeded();
const dataDir = path.resolve(`.e2e-data/${E2E_PORT}`);
rmSync(dataDir, { recursive: true, force: true });

const smtp = await startSmtpSink();
createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  const to = url.searchParams.get("to");
  const mails = smtp.received.filter((mail) => !to || mail.to.includes(to));
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(mails));
}).listen(MAIL_API_PORT, "127.0.0.1");

const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
// The fixture companies have existed for a while, so their reports have closed days to show.
const founded = new Date(Date.now() - 90 * 86_400_000);
const [company] = await database.db
  .insert(companies)
  .values({ ...FIXTURE_COMPANY, createdAt: founded })
  .returning();
const [sideCompany] = await database.db
  .insert(companies)
  .values({ ...SIDE_COMPANY, createdAt: founded })
  .returning();
for (const person of Object.values(people)) {
  if (person.role === "admin") continue; // created by the server itself from ADMIN_EMAIL
  const { consent, consentVersion, company: inCompany, ...account } = person as FixturePerson;
  const version = consentVersion ?? WELLBEING_CONSENT_VERSION;
  const wellbeingConsent = consent === false ? undefined : { at: new Date(), version };
  const companyId = (inCompany === false ? sideCompany?.id : company?.id) ?? null;
  await createAccount(database.db, { ...account, companyId, wellbeingConsent });
}
// The WHO-5 journey's second member: consented and answered 100 days ago, so a new answer is due and shows a trend.
const [who5Again] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, people.who5Again.email));
if (who5Again) {
  const answeredAt = new Date(Date.now() - 100 * 86_400_000);
  const [item1, item2, item3, item4, item5] = WHO5_EARLIER_ANSWER;
  await database.db
    .insert(who5ConsentEvents)
    .values({ userId: who5Again.id, kind: "given", version: WHO5_CONSENT_VERSION, at: answeredAt });
  await database.db.insert(who5Answers).values({
    userId: who5Again.id,
    item1,
    item2,
    item3,
    item4,
    item5,
    score: 4 * (item1 + item2 + item3 + item4 + item5),
    answeredAt,
  });
}
// Signs in only with a passkey and was never given a recovery code (tests/e2e/recovery-nudge.spec.ts): the account
// /ativar made before codes existed (docs/decisions/045, 055), with a passkey the journey's browser holds the key to.
await createAccount(database.db, {
  userId: PASSKEY_ONLY.userId,
  email: internalAddressFor(PASSKEY_ONLY.userId),
  name: PASSKEY_ONLY.name,
  role: "user",
  companyId: sideCompany?.id ?? null,
  wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
});
const passkeyOnlyKey = createPublicKey(
  createPrivateKey({ key: Buffer.from(PASSKEY_ONLY.privateKey, "base64url"), format: "der", type: "pkcs8" }),
);
await database.db.insert(passkeys).values({
  userId: PASSKEY_ONLY.userId,
  credentialId: PASSKEY_ONLY.credentialId,
  publicKey: Buffer.from(coseP256(passkeyOnlyKey)).toString("base64url"),
  transports: ["internal"],
  name: "Chrome no Android",
});
const [noter] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, people.noter.email));
const seededOn = localDay(new Date(), "America/Sao_Paulo");
// The journeys read it back (helpers.ts, seededDay): a run that passes midnight in São Paulo keeps the seeded days.
mkdirSync(dataDir, { recursive: true });
writeFileSync(path.join(dataDir, "seeded-on"), seededOn);
const yesterday = addDays(seededOn, -1);
await database.db.insert(userProgress).values({
  userId: noter?.id as string,
  companyId: company?.id ?? null,
  mood: 2,
  notes: NOTER_PAST_NOTE,
  day: yesterday,
  completedAt: new Date(`${yesterday}T12:00:00-03:00`),
  xpEarned: 50,
});
await database.db
  .update(profiles)
  .set({ xp: 50, engagementPoints: 50 })
  .where(eq(profiles.userId, noter?.id as string));
const [rereader] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, people.rereader.email));
await database.db.insert(userProgress).values({
  userId: rereader?.id as string,
  companyId: company?.id ?? null,
  mood: 4,
  notes: REREADER_LONG_NOTE,
  day: yesterday,
  completedAt: new Date(`${yesterday}T12:00:00-03:00`),
  xpEarned: 50,
});
// The daily loop (docs/decisions/023): a run of check-ins for `streaker`, a low pattern for `lowMood`.
async function pastCheckIns(email: string, moods: number[], lastDay = yesterday) {
  const [person] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  for (const [i, mood] of moods.entries()) {
    const day = addDays(lastDay, i - moods.length + 1);
    await database.db.insert(userProgress).values({
      userId: person?.id as string,
      mood,
      day,
      completedAt: new Date(`${day}T12:00:00-03:00`),
      xpEarned: 50,
    });
  }
}
await pastCheckIns(
  people.streaker.email,
  Array.from({ length: STREAK_DAYS }, () => 4),
);
await pastCheckIns(people.lowMood.email, LOW_MOODS);
// Yesterday missed: the freeze the 7 days earned covers it.
await pastCheckIns(
  people.frozen.email,
  Array.from({ length: FROZEN_DAYS }, () => 3),
  addDays(yesterday, -1),
);
// The server loads the catalogue too, and leaves slugs already present alone: these pictures stay.
await loadStarterCatalogue(database.db);
await database.db.update(exercises).set({ thumbnail: THUMBNAIL_URL }).where(eq(exercises.slug, THUMBNAIL_EXERCISE));
await database.db.update(content).set({ thumbnail: THUMBNAIL_URL }).where(eq(content.slug, "o-que-e-burnout"));
await database.db.update(profiles).set({ xp: VETERAN_XP }).where(eq(profiles.email, people.veteran.email));
await database.db
  .update(profiles)
  .set({ xp: REDEEMER_POINTS, engagementPoints: REDEEMER_POINTS })
  .where(eq(profiles.email, people.redeemer.email));
await database.db.insert(rewards).values({ ...FIXTURE_REWARD, companyId: company?.id ?? null });
const [full] = await database.db
  .insert(companies)
  .values({ ...FULL_COMPANY, createdAt: founded })
  .returning();
if (full) {
  await createAccount(database.db, {
    ...fullCompanyManager,
    companyId: full.id,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  await fillSeats(database.db, full.id, 49);
}
const [whatsappCompany] = await database.db
  .insert(companies)
  .values({ ...WHATSAPP_COMPANY, createdAt: founded })
  .returning();
if (whatsappCompany) {
  await createAccount(database.db, {
    ...whatsappMember,
    companyId: whatsappCompany.id,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
}
const [teamsCompany] = await database.db
  .insert(companies)
  .values({ ...TEAMS_COMPANY, createdAt: founded })
  .returning();
if (teamsCompany) {
  await createAccount(database.db, {
    ...teamsMember,
    companyId: teamsCompany.id,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  await database.db
    .update(profiles)
    .set({ entraObjectId: TEAMS_MEMBER_OBJECT_ID })
    .where(eq(profiles.email, teamsMember.email));
}
const [riskCompany] = await database.db
  .insert(companies)
  .values({ ...RISK_COMPANY, createdAt: founded })
  .returning();
for (const person of [riskManager, ...riskMembers]) {
  await createAccount(database.db, {
    ...person,
    companyId: riskCompany?.id ?? null,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
}
await seedPgrCompany(database.db, founded);
await seedComplianceCompany(database.db, founded);
// The Canal de escuta's company (tests/e2e/escuta.spec.ts): its two handlers appointed as the admin would.
const [listeningCompany] = await database.db
  .insert(companies)
  .values({ ...LISTENING_COMPANY, createdAt: founded })
  .returning();
for (const [role, person] of Object.entries(listeningPeople)) {
  const { userId } = await createAccount(database.db, {
    ...person,
    companyId: listeningCompany?.id ?? null,
    wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  if (role === "handler" || role === "excluded") {
    await database.db.insert(listeningHandlers).values({
      companyId: listeningCompany?.id ?? "",
      userId,
      appointedOn: localDay(new Date(), "America/Sao_Paulo"),
    });
  }
}
// Yesterday's case no handler opened yet (escuta.spec.ts): the handler's menu entry counts it (docs/decisions/067).
const [unopened] = await database.db
  .insert(listeningCases)
  .values({
    companyId: listeningCompany?.id ?? "",
    protocol: LISTENING_UNOPENED_CASE.protocol,
    secretHash: "0".repeat(64),
    kind: "mensagem",
    category: "preocupacao",
    receivedOn: addDays(localDay(new Date(), "America/Sao_Paulo"), -1),
  })
  .returning();
await database.db.insert(listeningMessages).values({
  caseId: unopened?.id ?? "",
  seq: 1,
  author: "reporter",
  body: LISTENING_UNOPENED_CASE.body,
  writtenOn: unopened?.receivedOn ?? "",
});
// The big company (tests/e2e/disclosure.spec.ts): its members joined when it was founded, so they count from the
// first of every month; each checks in on nine days of ten, with a mood, energy and stress of their own.
const [big] = await database.db
  .insert(companies)
  .values({ ...BIG_COMPANY, createdAt: founded })
  .returning();
await createAccount(database.db, {
  ...bigManager,
  companyId: big?.id ?? null,
  wellbeingConsent: { at: new Date(), version: WELLBEING_CONSENT_VERSION },
});
const bigCheckIns: (typeof userProgress.$inferInsert)[] = [];
for (let i = 0; i < BIG_COMPANY_MEMBERS; i++) {
  const id = `grande-${i}`;
  const email = `grande${i + 1}@sereno.test`;
  await database.db
    .insert(user)
    .values({ id, name: `Pessoa Grande ${i + 1}`, email, emailVerified: true, createdAt: founded });
  await database.db
    .insert(profiles)
    .values({ userId: id, name: `Pessoa Grande ${i + 1}`, email, companyId: big?.id ?? null, createdAt: founded });
  for (let d = 1; d <= BIG_COMPANY_DAYS; d++) {
    if ((i + d) % 10 === 0) continue;
    const day = addDays(yesterday, 1 - d);
    bigCheckIns.push({
      userId: id,
      companyId: big?.id ?? null,
      mood: 2 + ((i + 2 * d) % 4),
      energy: 1 + ((3 * i + d) % 5),
      stress: 1 + ((i + d) % 4),
      day,
      completedAt: new Date(`${day}T12:00:00-03:00`),
      xpEarned: 50,
    });
  }
}
await database.db.insert(userProgress).values(bigCheckIns);
// Care (tests/e2e/care.spec.ts): last month's sessions for every member, so /appointments (closed months only) has a
// figure above the privacy minimum to show; and a seeded psychologist with a session of the care member that has
// already begun.
const members = await database.db
  .select({ userId: profiles.userId })
  .from(profiles)
  .where(eq(profiles.companyId, company?.id ?? ""));
const grant = planCareDefaults[FIXTURE_COMPANY.plan];
// The last day of São Paulo's previous month, at noon there: the machine's UTC month is already the next one on
// the 1st before 03:00 UTC, and the grant would have landed in the month still running in São Paulo.
const lastMonth = zonedInstant(addDays(`${seededOn.slice(0, 7)}-01`, -1), 12, "America/Sao_Paulo");
await database.db.insert(creditLedger).values(
  members.map(({ userId }) => ({
    memberId: userId,
    companyId: company?.id ?? "",
    createdAt: lastMonth,
    cycleStart: cycleStart(lastMonth, grant.cycle),
    kind: "grant" as const,
    amount: grant.sessionsPerCycle,
  })),
);
const { userId: seededPsychologistId } = await createAccount(database.db, { ...seededPsychologist, companyId: null });
const [seeded] = await database.db
  .insert(psychologists)
  .values({
    userId: seededPsychologistId,
    email: seededPsychologist.email,
    fullName: seededPsychologist.name,
    crpNumber: "06/778899",
    crpUf: "SP",
    epsiConfirmedOn: "2026-01-05",
    status: "verified",
    verifiedAt: new Date(),
    videoUrl: "https://sala.sereno.test/sofia",
  })
  .returning();
await database.db
  .insert(availabilityWindows)
  .values(
    [1, 2, 3, 4, 5].map((weekday) => ({ psychologistId: seeded?.id ?? "", weekday, startMinute: 420, endMinute: 480 })),
  );
const { userId: awayUserId } = await createAccount(database.db, {
  ...seededPsychologist,
  email: "psi-recesso@sereno.test",
  name: AWAY_PSYCHOLOGIST_NAME,
  companyId: null,
});
const [away] = await database.db
  .insert(psychologists)
  .values({
    userId: awayUserId,
    email: "psi-recesso@sereno.test",
    fullName: AWAY_PSYCHOLOGIST_NAME,
    crpNumber: "06/445566",
    crpUf: "SP",
    epsiConfirmedOn: "2026-01-05",
    approaches: ["Psicanálise"],
    specialties: ["Luto"],
    status: "verified",
    verifiedAt: new Date(),
  })
  .returning();
await database.db.insert(availabilityWindows).values(
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    psychologistId: away?.id ?? "",
    weekday,
    startMinute: 480,
    endMinute: 1200,
  })),
);
await database.db.insert(timeOff).values({
  psychologistId: away?.id ?? "",
  startsAt: new Date(Date.now() - 3_600_000),
  endsAt: new Date(Date.now() + 3 * 86_400_000),
});
const [carer] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, people.carer.email));
const began = new Date(Date.now() - 20 * 60_000);
await database.db.insert(appointments).values({
  psychologistId: seeded?.id ?? "",
  memberId: carer?.id ?? "",
  companyId: company?.id ?? null,
  startsAt: began,
  endsAt: new Date(began.getTime() + 50 * 60_000),
});
// Only the reminders journey gets check-in reminders: no other journey's mail count moves (docs/decisions/019).
await database.db
  .update(profiles)
  .set({ notificationPreferences: sql`${profiles.notificationPreferences} || '{"reminderDays": []}'::jsonb` })
  .where(notInArray(profiles.email, [people.reminded.email, whatsappMember.email, teamsMember.email]));
// A person of the HR file without e-mail, awaiting activation at /ativar (tests/e2e/activation.spec.ts). The server's
// secret is fixed here so the CPF can be hashed as the server will hash it.
const secret = "e2e-auth-secret-e2e-auth-secret-e2e";
await database.db
  .update(companies)
  .set({ activationCode: ACTIVATION.code })
  .where(eq(companies.id, company?.id ?? ""));
await database.db.insert(rosterPeople).values({
  companyId: company?.id ?? "",
  cpfHash: hashCpf(cpfKeyFrom(secret), ACTIVATION.cpf),
  cpfLast2: ACTIVATION.cpf.slice(-2),
  matricula: ACTIVATION.matricula,
  name: ACTIVATION.name,
});
await database.db.insert(rosterPeople).values({
  companyId: company?.id ?? "",
  cpfHash: hashCpf(cpfKeyFrom(secret), ACTIVATION_WITH_EMAIL.cpf),
  cpfLast2: ACTIVATION_WITH_EMAIL.cpf.slice(-2),
  matricula: ACTIVATION_WITH_EMAIL.matricula,
  name: ACTIVATION_WITH_EMAIL.name,
});
// The passkey-only person's HR record (activated: linked to her account), in the side company.
await database.db.insert(rosterPeople).values({
  companyId: sideCompany?.id ?? "",
  cpfHash: hashCpf(cpfKeyFrom(secret), "39053344705"),
  cpfLast2: "05",
  matricula: PASSKEY_ONLY.matricula,
  name: PASSKEY_ONLY.name,
  userId: PASSKEY_ONLY.userId,
});
// Resultados' NR-1 layer with both sides: two closed campaigns released with the server's own key.
await seedResultadosNr1Company(database.db, founded, secret);
await database.close();
// Meta's WhatsApp Cloud API cannot be reached from here: its local stand-in (docs/decisions/092).
const cloudApi = await startFakeCloudApi(whatsappApiPort(E2E_PORT));
// Nor the Bot Framework and Teams' connector: theirs (docs/decisions/095).
const botFramework = await startFakeBotFramework(botFrameworkPort(E2E_PORT));

const child = spawn(process.execPath, ["build/app/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${E2E_PORT}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: secret,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: people.admin.email,
    ADMIN_PASSWORD: people.admin.password,
    CONTACT_WHATSAPP: "5511988887777",
    WHATSAPP_API_URL: cloudApi.url,
    MSTEAMS_OPENID_URL: `${botFramework.url}/v1/.well-known/openidconfiguration`,
    MSTEAMS_LOGIN_URL: botFramework.url,
    MSTEAMS_SERVICE_URL: botFramework.serviceUrl,
    // tests/e2e/privacy-policy.spec.ts reads these back from /privacidade.
    NOTES_RETENTION_DAYS: "400",
    DPO_NAME: "Beatriz Encarregada",
    DPO_EMAIL: "dpo@sereno-teste.com.br",
    LOG_LEVEL: "warn",
    // One seeded reporter writes the Canal journeys' cases, retries included (the limit's own test is in the API tests).
    LISTENING_CASES_PER_PERSON_HOUR: "50",
    DEMO: "1",
    // Embedded PGlite here; should a DATABASE_URL come in from the environment, it is the tests' fsync-off server.
    ALLOW_NON_DURABLE_DATABASE: "1",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  void smtp.close();
  void cloudApi.close();
  void botFramework.close();
  process.exit(code ?? 0);
});
