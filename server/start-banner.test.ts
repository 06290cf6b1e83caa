import { describe, expect, it } from "vitest";
import { framed, startBannerLines } from "./start-banner.ts";

describe("the start banner", () => {
  it("frames the address and, on a first start, the generated password", () => {
    const text = framed(
      startBannerLines({
        addresses: ["http://localhost:3000", "http://192.168.0.5:3000"],
        admin: { email: "admin@sereno.local", password: "s3nh4-ger4d4" },
      }),
    );
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^╭─+╮$/);
    expect(lines.at(-1)).toMatch(/^╰─+╯$/);
    // Every line of the box is as wide as its border.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(text).toContain("Abra: http://localhost:3000");
    expect(text).toContain("http://192.168.0.5:3000");
    expect(text).toContain("Senha gerada:  s3nh4-ger4d4");
  });

  it("shows no password line when none was generated", () => {
    expect(framed(startBannerLines({ addresses: ["http://localhost:3000"] }))).not.toContain("Senha");
  });
});
