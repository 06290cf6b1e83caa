import { describe, expect, it } from "vitest";
import {
  nextAnswerDay,
  quarterOf,
  WHO5_CONSENT_VERSION,
  who5,
  who5Index,
  who5Offer,
  who5Reading,
  who5Trend,
} from "./who5.ts";

const given = { kind: "given" as const, version: WHO5_CONSENT_VERSION };
const tz = "America/Sao_Paulo";

describe("WHO-5 score", () => {
  it("is the raw sum of the five items times four, on hand-made cases", () => {
    expect(who5Index([5, 5, 5, 5, 5])).toEqual({ raw: 25, index: 100 });
    expect(who5Index([0, 0, 0, 0, 0])).toEqual({ raw: 0, index: 0 });
    expect(who5Index([3, 2, 3, 2, 3])).toEqual({ raw: 13, index: 52 });
    expect(who5Index([3, 2, 2, 2, 3])).toEqual({ raw: 12, index: 48 });
    expect(who5Index([1, 4, 0, 5, 2])).toEqual({ raw: 12, index: 48 });
  });

  it("has five items and a six-step scale from 5 to 0", () => {
    expect(who5.items).toHaveLength(5);
    expect(who5.scale.map((step) => step.value)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it("reads 50 and below as a heavier fortnight, calmly", () => {
    expect(who5Reading(50)).toMatch(/mais pesadas/);
    expect(who5Reading(52)).toMatch(/meio do caminho/);
    expect(who5Reading(80)).toMatch(/bom bem-estar/);
    expect(who5Trend(60, null)).toBeNull();
    expect(who5Trend(64, 60)).toMatch(/parecido/);
    expect(who5Trend(72, 60)).toBe("Seu índice subiu 12 pontos desde a vez anterior.");
    expect(who5Trend(40, 60)).toBe("Seu índice baixou 20 pontos desde a vez anterior.");
  });
});

describe("when WHO-5 is offered", () => {
  const at = (iso: string) => new Date(iso);
  const person = { consent: given, lastAnsweredAt: null, dismissedUntil: null, timezone: tz };

  it("asks for consent first, and never again after a revocation", () => {
    expect(who5Offer({ ...person, consent: null }, at("2026-11-02T12:00:00Z"))).toBe("consent");
    expect(who5Offer({ ...person, consent: { kind: "given", version: "0" } }, at("2026-11-02T12:00:00Z"))).toBe(
      "consent",
    );
    expect(who5Offer({ ...person, consent: { kind: "revoked", version: "1" } }, at("2026-11-02T12:00:00Z"))).toBe(null);
  });

  it("offers the questionnaire once a quarter, never within 80 days", () => {
    expect(who5Offer(person, at("2026-11-02T12:00:00Z"))).toBe("questionnaire");
    const answered = { ...person, lastAnsweredAt: at("2026-09-20T12:00:00Z") };
    // A new quarter, but 43 days: not yet.
    expect(who5Offer(answered, at("2026-11-02T12:00:00Z"))).toBe(null);
    // 80 days later, in the next quarter.
    expect(who5Offer(answered, at("2026-12-09T12:00:00Z"))).toBe("questionnaire");
    expect(who5Offer(answered, at("2026-12-08T11:00:00Z"))).toBe(null);
    // Answered early in a quarter: 80 days later is still the same quarter.
    expect(who5Offer({ ...person, lastAnsweredAt: at("2026-01-02T12:00:00Z") }, at("2026-03-25T12:00:00Z"))).toBe(null);
    expect(nextAnswerDay(at("2026-09-20T12:00:00Z"), tz)).toBe("2026-12-09");
  });

  it("'Agora não' hides it until the snooze ends", () => {
    const snoozed = { ...person, dismissedUntil: at("2026-11-16T12:00:00Z") };
    expect(who5Offer(snoozed, at("2026-11-10T12:00:00Z"))).toBe(null);
    expect(who5Offer(snoozed, at("2026-11-16T12:00:00Z"))).toBe("questionnaire");
  });

  it("counts quarters in the person's time zone", () => {
    expect(quarterOf("2026-03-31")).toBe("2026-T1");
    expect(quarterOf("2026-04-01")).toBe("2026-T2");
    expect(quarterOf("2026-12-31")).toBe("2026-T4");
  });
});
