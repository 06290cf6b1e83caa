import { describe, expect, it } from "vitest";
import { sharedReads } from "./shared-reads.ts";

describe("sharedReads", () => {
  it("gives simultaneous identical reads one computation, and the next read a fresh one", async () => {
    const share = sharedReads();
    let computed = 0;
    let release = () => {};
    const read = () =>
      new Promise<number>((resolve) => {
        computed += 1;
        release = () => resolve(computed);
      });
    const together = [share("a", read), share("a", read), share("a", read)];
    release();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
    const later = share("a", read);
    release();
    expect(await later).toBe(2);
  });

  it("keeps different keys apart and lets a failure reach only the readers that shared it", async () => {
    const share = sharedReads();
    const failing = share("x", () => Promise.reject(new Error("fora do ar")));
    const other = share("y", async () => "ok");
    await expect(failing).rejects.toThrow("fora do ar");
    expect(await other).toBe("ok");
    expect(await share("x", async () => "de volta")).toBe("de volta");
  });
});
