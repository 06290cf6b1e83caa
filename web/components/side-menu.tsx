import { ChevronDown, LifeBuoy } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { roleLabels } from "#core/roles.ts";
import type { Me } from "#core/schemas/me.ts";
import { cn } from "#web/lib/cn.ts";
import { appScreens, homeFor, screenFor } from "#web/lib/navigation.ts";
import { newCasesText, useNewCases } from "#web/lib/new-cases.ts";
import { CASE_INBOX_PATH, isMenuGroup, type MenuGroup, menuFor } from "#web/lib/role-menus.ts";
import { Logo } from "./logo.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { UserAvatar } from "./user-avatar.tsx";

// The outline drawn inside: the list scrolls, and its edge would cut an outline drawn outside.
const rowClass =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-offset-[-2px]";
const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(rowClass, isActive ? "bg-primary-soft text-primary" : "text-muted hover:bg-surface-2 hover:text-fg");

function ScreenLink({ path, badge = 0, onNavigate }: { path: string; badge?: number; onNavigate?: () => void }) {
  const screen = appScreens.find((candidate) => candidate.path === path);
  if (!screen) return null;
  return (
    <NavLink to={screen.path} end className={itemClass} onClick={onNavigate}>
      <screen.icon aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
      <span className="flex-1">{screen.menuLabel}</span>
      {badge > 0 ? (
        // The number is seen; a screen reader hears the link's name, then '3 casos novos'.
        <>
          <span
            aria-hidden
            className="min-w-6 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-6 text-accent-fg"
          >
            {badge}
          </span>
          <span className="sr-only">, {newCasesText(badge)}</span>
        </>
      ) : null}
    </NavLink>
  );
}

/** A heading that opens and closes its entries (Radix Collapsible: a button with aria-expanded). */
function MenuGroupItem({
  group,
  activePath,
  onNavigate,
}: {
  group: MenuGroup;
  activePath: string | undefined;
  onNavigate?: () => void;
}) {
  const holdsActive = activePath !== undefined && group.paths.includes(activePath);
  const [open, setOpen] = useState(holdsActive);
  // Arriving at one of its screens (from a link on a page) opens the group that holds it.
  useEffect(() => {
    if (holdsActive) setOpen(true);
  }, [holdsActive]);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <li>
        <Collapsible.Trigger
          className={cn(
            rowClass,
            "cursor-pointer",
            holdsActive && !open ? "bg-primary-soft text-primary" : "text-muted hover:bg-surface-2 hover:text-fg",
          )}
        >
          <group.icon aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
          <span className="flex-1 text-left">{group.group}</span>
          <ChevronDown
            aria-hidden
            className={cn("size-4 shrink-0 transition-transform motion-reduce:transition-none", open && "rotate-180")}
            strokeWidth={1.75}
          />
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          <ul className="mt-1 ml-5 space-y-1 border-l border-border pl-2">
            {group.paths.map((path) => (
              <li key={path}>
                <ScreenLink path={path} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

/**
 * The side menu (spec 2, docs/decisions/050): the user at the top, the role's entries
 * (web/lib/role-menus.ts) in a list that scrolls on its own, and at the foot, always in view,
 * 'Precisa de ajuda agora?' and Sair.
 */
export function SideMenu({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const activePath = screenFor(pathname)?.path;
  const newCases = useNewCases(me);
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <NavLink
        to={homeFor(me.role)}
        className="rounded-md px-1"
        onClick={onNavigate}
        aria-label="Sereno, ir para o início"
      >
        <Logo />
      </NavLink>
      <div className="flex items-center gap-3 rounded-lg bg-surface-2 px-3 py-2">
        <UserAvatar name={me.name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{me.name}</p>
          <p className="text-xs text-muted">{roleLabels[me.role]}</p>
        </div>
      </div>
      <nav aria-label="Menu lateral" className="flex min-h-0 flex-1 flex-col gap-3">
        <ul className="-mx-1 min-h-0 flex-1 space-y-1 overflow-y-auto px-1">
          {menuFor(me.role, newCases.handlesCases).map((entry) =>
            isMenuGroup(entry) ? (
              <MenuGroupItem key={entry.group} group={entry} activePath={activePath} onNavigate={onNavigate} />
            ) : (
              <li key={entry}>
                <ScreenLink
                  path={entry}
                  badge={entry === CASE_INBOX_PATH ? newCases.count : 0}
                  onNavigate={onNavigate}
                />
              </li>
            ),
          )}
        </ul>
        <ul className="space-y-1 border-t border-border pt-3">
          <li>
            {/* From every signed-in screen, the crisis lines of the help screen (web/features/help/crisis-note.tsx). */}
            <Link
              to="/help#ajuda-agora"
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-accent hover:bg-accent-soft"
            >
              <LifeBuoy aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
              <span className="flex flex-col leading-tight">
                Precisa de ajuda agora?
                <span className="text-xs font-normal text-muted">CVV 188 · SAMU 192</span>
              </span>
            </Link>
          </li>
          <li>
            <SignOutButton onDone={onNavigate} />
          </li>
        </ul>
      </nav>
    </div>
  );
}
