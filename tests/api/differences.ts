/** Where two readings of the same route part, path by path, for the tests that watch figures move. */

export type Reading = { status: number; body: unknown };
export type Difference = { path: string; before: unknown; after: unknown };

/**
 * JSON paths ('$.sessions[0].isFull') of a JSON body, '$[3]' for a text body's
 * line, '(status)' for the status. Lists are aligned first, so one item added
 * at the top reads as that item, not as every item after it changed.
 */
export function differences(before: Reading, after: Reading): Difference[] {
  const found: Difference[] = [];
  if (before.status !== after.status) found.push({ path: "(status)", before: before.status, after: after.status });
  compare(before.body, after.body, "$", found);
  return found;
}

function compare(before: unknown, after: unknown, path: string, found: Difference[]) {
  if (Object.is(before, after)) return;
  if (Array.isArray(before) && Array.isArray(after)) return compareLists(before, after, path, found);
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      compare(before[key], after[key], `${path}.${key}`, found);
    return;
  }
  found.push({ path, before, after });
}

/** Items kept in both (the longest common run) stay quiet; between them, items are compared in pairs, the rest added or gone. */
function compareLists(before: unknown[], after: unknown[], path: string, found: Difference[]) {
  const a = before.map((item) => JSON.stringify(item));
  const b = after.map((item) => JSON.stringify(item));
  // common[i][j]: how long a run the lists share from before[i] and after[j] on.
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  const run = (i: number, j: number) => common[i]?.[j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (common[i] ?? [])[j] = a[i] === b[j] ? run(i + 1, j + 1) + 1 : Math.max(run(i + 1, j), run(i, j + 1));
  let i = 0;
  let j = 0;
  const gone: number[] = [];
  const added: number[] = [];
  const flush = () => {
    while (gone.length && added.length) {
      const from = gone.shift() ?? 0;
      const to = added.shift() ?? 0;
      compare(before[from], after[to], `${path}[${to}]`, found);
    }
    for (const from of gone.splice(0)) found.push({ path: `${path}[${from}]`, before: before[from], after: undefined });
    for (const to of added.splice(0)) found.push({ path: `${path}[${to}]`, before: undefined, after: after[to] });
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && run(i + 1, j) >= run(i, j + 1))) gone.push(i++);
    else added.push(j++);
  }
  flush();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text body as lines, so a difference says which line: '$[3]'. */
export const linesOf = (text: string) => text.split(/\r?\n/);
