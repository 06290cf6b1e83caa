/**
 * Draws the app icons of the web app manifest (docs/decisions/027) from the
 * favicon's mark into public/icons: 192 and 512 px (rounded, transparent
 * corners), maskable 512 px (full bleed, the mark inside the 80 % safe zone)
 * and the 180 px apple-touch-icon (full bleed: iOS rounds it). Run it when
 * the mark changes: `node scripts/make-icons.mjs`; the PNGs are committed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRIMARY = "#0f6e64";
const MARK = `<path d="M7 18c2.5-3 5-3 7.5 0s5 3 7.5 0 3-2 3-2" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/><circle cx="16" cy="11" r="2.4" fill="#f5b04a"/>`;

/** The favicon's 32-unit drawing; `inset` shrinks the mark toward the centre (maskable safe zone). */
function svg({ rounded, scale }) {
  const offset = 16 - 16 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 9 : 0}" fill="${PRIMARY}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, rounded: true, scale: 1 },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1 },
  { file: "icon-maskable-512.png", size: 512, rounded: false, scale: 0.72 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.85 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img style="display:block;width:${icon.size}px;height:${icon.size}px" src="data:image/svg+xml;base64,${Buffer.from(svg(icon)).toString("base64")}"></body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(root, "public/icons", icon.file), png);
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`Icons written to public/icons: ${icons.map((icon) => icon.file).join(", ")}`);
