import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { roles } from "#core/roles.ts";
import { defaultNotificationPreferences } from "#core/schemas/me.ts";
import { serverMessages } from "#core/server-messages.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { companies, profiles } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/me", () => {
  it("refuses an anonymous caller with a pt-BR 401", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(serverMessages.unauthenticated);
  });

  it.each(roles)("returns the in-app user of spec 3 for role %s, with its defaults", async (role) => {
    const [company] = await t.db.insert(companies).values({ name: "Acme", plan: "prime" }).returning();
    const person = await signedInPerson(t.app, t.db, { role, companyId: company?.id, name: "Bia" });
    const response = await person.as({ method: "GET", url: "/api/me" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: person.userId,
      name: "Bia",
      email: person.email,
      role,
      companyId: company?.id,
      avatar: null,
      level: 1,
      xp: 0,
      engagementPoints: 0,
      themePreference: null,
      notificationPreferences: defaultNotificationPreferences,
      timezone: "America/Sao_Paulo",
      wellbeingConsent: { version: WELLBEING_CONSENT_VERSION, at: expect.any(String) },
    });
  });

  it("treats a session whose profile is gone as nobody: no role, no company, no access (docs/decisions/009)", async () => {
    const person = await signedInPerson(t.app, t.db, { role: "admin", name: "Caio" });
    await t.db.delete(profiles).where(eq(profiles.userId, person.userId));
    expect((await person.as({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const patch = await person.as({ method: "PATCH", url: "/api/me", payload: { themePreference: "dark" } });
    expect(patch.statusCode).toBe(401);
  });

  it("keeps the level in step with XP (core/xp.ts rule in the database)", async () => {
    const person = await signedInPerson(t.app, t.db);
    await t.db.update(profiles).set({ xp: 250 }).where(eq(profiles.userId, person.userId));
    const me = (await person.as({ method: "GET", url: "/api/me" })).json();
    expect(me.level).toBe(3);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(row?.level).toBe(3);
  });
});

describe("PATCH /api/me", () => {
  it("saves the theme and the notification preferences", async () => {
    const person = await signedInPerson(t.app, t.db);
    const prefs = { email: false, push: true, reminders: false, updates: true };
    const response = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { themePreference: "dark", notificationPreferences: prefs },
    });
    expect(response.statusCode).toBe(200);
    const me = (await person.as({ method: "GET", url: "/api/me" })).json();
    expect(me.themePreference).toBe("dark");
    expect(me.notificationPreferences).toEqual({
      ...prefs,
      whatsapp: false,
      reminderTime: "09:30",
      reminderDays: [1, 2, 3, 4, 5],
      quietStart: "20:00",
      quietEnd: "08:00",
    });
  });

  it("trims the name and refuses an empty one in pt-BR", async () => {
    const person = await signedInPerson(t.app, t.db);
    const ok = await person.as({ method: "PATCH", url: "/api/me", payload: { name: "  Joana Silva  " } });
    expect(ok.json().name).toBe("Joana Silva");
    const empty = await person.as({ method: "PATCH", url: "/api/me", payload: { name: "   " } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(settingsMessages.nameRequired);
  });

  it("refuses fields a person may not set, such as role or XP", async () => {
    const person = await signedInPerson(t.app, t.db);
    for (const payload of [{ role: "admin" }, { xp: 9999 }, { themePreference: "roxo" }]) {
      const response = await person.as({ method: "PATCH", url: "/api/me", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/[a-zà-ú]/i);
    }
    const me = (await person.as({ method: "GET", url: "/api/me" })).json();
    expect(me).toMatchObject({ role: "user", xp: 0, themePreference: null });
  });
});
