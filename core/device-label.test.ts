import { describe, expect, it } from "vitest";
import { approximateAddress } from "./approximate-address.ts";
import { deviceLabel } from "./device-label.ts";

describe("deviceLabel", () => {
  it("names the browser and the system in pt-BR words", () => {
    const cases: Array<[string, string]> = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome no Windows",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari no iPhone",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge no Windows",
      ],
      ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox no Linux"],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Samsung Internet no Android",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
        "Safari no Mac",
      ],
    ];
    for (const [userAgent, label] of cases) expect(deviceLabel(userAgent), userAgent).toBe(label);
  });

  it("says so when the user agent names nothing it knows", () => {
    expect(deviceLabel(null)).toBe("Aparelho não identificado");
    expect(deviceLabel("curl/8.5.0")).toBe("Aparelho não identificado");
  });
});

describe("approximateAddress", () => {
  it("hides the last part of an address", () => {
    expect(approximateAddress("177.34.12.201")).toBe("177.34.12.x");
    expect(approximateAddress("::ffff:10.0.0.7")).toBe("10.0.0.x");
    expect(approximateAddress("2804:14c:5b81:9a00::1")).toBe("2804:14c:5b81:…");
    expect(approximateAddress(null)).toBe("Endereço desconhecido");
  });
});
