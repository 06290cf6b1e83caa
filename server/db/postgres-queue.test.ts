import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: postgres.js's own source, plain JavaScript without types
import Original from "../../node_modules/postgres/src/queue.js";
import Queue from "./postgres-queue.ts";

type AnyQueue = {
  length: number;
  remove: (x: number) => number | null;
  push: (x: number) => number;
  shift: () => unknown;
};

describe("postgres.js's queue, bounded (the bundle's stand-in)", () => {
  it("answers every push, shift, remove and length as the original does, on random sequences", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 50; run++) {
      const ours = Queue<number>([1, 2, 3]) as AnyQueue;
      const theirs = Original([1, 2, 3]) as AnyQueue;
      let next = 4;
      for (let step = 0; step < 3000; step++) {
        const pick = random();
        // Mostly pushes and shifts that keep the queue from emptying, as a busy pool does.
        if (pick < 0.45) expect(ours.push(next)).toBe(theirs.push(next++));
        else if (pick < 0.8) {
          if (theirs.length > 0) expect(ours.shift()).toBe(theirs.shift());
        } else {
          const target = next - 1 - Math.floor(random() * 8);
          expect(ours.remove(target)).toBe(theirs.remove(target));
        }
        expect(ours.length).toBe(theirs.length);
      }
    }
  });

  it("keeps its array bounded when it never empties", () => {
    const queue = Queue<number>();
    queue.push(0);
    for (let i = 1; i < 100_000; i++) {
      queue.push(i);
      expect(queue.shift()).toBe(i - 1);
      // A connection leaving the queue: found at once, not after the holes of every query before.
      expect(queue.remove(-1)).toBeNull();
    }
    expect(queue.length).toBe(1);
  });
});

/**
 * The bundle replaces a private file of postgres.js (scripts/build.mjs, docs/decisions/070): pinned to the
 * version it was written against, and to that file's exact text. An update fails here first: compare the
 * new queue.js with server/db/postgres-queue.ts, carry its changes over (or drop the stand-in), then record
 * the new version and hash.
 */
describe("the postgres.js the stand-in replaces", () => {
  const pinned = { version: "3.4.9", queueSha256: "15e6345adb6708bf3b99ad39fc2231c2fb61de5f6cba4b7a7a6be881482a4ec3" };
  const file = (relative: string) => readFileSync(new URL(`../../node_modules/postgres/${relative}`, import.meta.url));

  it("is the pinned version, and package.json pins it exactly", () => {
    const project = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(project.dependencies.postgres).toBe(pinned.version);
    expect(JSON.parse(file("package.json").toString()).version).toBe(pinned.version);
  });

  it("has the queue.js the stand-in was written from, imported where the build swaps it", () => {
    expect(createHash("sha256").update(file("src/queue.js")).digest("hex")).toBe(pinned.queueSha256);
    // scripts/build.mjs resolves `./queue.js` from postgres/src/: both importers still name it so.
    for (const importer of ["src/index.js", "src/connection.js"])
      expect(file(importer).toString()).toContain("import Queue from './queue.js'");
  });
});
