import { describe, expect, it } from "vitest";
import {
  durationMinutes,
  type ExerciseCategory,
  exerciseForToday,
  inDurationBucket,
  isExerciseLocked,
  matchesExerciseFilter,
} from "./exercises.ts";

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

describe("exerciseForToday", () => {
  const make = (id: string, category: ExerciseCategory, over: { locked?: boolean; completedToday?: boolean } = {}) => ({
    id,
    category,
    locked: over.locked ?? false,
    completedToday: over.completedToday ?? false,
  });
  const library = [
    make("b1", "breathing"),
    make("s1", "stress-relief"),
    make("f1", "focus"),
    make("m1", "movement"),
    make("d1", "meditation"),
    make("locked", "breathing", { locked: true }),
    make("done", "stress-relief", { completedToday: true }),
  ];

  it("keeps one pick all day and changes it the next day", () => {
    const today = exerciseForToday(library, "2026-11-27", null);
    expect(exerciseForToday(library, "2026-11-27", null)).toEqual(today);
    expect(exerciseForToday(library, "2026-11-28", null)?.exercise.id).not.toBe(today?.exercise.id);
  });

  it("picks relief or breathing on a hard day and focus or movement on a good one", () => {
    for (const day of ["2026-11-27", "2026-11-28", "2026-11-29"]) {
      const hard = exerciseForToday(library, day, { mood: 2, stress: null });
      expect(["b1", "s1"]).toContain(hard?.exercise.id);
      expect(hard?.reason).toBe("hard-day");
      expect(["b1", "s1"]).toContain(exerciseForToday(library, day, { mood: 3, stress: 5 })?.exercise.id);
      expect(["f1", "m1"]).toContain(exerciseForToday(library, day, { mood: 5, stress: 1 })?.exercise.id);
    }
  });

  it("never offers a locked exercise or one already done today, and says when nothing is left", () => {
    for (let offset = 0; offset < 14; offset++) {
      const day = `2026-12-${String(offset + 1).padStart(2, "0")}`;
      expect(["locked", "done"]).not.toContain(exerciseForToday(library, day, null)?.exercise.id);
    }
    const allDone = library.map((exercise) => ({ ...exercise, completedToday: true }));
    expect(exerciseForToday(allDone, "2026-11-27", null)).toBeNull();
  });

  it("falls back to any open exercise when the day's categories have none", () => {
    const onlyMeditation = [make("d1", "meditation")];
    expect(exerciseForToday(onlyMeditation, "2026-11-27", { mood: 1, stress: 5 })).toEqual({
      exercise: onlyMeditation[0],
      reason: "any",
    });
  });
});
