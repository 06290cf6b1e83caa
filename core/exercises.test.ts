import { describe, expect, it } from "vitest";
import { durationMinutes, inDurationBucket, isExerciseLocked, matchesExerciseFilter } from "./exercises.ts";

describe("durationMinutes", () => {
  it("reads the free-text durations people type", () => {
    expect(durationMinutes("10 min")).toBe(10);
    expect(durationMinutes("3 minutos")).toBe(3);
    expect(durationMinutes("1h30")).toBe(90);
    expect(durationMinutes("20")).toBe(20);
    expect(durationMinutes("livre")).toBeNull();
  });
});

describe("duration buckets", () => {
  it("puts 5 and 10 in '5 a 10' and 12 in '10 a 15'", () => {
    expect(inDurationBucket("4 min", "lt5")).toBe(true);
    expect(inDurationBucket("5 min", "5-10")).toBe(true);
    expect(inDurationBucket("10 min", "5-10")).toBe(true);
    expect(inDurationBucket("12 min", "10-15")).toBe(true);
    expect(inDurationBucket("20 min", "gt15")).toBe(true);
    expect(inDurationBucket("20 min", "lt5")).toBe(false);
  });
});

describe("matchesExerciseFilter", () => {
  const exercise = {
    title: { "pt-BR": "Respiração Quadrada" },
    description: { "pt-BR": "Acalma em poucos minutos." },
    category: "breathing",
    duration: "4 min",
  };
  it("searches title and description without caring for case or accents", () => {
    expect(matchesExerciseFilter(exercise, { search: "RESPIRACAO" })).toBe(true);
    expect(matchesExerciseFilter(exercise, { search: "poucos" })).toBe(true);
    expect(matchesExerciseFilter(exercise, { search: "yoga" })).toBe(false);
  });
  it("combines category and duration", () => {
    expect(matchesExerciseFilter(exercise, { category: "breathing", duration: "lt5" })).toBe(true);
    expect(matchesExerciseFilter(exercise, { category: "focus" })).toBe(false);
    expect(matchesExerciseFilter(exercise, { duration: "gt15" })).toBe(false);
  });
});

describe("isExerciseLocked", () => {
  it("locks what is above the person's level", () => {
    expect(isExerciseLocked(2, 1)).toBe(true);
    expect(isExerciseLocked(1, 1)).toBe(false);
  });
});
