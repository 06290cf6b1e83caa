/**
 * The frame of every signed-in screen: side menu; on small screens the bottom
 * bar and, behind its 'Mais', the drawer with the whole menu; the header with
 * the page title and the greeting, the main area.
 * The app layout draws it around each page; the server draws it, with the
 * page's first content, as the first frame of a signed-in page
 * (web/first-frame.tsx, docs/decisions/021).
 */
import { type ReactNode, useId, useRef, useState } from "react";
import type { Me } from "#core/schemas/me.ts";
import { BottomTabBar } from "#web/components/bottom-tab-bar.tsx";
import { SideMenu } from "#web/components/side-menu.tsx";
import { SkipLink } from "#web/components/skip-link.tsx";
import { ThemeToggle } from "#web/components/theme-toggle.tsx";
import { SideSheet } from "#web/components/ui/side-sheet.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";

export function AppShell({ user, title, children }: { user: Me; title: string; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_1fr] print:block">
      <SkipLink className="print:hidden" />
      <div className="hidden border-r border-border bg-surface md:block print:hidden">
        <aside className="sticky top-0 h-dvh">
          <SideMenu me={user} />
        </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur md:px-8 print:hidden">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold leading-tight md:text-xl">{title}</h1>
            <p className="truncate text-xs text-muted sm:text-sm">Olá, {user.name || "Usuário"}</p>
          </div>
          <ThemeToggle />
          <UserAvatar name={user.name} className="size-9 text-sm" />
        </header>
        <main
          id="conteudo"
          className="mx-auto w-full max-w-6xl flex-1 p-4 pb-[calc(var(--bottom-ui-height,0px)+env(safe-area-inset-bottom,0px)+1rem)] md:p-8 print:pb-4"
        >
          {children}
        </main>
      </div>
      <BottomTabBar
        role={user.role}
        moreButton={moreButton}
        drawerId={drawerId}
        isDrawerOpen={drawerOpen}
        onMore={() => setDrawerOpen(true)}
      />
      <SideSheet
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        side="left"
        description="Navegação do aplicativo"
        ownTrigger={moreButton}
        contentId={drawerId}
      >
        <SideMenu me={user} onNavigate={() => setDrawerOpen(false)} />
      </SideSheet>
    </div>
  );
}
