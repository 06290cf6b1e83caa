import { describe, expect, it } from "vitest";
import { authMessages } from "../auth-messages.ts";
import { messages } from "../messages.ts";
import { loginInputSchema, passwordPairSchema } from "./auth.ts";

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe("loginInputSchema", () => {
  it("asks for the e-mail, then an e-mail shape, then the password", () => {
    expect(firstError(loginInputSchema.safeParse({ email: "", password: "x" }))).toBe(messages.emailRequired);
    expect(firstError(loginInputSchema.safeParse({ email: "ana", password: "x" }))).toBe(messages.emailInvalid);
    expect(firstError(loginInputSchema.safeParse({ email: "ana@exemplo.com", password: "" }))).toBe(
      authMessages.passwordRequired,
    );
  });
  it("trims the e-mail", () => {
    expect(loginInputSchema.parse({ email: "  ana@exemplo.com ", password: "x" }).email).toBe("ana@exemplo.com");
  });
});

describe("passwordPairSchema", () => {
  it("refuses short, common and mismatched passwords with the pt-BR message", () => {
    expect(firstError(passwordPairSchema.safeParse({ password: "abc", confirmation: "abc" }))).toBe(
      authMessages.passwordTooShort,
    );
    expect(firstError(passwordPairSchema.safeParse({ password: "senha123", confirmation: "senha123" }))).toBe(
      authMessages.passwordTooCommon,
    );
    expect(firstError(passwordPairSchema.safeParse({ password: "maré-cheia-42", confirmation: "maré-cheia-43" }))).toBe(
      authMessages.passwordsDontMatch,
    );
  });
  it("accepts a good pair", () => {
    expect(passwordPairSchema.safeParse({ password: "maré-cheia-42", confirmation: "maré-cheia-42" }).success).toBe(
      true,
    );
  });
});
