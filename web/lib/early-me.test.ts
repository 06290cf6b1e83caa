import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api.ts";
import { dashboardReads, earlyMeScript, forgetEarlyReads, takeEarlyRead } from "./early-me.ts";

type Page = {
  window?: Page;
  __serenoEarlyMe?: { answer?: { me: unknown } };
  __serenoEarlyReads?: { at: number; sent: Record<string, Promise<Response> | undefined> };
};

/** Runs the inline script as a page at `pathname` would, /api/me answering `me` (null: 401); resolves once it settled. */
async function loadPage(pathname: string, me: { role: string } | null) {
  const asked: string[] = [];
  const fetch = (path: string) => {
    asked.push(path);
    const body = path === "/api/me" ? me : { path };
    return Promise.resolve(new Response(JSON.stringify(body), { status: body === null ? 401 : 200 }));
  };
  const page: Page = {};
  page.window = page;
  runInNewContext(earlyMeScript, Object.assign(page, { fetch, location: { pathname }, Date }));
  await vi.waitFor(() => expect(page.__serenoEarlyMe?.answer).toBeDefined());
  return { page, asked };
}

describe("the page's early requests", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("on /dashboard, sends the manager's first reads as soon as the session says the role", async () => {
    const { page, asked } = await loadPage("/dashboard", { role: "manager" });
    expect(asked).toEqual(["/api/me", ...(dashboardReads.manager ?? [])]);
    expect(Object.keys(page.__serenoEarlyReads?.sent ?? {})).toEqual(dashboardReads.manager);
  });

  it("sends a member's own reads, and nothing for a role without a list, another page or a visitor", async () => {
    expect((await loadPage("/dashboard", { role: "user" })).asked).toEqual(["/api/me", ...(dashboardReads.user ?? [])]);
    for (const [pathname, me] of [
      ["/dashboard", { role: "admin" }],
      ["/settings", { role: "manager" }],
      ["/dashboard", null],
    ] as const) {
      const { page, asked } = await loadPage(pathname, me);
      expect(asked).toEqual(["/api/me"]);
      expect(page.__serenoEarlyReads).toBeUndefined();
    }
  });

  it("each early read is taken once, while fresh, and never after sign-out", async () => {
    const { page } = await loadPage("/dashboard", { role: "manager" });
    vi.stubGlobal("window", page);
    const summary = takeEarlyRead("/api/team/summary");
    expect(await (await summary)?.json()).toEqual({ path: "/api/team/summary" });
    expect(takeEarlyRead("/api/team/summary")).toBeUndefined();
    expect(takeEarlyRead("/api/progress")).toBeUndefined();

    forgetEarlyReads();
    expect(takeEarlyRead("/api/reports/insights")).toBeUndefined();

    const stale = await loadPage("/dashboard", { role: "manager" });
    vi.stubGlobal("window", stale.page);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 60_000);
    expect(takeEarlyRead("/api/team/summary")).toBeUndefined();
  });

  it("api() answers a plain GET with its early request (the session too), and asks the server for anything else", async () => {
    const { page } = await loadPage("/dashboard", { role: "manager" });
    vi.stubGlobal("window", page);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ from: "server" })));
    vi.stubGlobal("fetch", fetch);
    expect(await api("/api/me")).toEqual({ role: "manager" });
    expect(await api("/api/team/summary")).toEqual({ path: "/api/team/summary" });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api("/api/reports/insights", { method: "DELETE" })).toEqual({ from: "server" });
    expect(await api("/api/team/summary")).toEqual({ from: "server" });
    expect(await api("/api/me")).toEqual({ from: "server" });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
