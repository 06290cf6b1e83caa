/**
 * Light or dark (spec 4): the stored local choice first, then the profile's,
 * then the system's. The same rule runs before first paint in root.tsx's
 * inline script, so the page never flashes the wrong theme.
 */
import type { Theme } from "#core/schemas/me.ts";

const THEME_STORAGE_KEY = "sereno-theme";

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

export function applyTheme(theme: Theme, options: { persist: boolean }): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  if (options.persist) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Private mode: the theme still applies for this visit.
    }
  }
}

/** Inline, before paint: kept tiny and free of imports (its hash goes in the CSP). */
export const themeBootScript = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}if(t==="dark")document.documentElement.classList.add("dark")}catch(e){}})();`;

/** The theme on screen right now (the `dark` class), for useSyncExternalStore. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Calls back whenever the theme on screen changes, whoever changed it. */
export function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
