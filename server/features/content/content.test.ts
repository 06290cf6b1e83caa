import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentLockedMessage } from "#core/exercise-messages.ts";
import type { ContentList } from "#core/schemas/content.ts";
import { profiles } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the content library", () => {
  it("lists 12+ items from 0 points upward, with the caller's points and lock state", async () => {
    const person = await signedInPerson(t.app, t.db);
    const list: ContentList = (await person.as({ method: "GET", url: "/api/content" })).json();
    expect((await person.as({ method: "GET", url: "/api/points" })).json()).toEqual({
      earned: 0,
      spent: 0,
      balance: 0,
    });
    expect(list.items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(list.items.map((i) => i.contentType))).toEqual(new Set(["article", "course", "video"]));
    const free = list.items.filter((i) => i.pointsRequired === 0);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((i) => i.unlocked)).toBe(true);
    const paid = list.items.find((i) => i.pointsRequired > 0);
    expect(paid).toMatchObject({ unlocked: false, pointsMissing: paid?.pointsRequired });
    expect(JSON.stringify(list)).not.toContain('"body"');
  });

  it("opens an unlocked article with its body, refuses a locked one, and unlocks it when points arrive", async () => {
    const person = await signedInPerson(t.app, t.db);
    const list: ContentList = (await person.as({ method: "GET", url: "/api/content" })).json();
    const article = list.items.find((i) => i.contentType === "article" && i.unlocked);
    const opened = await person.as({ method: "GET", url: `/api/content/${article?.id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().body.length).toBeGreaterThan(500);

    const locked = list.items.find((i) => i.pointsRequired >= 100) as ContentList["items"][number];
    const refused = await person.as({ method: "GET", url: `/api/content/${locked.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(contentLockedMessage(locked.pointsRequired));

    await t.db
      .update(profiles)
      .set({ engagementPoints: locked.pointsRequired })
      .where(eq(profiles.userId, person.userId));
    expect((await person.as({ method: "GET", url: `/api/content/${locked.id}` })).statusCode).toBe(200);
  });
});
