import { LifeBuoy } from "lucide-react";
import { Link, NavLink } from "react-router";
import { roleLabels } from "#core/roles.ts";
import type { Me } from "#core/schemas/me.ts";
import { cn } from "#web/lib/cn.ts";
import { appScreens, canOpen } from "#web/lib/navigation.ts";
import { Logo } from "./logo.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { UserAvatar } from "./user-avatar.tsx";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors",
    isActive ? "bg-primary-soft text-primary" : "text-muted hover:bg-surface-2 hover:text-fg",
  );

/** The side menu (spec 2): the role's entries, then 'Precisa de ajuda agora?', Configurações, Ajuda and Sair; the user at the top. */
export function SideMenu({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const visible = appScreens.filter((screen) => canOpen(screen, me.role));
  const renderItems = (menu: "main" | "bottom") =>
    visible
      .filter((screen) => screen.menu === menu)
      .map((screen) => (
        <li key={screen.path}>
          <NavLink to={screen.path} end className={itemClass} onClick={onNavigate}>
            <screen.icon aria-hidden className="size-5" strokeWidth={1.75} />
            {screen.menuLabel}
          </NavLink>
        </li>
      ));

  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <NavLink to="/dashboard" className="rounded-md px-1" onClick={onNavigate} aria-label="Sereno, ir para o Painel">
        <Logo />
      </NavLink>
      <div className="flex items-center gap-3 rounded-lg bg-surface-2 p-3">
        <UserAvatar name={me.name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{me.name}</p>
          <p className="text-xs text-muted">{roleLabels[me.role]}</p>
        </div>
      </div>
      <nav aria-label="Menu lateral" className="flex flex-1 flex-col justify-between gap-4 overflow-y-auto">
        <ul className="space-y-1">{renderItems("main")}</ul>
        <ul className="space-y-1 border-t border-border pt-4">
          <li>
            {/* From every signed-in screen, the crisis lines of the help screen (web/features/help/crisis-note.tsx). */}
            <Link
              to="/help#ajuda-agora"
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-accent hover:bg-accent-soft"
            >
              <LifeBuoy aria-hidden className="size-5" strokeWidth={1.75} />
              <span className="flex flex-col leading-tight">
                Precisa de ajuda agora?
                <span className="text-xs font-normal text-muted">CVV 188 · SAMU 192</span>
              </span>
            </Link>
          </li>
          {renderItems("bottom")}
          <li>
            <SignOutButton onDone={onNavigate} />
          </li>
        </ul>
      </nav>
    </div>
  );
}
