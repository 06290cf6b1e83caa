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
