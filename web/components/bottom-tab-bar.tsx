import { Menu } from "lucide-react";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import type { Role } from "#core/roles.ts";
import { cn } from "#web/lib/cn.ts";
import { appScreens } from "#web/lib/navigation.ts";
import { roleMenus } from "#web/lib/role-menus.ts";

const tabClass = "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium";

/**
 * The phone's bottom bar (under 768 px, docs/decisions/050): the role's most used places
 * (web/lib/role-menus.ts) and 'Mais', which opens the drawer with the whole menu. Fixed above the
 * home indicator; while it is there, app.css sets --bottom-ui-height on :root, which lifts the
 * toasts and the page's end above it.
 */
export function BottomTabBar({
  role,
  moreButton,
  drawerId,
  isDrawerOpen,
  onMore,
}: {
  role: Role;
  moreButton: RefObject<HTMLButtonElement | null>;
  drawerId: string;
  isDrawerOpen: boolean;
  onMore: () => void;
}) {
  return (
    <nav
      aria-label="Menu inferior"
      data-bottom-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom,0px)] backdrop-blur md:hidden print:hidden"
    >
      <ul className="mx-auto flex h-14 max-w-lg items-stretch">
        {roleMenus[role].tabs.map((path) => {
          const screen = appScreens.find((candidate) => candidate.path === path);
          if (!screen) return null;
          return (
            <li key={path} className="flex flex-1">
              <NavLink
                to={path}
                end
                className={({ isActive }) => cn(tabClass, isActive ? "text-primary" : "text-muted hover:text-fg")}
              >
                <screen.icon aria-hidden className="size-6" strokeWidth={1.75} />
                {screen.tabLabel ?? screen.menuLabel}
              </NavLink>
            </li>
          );
        })}
        <li className="flex flex-1">
          <button
            ref={moreButton}
            type="button"
            className={cn(tabClass, "cursor-pointer text-muted hover:text-fg")}
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            aria-controls={isDrawerOpen ? drawerId : undefined}
            onClick={onMore}
          >
            <Menu aria-hidden className="size-6" strokeWidth={1.75} />
            Mais
          </button>
        </li>
      </ul>
    </nav>
  );
}
