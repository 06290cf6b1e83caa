/**
 * The first frame of a signed-in page, drawn by the server
 * (server/static-site.ts, docs/decisions/021): the app's own shell for this
 * person and path, with the dashboard's welcome on /dashboard and the loading
 * spinner elsewhere. The browser paints it with the HTML, before the app's
 * scripts have arrived; the app draws the same screen in its place
 * (web/lib/first-frame.ts). The same components as the app's, so the two
 * cannot drift apart.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Me } from "#core/schemas/me.ts";
import { AppShell } from "#web/components/app-shell.tsx";
import { DashboardStart } from "#web/components/dashboard-start.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { FIRST_FRAME_TAG } from "#web/lib/first-frame.ts";
import { canOpen, screenFor } from "#web/lib/navigation.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

/** What a frame may need beyond the session, read by the server only for the screen that shows it. */
export type FrameReads = {
  /** Whether the person has checked in today (their time zone): a member's dashboard greets by it. */
  checkedInToday: () => Promise<boolean>;
};

/**
 * The frame's HTML, or null where the app would not show this person the
 * screen's shell (a path of no screen, or one their role is sent away from).
 * Inert and hidden from assistive technology: it is a picture of the screen
 * that the app replaces, not the screen.
 */
export async function renderFirstFrame(me: Me, pathname: string, reads: FrameReads): Promise<string | null> {
  const screen = screenFor(pathname);
  if (!screen || !(canOpen(screen, me.role) || screen.showsOwnRestriction)) return null;
  const isDashboard = screen.path === "/dashboard";
  // The same greeting the app will draw once it has today's check-in (the dashboard's first reads).
  const today = isDashboard && me.role !== "manager" ? { checkIn: await reads.checkedInToday() } : undefined;
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, me);
  const frame = renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[pathname]}>
        <AppShell user={me} title={screen.title}>
          {isDashboard ? <DashboardStart me={me} today={today} /> : <LoadingScreen />}
        </AppShell>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return `<${FIRST_FRAME_TAG} inert aria-hidden="true">${frame}</${FIRST_FRAME_TAG}>`;
}
