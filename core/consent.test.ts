import { describe, expect, it } from "vitest";
import { hasCurrentConsent, needsReconsent, WELLBEING_CONSENT_VERSION } from "./consent.ts";

describe("wellbeing consent", () => {
  const at = "2026-11-22T12:00:00.000Z";

  it("counts only the current version as consent", () => {
    expect(hasCurrentConsent({ version: WELLBEING_CONSENT_VERSION, at })).toBe(true);
    expect(hasCurrentConsent({ version: "0", at })).toBe(false);
    expect(hasCurrentConsent(null)).toBe(false);
  });

  it("asks again only those who consented to an older text, not those who revoked", () => {
    expect(needsReconsent({ version: "0", at })).toBe(true);
    expect(needsReconsent({ version: WELLBEING_CONSENT_VERSION, at })).toBe(false);
    expect(needsReconsent(null)).toBe(false);
  });
});
