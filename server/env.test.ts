import { describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";

describe("DATABASE_POOL_SIZE", () => {
  it("is 10 connections unless set, and a whole number from 1 to 100 when set", () => {
    expect(parseEnv({ NODE_ENV: "test" }).DATABASE_POOL_SIZE).toBe(10);
    expect(parseEnv({ NODE_ENV: "test", DATABASE_POOL_SIZE: "5" }).DATABASE_POOL_SIZE).toBe(5);
    for (const wrong of ["0", "101", "2.5", "cinco"]) {
      expect(() => parseEnv({ NODE_ENV: "test", DATABASE_POOL_SIZE: wrong })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
