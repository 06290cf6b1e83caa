import { describe, expect, it } from "vitest";
import { roles } from "#core/roles.ts";
import { appScreens, canOpen } from "./navigation.ts";
import { CASE_INBOX_PATH, isMenuGroup, MENU_TOP_LEVEL_MAX, menuFor, roleMenus } from "./role-menus.ts";

describe("each role's menus", () => {
  for (const role of roles) {
    const { menu, tabs } = roleMenus[role];
    const paths = menu.flatMap((entry) => (isMenuGroup(entry) ? entry.paths : [entry]));

    it(`${role}: at most ${MENU_TOP_LEVEL_MAX} entries at the top, Sair included`, () => {
      expect(menu.length + 1).toBeLessThanOrEqual(MENU_TOP_LEVEL_MAX);
    });

    it(`${role}: only screens the role may open, each once, no empty group`, () => {
      for (const path of paths) {
        const screen = appScreens.find((candidate) => candidate.path === path);
        expect(screen, path).toBeDefined();
        expect(screen && canOpen(screen, role), path).toBe(true);
      }
      expect(new Set(paths).size).toBe(paths.length);
      for (const entry of menu) if (isMenuGroup(entry)) expect(entry.paths.length, entry.group).toBeGreaterThan(1);
    });

    it(`${role}: four or fewer tabs before 'Mais', each also in the menu`, () => {
      expect(tabs.length).toBeGreaterThanOrEqual(3);
      expect(tabs.length).toBeLessThanOrEqual(4);
      for (const tab of tabs) expect(paths).toContain(tab);
    });
  }

  for (const role of ["user", "manager"] as const) {
    it(`${role}, handling Canal de escuta cases: the inbox at the top level, still at most ${MENU_TOP_LEVEL_MAX}`, () => {
      const menu = menuFor(role, true);
      expect(menu).toContain(CASE_INBOX_PATH);
      expect(menu.length + 1).toBeLessThanOrEqual(MENU_TOP_LEVEL_MAX);
      // Right after the care group, which keeps the page where a member writes.
      const care = menu.findIndex((entry) => isMenuGroup(entry) && entry.paths.includes("/escuta"));
      expect(menu[care + 1]).toBe(CASE_INBOX_PATH);
      expect(menuFor(role, false)).not.toContain(CASE_INBOX_PATH);
    });
  }
});
