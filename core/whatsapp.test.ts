import { describe, expect, it } from "vitest";
import {
  hasCrisisWord,
  isInsideServiceWindow,
  isStopReply,
  maskWhatsappNumber,
  normalizeWhatsappNumber,
  replyKindOf,
  whatsappReminderText,
} from "./whatsapp.ts";

describe("the WhatsApp channel's rules (docs/decisions/092)", () => {
  it("reads a Brazilian number as WhatsApp writes it, and refuses what cannot be one", () => {
    expect(normalizeWhatsappNumber("(11) 91234-5678")).toBe("5511912345678");
    expect(normalizeWhatsappNumber("+55 11 91234 5678")).toBe("5511912345678");
    expect(normalizeWhatsappNumber("351912345678")).toBe("351912345678");
    for (const bad of ["123", "abc", "(11) 9123-456x", ""]) expect(normalizeWhatsappNumber(bad)).toBeNull();
    expect(maskWhatsappNumber("5511912345678")).toBe("+55 11 •••••-5678");
  });

  it("stops on 'PARAR' or 'SAIR' however written, and on nothing else", () => {
    for (const stop of ["PARAR", "parar", " Parar! ", "SAIR", "sair.", "STOP"]) expect(isStopReply(stop)).toBe(true);
    for (const other of ["não quero parar de usar", "bom dia", "sair mais cedo hoje"])
      expect(isStopReply(other)).toBe(false);
    expect(replyKindOf("Sair")).toBe("opted-out");
    expect(replyKindOf("obrigado")).toBe("neutral");
  });

  it("finds a crisis word with or without accents, and the reminder's text holds no health word", () => {
    expect(hasCrisisWord("Não aguento mais")).toBe(true);
    expect(hasCrisisWord("penso em suicídio")).toBe(true);
    expect(replyKindOf("quero morrer")).toBe("crisis");
    expect(hasCrisisWord("tudo bem por aqui")).toBe(false);
    expect(whatsappReminderText).not.toMatch(/humor|saúde|ansiedade|triste|mental|bem-estar/i);
  });

  it("allows a free-form reply only within 24 hours of the person's last message", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(isInsideServiceWindow(null, now)).toBe(false);
    expect(isInsideServiceWindow(new Date("2026-11-22T12:00:01Z"), now)).toBe(true);
    expect(isInsideServiceWindow(new Date("2026-11-22T12:00:00Z"), now)).toBe(false);
  });
});
