/**
 * Each role's menus (issue 36 item 1, docs/decisions/050): the side menu (the
 * drawer on phones) and the phone's bottom bar. An entry is a screen's path
 * (its label and icon are in web/lib/navigation.ts) or a group of paths under
 * a heading; adding a screen to a role's menu is one path in its list. The
 * side menu shows at most 9 entries at its top level, Sair included (a group
 * counts as one); web/lib/role-menus.test.ts keeps it so.
 */
import { Briefcase, HeartHandshake, type LucideIcon, ShieldCheck, Sparkles } from "lucide-react";
import type { Role } from "#core/roles.ts";

export type MenuGroup = { group: string; icon: LucideIcon; paths: readonly string[] };
export type MenuEntry = string | MenuGroup;
export type RoleMenu = {
  /** The side menu's entries, top to bottom; Sair and the crisis line are always at its foot. */
  menu: readonly MenuEntry[];
  /** The phone's bottom bar: the four places the role uses most, then 'Mais' (the drawer). */
  tabs: readonly string[];
};

const me = (paths: readonly string[]): MenuGroup => ({ group: "Eu", icon: Sparkles, paths });
// One name for care (issue 45, minor list): 'Apoio psicológico' is the screen, 'Apoio' its group and its tab.
const care = (paths: readonly string[]): MenuGroup => ({ group: "Apoio", icon: HeartHandshake, paths });
const company = (paths: readonly string[]): MenuGroup => ({ group: "Empresa", icon: Briefcase, paths });
const platform = (paths: readonly string[]): MenuGroup => ({ group: "Plataforma", icon: ShieldCheck, paths });

export const roleMenus: Record<Role, RoleMenu> = {
  user: {
    menu: [
      "/dashboard",
      "/check-ins",
      "/exercises",
      "/content",
      "/rewards",
      // The member's menu is full (9 with Sair): the signed PGR annex sits with the Canal de escuta.
      care(["/care", "/care/mensagens", "/group-sessions", "/escuta", "/pgr", "/regras-de-conduta"]),
      "/settings",
      "/help",
    ],
    tabs: ["/dashboard", "/check-ins", "/exercises", "/care"],
  },
  manager: {
    menu: [
      "/dashboard",
      me(["/check-ins", "/bem-estar", "/exercises", "/content", "/rewards"]),
      care(["/care", "/care/mensagens", "/group-sessions", "/escuta", "/regras-de-conduta"]),
      "/team",
      company(["/reports", "/resultados", "/risks", "/conformidade", "/pgr", "/appointments"]),
      "/settings",
      "/help",
    ],
    tabs: ["/dashboard", "/check-ins", "/team", "/reports"],
  },
  admin: {
    menu: [
      "/admin/inicio",
      platform(["/admin", "/admin/psychologists", "/admin/auditoria", "/admin/exercises"]),
      "/team",
      company(["/reports", "/resultados", "/risks", "/conformidade", "/appointments"]),
      me(["/check-ins", "/exercises", "/content", "/rewards", "/group-sessions"]),
      "/settings",
      "/help",
    ],
    tabs: ["/admin/inicio", "/admin", "/admin/psychologists", "/admin/auditoria"],
  },
  psychologist: {
    menu: ["/care/agenda", "/care/mensagens", "/group-sessions", "/settings", "/help"],
    tabs: ["/care/agenda", "/care/mensagens", "/group-sessions"],
  },
};

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => typeof entry !== "string";

/** Sair is always at the menu's foot: it counts as one of the 9. */
export const MENU_TOP_LEVEL_MAX = 9;

/** The handlers' inbox of the Canal de escuta: its own entry, with the count of new cases (docs/decisions/067). */
export const CASE_INBOX_PATH = "/escuta/casos";

/**
 * The side menu of one person: their role's, and for a Canal de escuta handler the inbox at the top level,
 * after the care group. Where that would pass the 9 (a member's menu is full), Ajuda leaves the list: the
 * foot's 'Precisa de ajuda agora?', always in view, opens the same screen.
 */
export function menuFor(role: Role, handlesCases: boolean): readonly MenuEntry[] {
  const { menu } = roleMenus[role];
  if (!handlesCases) return menu;
  const afterCare = menu.findIndex((entry) => isMenuGroup(entry) && entry.paths.includes("/escuta")) + 1;
  const withInbox = [...menu.slice(0, afterCare), CASE_INBOX_PATH, ...menu.slice(afterCare)];
  return withInbox.length + 1 > MENU_TOP_LEVEL_MAX ? withInbox.filter((entry) => entry !== "/help") : withInbox;
}
