/**
 * Every signed-in screen sits here: the guard (spec 2 route protection) and
 * the shell (web/components/app-shell.tsx), which takes over from the
 * server's first frame of the page (web/lib/first-frame.ts).
 */
import { useDeferredValue, useEffect, useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { messages } from "#core/messages.ts";
import { AppShell } from "#web/components/app-shell.tsx";
import { ErrorPanel } from "#web/components/error-panel.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { ReconsentDialog } from "#web/components/reconsent-dialog.tsx";
import { OfflineCheckInSender } from "#web/features/check-ins/offline-check-ins.ts";
import { isApiError } from "#web/lib/api.ts";
import { dropFirstFrame } from "#web/lib/first-frame.ts";
import { canOpen, homeFor, screenFor } from "#web/lib/navigation.ts";
import { pendingLeave, useMe } from "#web/lib/session.ts";

export default function AppLayout() {
  const live = useMe();
  // The shell and the page first render when the session arrives: in a deferred (transition) render,
  // which React splits into short tasks instead of one long one (docs/decisions/021). Only that first
  // time: afterwards the live value, so a sign-out or a removal never shows the shell a stale session.
  const deferred = useDeferredValue(live);
  const me = deferred.isPending ? deferred : live;
  const location = useLocation();
  // The server's first frame of the page stands in until the layout draws something else than the spinner.
  const isLoading = me.isPending && me.fetchStatus !== "paused";
  useLayoutEffect(() => {
    if (!isLoading) dropFirstFrame();
  }, [isLoading]);
  // Opened offline, the session could not be read: read it as soon as the connection returns (docs/decisions/027).
  // A browser does not always say when it is back (it may have claimed to be online all along), so it
  // is also asked for again every few seconds.
  const { isError, error, refetch } = me;
  const lostToNetwork = isError && isOffline(error);
  useEffect(() => {
    if (!isError) return;
    const retry = () => void refetch();
    window.addEventListener("online", retry);
    const poll = lostToNetwork ? window.setInterval(retry, SESSION_RETRY_MS) : undefined;
    return () => {
      window.removeEventListener("online", retry);
      window.clearInterval(poll);
    };
  }, [isError, lostToNetwork, refetch]);

  // Opened offline (the service worker's app shell, docs/decisions/027): the session cannot be read yet.
  if (me.isPending && me.fetchStatus === "paused") {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md items-center p-6">
        <ErrorPanel message={messages.offlineSignedOut} onRetry={() => window.location.reload()} className="w-full" />
      </main>
    );
  }
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md items-center p-6">
        <ErrorPanel
          message={lostToNetwork ? messages.offlineSignedOut : messages.authError}
          onRetry={() => window.location.reload()}
          className="w-full"
        />
      </main>
    );
  }
  if (!me.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={pendingLeave() ?? `/login?next=${next}`} replace />;
  }
  const screen = screenFor(location.pathname);
  if (screen && !canOpen(screen, me.data.role) && !screen.showsOwnRestriction) {
    return <Navigate to={homeFor(me.data.role)} replace />;
  }
  const user = me.data;

  return (
    <>
      <AppShell user={user} title={screen?.title ?? "Sereno"}>
        <Outlet />
      </AppShell>
      <ReconsentDialog me={user} />
      <OfflineCheckInSender userId={user.id} />
    </>
  );
}

/** How often a session the network kept from loading is asked for again. */
const SESSION_RETRY_MS = 5_000;

/**
 * The session could not be read because the network failed, not because the server refused: the browser
 * says it is offline, or the request never reached the server (a connection that claims to be up but is
 * not; a browser that reports itself online in a page the service worker served offline).
 */
function isOffline(error: unknown): boolean {
  return (typeof navigator !== "undefined" && !navigator.onLine) || (isApiError(error) && error.isNetwork);
}
