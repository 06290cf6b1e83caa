/** The script of the prerendered public pages (web/lib/static-page.ts); built on its own by scripts/build.mjs. */
import { wireMenus, wireThemeToggles } from "./lib/static-page.ts";

wireThemeToggles(document);
wireMenus(document);
