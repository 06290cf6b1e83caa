/**
 * Every signed-in screen sits here: the guard (spec 2 route protection) and
 * the shell (side menu, drawer on small screens, header with the page title
 * and the greeting).
 */
import { useDeferredValue, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { messages } from "#core/messages.ts";
import { ErrorPanel } from "#web/components/error-panel.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { ReconsentDialog } from "#web/components/reconsent-dialog.tsx";
import { SideMenu } from "#web/components/side-menu.tsx";
import { ThemeToggle } from "#web/components/theme-toggle.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { SideSheet } from "#web/components/ui/side-sheet.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { OfflineCheckInSender } from "#web/features/check-ins/offline-check-ins.ts";
import { canOpen, homeFor, screenFor } from "#web/lib/navigation.ts";
import { useMe } from "#web/lib/session.ts";

export default function AppLayout() {
  const live = useMe();
  // The shell and the page first render when the session arrives: in a deferred (transition) render,
  // which React splits into short tasks instead of one long one (docs/decisions/021). Only that first
  // time: afterwards the live value, so a sign-out or a removal never shows the shell a stale session.
  const deferred = useDeferredValue(live);
  const me = deferred.isPending ? deferred : live;
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Opened offline, the session could not be read: read it as soon as the connection returns (docs/decisions/027).
  const { isError, refetch } = me;
  useEffect(() => {
    if (!isError) return;
    const retry = () => void refetch();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [isError, refetch]);

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
          message={
            typeof navigator !== "undefined" && !navigator.onLine ? messages.offlineSignedOut : messages.authError
          }
          onRetry={() => window.location.reload()}
          className="w-full"
        />
      </main>
    );
  }
  if (!me.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  const screen = screenFor(location.pathname);
  if (screen && !canOpen(screen, me.data.role) && !screen.showsOwnRestriction) {
    return <Navigate to={homeFor(me.data.role)} replace />;
  }
  const user = me.data;

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_1fr] print:block">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:p-2 print:hidden"
      >
        Pular para o conteúdo
      </a>
      <div className="hidden border-r border-border bg-surface md:block print:hidden">
        <aside className="sticky top-0 h-dvh">
          <SideMenu me={user} />
        </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur md:px-8 print:hidden">
          <SideSheet
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            side="left"
            description="Navegação do aplicativo"
            triggerClassName="-ml-2"
          >
            <SideMenu me={user} onNavigate={() => setDrawerOpen(false)} />
          </SideSheet>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold leading-tight md:text-xl">{screen?.title ?? "Sereno"}</h1>
            <p className="truncate text-xs text-muted sm:text-sm">Olá, {user.name || "Usuário"}</p>
          </div>
          <ThemeToggle />
          <UserAvatar name={user.name} className="size-9 text-sm" />
        </header>
        <main id="conteudo" className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">
          {user.profileIncomplete ? (
            <Alert tone="warning" className="mb-6">
              {messages.profileIncomplete}
            </Alert>
          ) : null}
          <Outlet />
        </main>
        <ReconsentDialog me={user} />
        <OfflineCheckInSender userId={user.id} />
      </div>
    </div>
  );
}
