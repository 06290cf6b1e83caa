import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "#core/messages.ts";
import { ApiError, api, REQUEST_TIMEOUT_MS } from "./api.ts";

/** A fetch that never answers, as on a dead connection; it only ends when its signal aborts. */
function hangingFetch(_url: string, init: RequestInit) {
  return new Promise<Response>((_, reject) => {
    init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

describe("api", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("gives up after REQUEST_TIMEOUT_MS with the connection error, instead of waiting forever", async () => {
    vi.stubGlobal("fetch", vi.fn(hangingFetch));
    const request = api("/api/check-ins", { body: { mood: 4 } });
    const outcome = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "NETWORK", message: messages.networkError });
  });

  it("turns a failed connection into the connection error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api("/api/check-ins", { body: { mood: 4 } })).rejects.toMatchObject({
      code: "NETWORK",
      message: messages.networkError,
    });
  });

  it("lets a cancellation by the caller through as it is, not as a connection error", async () => {
    vi.stubGlobal("fetch", vi.fn(hangingFetch));
    const controller = new AbortController();
    const request = api("/api/me", { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: "AbortError" });
  });
});
