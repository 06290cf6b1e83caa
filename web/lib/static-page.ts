/**
 * The public pages are served as plain prerendered HTML with no app bundle
 * (docs/decisions/021 'Public pages without the app'): these few listeners
 * are all the JavaScript they run. The same functions wire the public
 * header's menu when the app renders it, so the menu works one way.
 */
import { applyTheme, currentTheme } from "./theme.ts";

export const themeToggleLabel = (dark: boolean) => (dark ? "Usar tema claro" : "Usar tema escuro");
export const themeToggleTitle = (dark: boolean) => (dark ? "Tema claro" : "Tema escuro");

/** Buttons marked `data-theme-toggle` switch the theme and keep their label true to it. */
export function wireThemeToggles(root: ParentNode): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]")];
  const label = () => {
    const dark = currentTheme() === "dark";
    for (const button of buttons) {
      button.setAttribute("aria-label", themeToggleLabel(dark));
      button.title = themeToggleTitle(dark);
    }
  };
  for (const button of buttons) {
    button.addEventListener("click", () => {
      applyTheme(currentTheme() === "dark" ? "light" : "dark", { persist: true });
      label();
    });
  }
  label();
}

/**
 * A native <dialog> menu: `data-menu-open="<id>"` opens it as a modal (focus
 * kept inside, Esc closes), `data-menu-close` or a link inside closes it, and
 * so does a click on the backdrop. Returns a function that removes the listeners.
 */
export function wireMenus(root: ParentNode): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  for (const opener of root.querySelectorAll<HTMLElement>("[data-menu-open]")) {
    const dialog = document.getElementById(opener.dataset.menuOpen ?? "");
    if (!(dialog instanceof HTMLDialogElement)) continue;
    opener.addEventListener("click", () => dialog.showModal(), { signal });
    dialog.addEventListener(
      "click",
      (event) => {
        const target = event.target as HTMLElement;
        if (target === dialog || target.closest("[data-menu-close], a")) dialog.close();
      },
      { signal },
    );
  }
  return () => controller.abort();
}
