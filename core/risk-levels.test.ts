import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { riskLevelTone, riskLevelTones, riskToneColours } from "./risk-levels.ts";

describe("risk level colours", () => {
  it("are the light theme's tokens, so the PDF and the XLSX match the screen", () => {
    const css = readFileSync(new URL("../web/app.css", import.meta.url), "utf8");
    const light = css.slice(css.indexOf(":root {"), css.indexOf(".dark {"));
    for (const tone of riskLevelTones) {
      expect(light).toContain(`--${tone}: ${riskToneColours[tone].strong};`);
      expect(light).toContain(`--${tone}-soft: ${riskToneColours[tone].soft};`);
    }
  });

  it("maps Baixo, Moderado and Alto to success, warning and danger, and nothing else", () => {
    expect([0, 1, 2, 3].map(riskLevelTone)).toEqual(["success", "warning", "danger", undefined]);
  });
});
