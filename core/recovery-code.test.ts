import { describe, expect, it } from "vitest";
import { formatRecoveryCode, normalizeRecoveryCode } from "./recovery-code.ts";

describe("recovery codes", () => {
  it("are shown in groups of four and read back whatever the case, spaces and hyphens", () => {
    const code = "0123456789ABCDEFGHJK";
    expect(formatRecoveryCode(code)).toBe("0123-4567-89AB-CDEF-GHJK");
    expect(normalizeRecoveryCode("0123-4567-89ab-cdef-ghjk")).toBe(code);
    expect(normalizeRecoveryCode(" 0123 4567 89AB CDEF GHJK ")).toBe(code);
  });

  it("read the letters people take for digits as the digits, and refuse what cannot be a code", () => {
    expect(normalizeRecoveryCode("O123-4567-89AB-CDEF-GHJL")).toBe("0123456789ABCDEFGHJ1");
    expect(normalizeRecoveryCode("I123-4567-89AB-CDEF-GHJK")).toBe("1123456789ABCDEFGHJK");
    expect(normalizeRecoveryCode("0123-4567-89AB-CDEF-GHJ")).toBeNull();
    expect(normalizeRecoveryCode("0123-4567-89AB-CDEF-GHJKM")).toBeNull();
    expect(normalizeRecoveryCode("0123-4567-89AB-CDEF-GHJU")).toBeNull();
    expect(normalizeRecoveryCode("")).toBeNull();
  });
});
