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

describe("METRICS_PORT, METRICS_HOST, METRICS_TOKEN (docs/decisions/065)", () => {
  it("serves no metrics unless a port is set, on 127.0.0.1 by default", () => {
    const plain = parseEnv({ NODE_ENV: "test" });
    expect(plain.METRICS_PORT).toBeUndefined();
    expect(plain.METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "test", METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => parseEnv({ NODE_ENV: "test", METRICS_PORT: "porta" })).toThrow(/METRICS_PORT/);
  });

  it("refuses metrics on an address other machines reach without a token", () => {
    expect(() => parseEnv({ NODE_ENV: "test", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toThrow(
      /METRICS_TOKEN/,
    );
    const open = { NODE_ENV: "test", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" };
    expect(parseEnv({ ...open, METRICS_TOKEN: "um-token-de-metricas-bem-longo" }).METRICS_HOST).toBe("0.0.0.0");
    expect(() => parseEnv({ ...open, METRICS_TOKEN: "curto" })).toThrow(/16/);
  });
});
