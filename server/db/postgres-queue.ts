/**
 * postgres.js's queue (node_modules/postgres/src/queue.js), with what it does
 * unchanged and its cost bounded; the server's bundle uses it in place of the
 * original (scripts/build.mjs, docs/decisions/021). The original's `shift`
 * leaves a hole at the front and resets only when the queue empties, and its
 * `remove` scans from the first hole: under steady load the pool's `busy`
 * queue never empties (every connection busy, queries pipelined onto them),
 * so the array grew by one hole per query and each query's `remove` walked
 * all of them (10 % of the server's CPU in `npm run bench`). Here `remove`
 * starts at the first live entry, and `shift` drops the holes once they are
 * half the array.
 */
export default function Queue<T>(initial: T[] = []) {
  let xs: (T | undefined)[] = initial.slice();
  let index = 0;

  return {
    get length() {
      return xs.length - index;
    },
    remove: (x: T) => {
      // Every slot before `index` is a hole: the entry cannot be there.
      const at = xs.indexOf(x, index);
      if (at === -1) return null;
      xs.splice(at, 1);
      return x;
    },
    push: (x: T) => {
      xs.push(x);
      return x;
    },
    shift: () => {
      const out = xs[index++];
      if (index === xs.length) {
        index = 0;
        xs = [];
      } else if (index >= 64 && index * 2 >= xs.length) {
        xs = xs.slice(index);
        index = 0;
      } else {
        xs[index - 1] = undefined;
      }
      return out;
    },
  };
}
