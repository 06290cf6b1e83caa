/**
 * The Chromium the browser tests drive (docs/decisions/107): `CHROMIUM_PATH` when set; else Debian's
 * `chromium-headless-shell` when it is installed, the same Chromium release's headless build without the
 * full browser around it (about a quarter less CPU per journey on this machine); else Debian's
 * `/usr/bin/chromium`. Never a downloaded browser.
 */
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** @returns {string} */
export function testBrowser() {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEBIAN_CHROMIUM);
}
