import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./passwords.ts";

describe("isCommonPassword", () => {
  it("refuses the usual suspects, whatever the case", () => {
    expect(isCommonPassword("12345678")).toBe(true);
    expect(isCommonPassword("Senha123")).toBe(true);
    expect(isCommonPassword("PASSWORD1")).toBe(true);
  });
  it("accepts a passphrase", () => {
    expect(isCommonPassword("cafe-com-pao-de-queijo")).toBe(false);
  });
});
