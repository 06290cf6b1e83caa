import { afterEach, describe, expect, it, vi } from "vitest";
import { afterLoadWhenIdle, IDLE_TIMEOUT_MS } from "./service-worker.ts";

/** A page in `readyState`, whose load event and idle callbacks the test fires by hand. */
function stubPage(readyState: DocumentReadyState, { idleCallbacks = true } = {}) {
  const page = new EventTarget();
  const idle: { callback: () => void; timeout?: number }[] = [];
  const timers: (() => void)[] = [];
  vi.stubGlobal("document", { readyState });
  vi.stubGlobal("window", {
    addEventListener: page.addEventListener.bind(page),
    requestIdleCallback: idleCallbacks
      ? (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout })
      : undefined,
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { load: () => page.dispatchEvent(new Event("load")), idle, timers };
}

describe("afterLoadWhenIdle (the service worker's registration)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("waits for the load event, then for an idle moment, and runs once", () => {
    const page = stubPage("interactive");
    const task = vi.fn();
    afterLoadWhenIdle(task);
    expect(page.idle).toHaveLength(0);
    page.load();
    expect(task).not.toHaveBeenCalled();
    expect(page.idle).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    page.idle[0]?.callback();
    expect(task).toHaveBeenCalledTimes(1);
    page.load();
    expect(page.idle).toHaveLength(1);
  });

  it("on a page that has already loaded, waits only for an idle moment", () => {
    const page = stubPage("complete");
    const task = vi.fn();
    afterLoadWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    page.idle[0]?.callback();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("without requestIdleCallback (Safari), runs in a task of its own after the load event", () => {
    const page = stubPage("loading", { idleCallbacks: false });
    const task = vi.fn();
    afterLoadWhenIdle(task);
    expect(page.timers).toHaveLength(0);
    page.load();
    expect(task).not.toHaveBeenCalled();
    page.timers[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
