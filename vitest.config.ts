// Unit and API tests. Kept apart from vite.config.ts so vitest never loads
// the React Router plugin (STACK-NOTES pitfall 4).
//
// Four projects (docs/decisions/072): `unit` and `server` share each worker's
// loaded modules between files (isolate: false), so the app's ~400 modules
// are imported once per worker instead of once per file; `isolated` keeps a
// fresh module graph per file for the files that mock a module or change
// process-wide state; `long` holds the suites that take minutes on their own,
// so `npm test` can run them beside the browser tests (scripts/test.mjs).
// `vitest run` runs all four; `--project <name>` one. Vitest queues projects
// by name, each file after the other of its project (a worker keeps its
// modules only while the next file is of the same project): isolated, long,
// server, unit, so the long file starts at once rather than last.
import { defineConfig } from "vitest/config";

/**
 * What `npm test` runs beside the browser tests, on one worker (docs/decisions/072, 101): the suites that
 * take minutes on one core (years published for 80 teams, or for five teams of 70, before the attack; 200
 * seeded trials of a day, docs/decisions/040, 083; every GET read by five callers around each sensitive
 * act, issue 32), and those that mostly wait on the real product in a child process (stopped, killed,
 * restarted, or the previous release on this schema).
 */
const LONG = [
  "server/features/reports/long-run-attack.test.ts",
  "server/features/disclosure/sybil-year-attack.test.ts",
  "server/features/reports/reports-attacks.test.ts",
  "server/live-bits.test.ts",
  "server/postgres-stop.test.ts",
  "server/crash-durability.test.ts",
  "server/migration-compat.test.ts",
];

/**
 * Files that must not share modules with others: vi.mock replaces a module for
 * the whole worker, and a changed TZ would stay in core/'s cached Intl formats.
 */
const OWN_MODULES = [
  "server/features/sso/sso-oidc.test.ts",
  "server/db/pglite-thread-lost.test.ts",
  "server/mail/calendar-file.test.ts",
];

const SERVER = ["server/**/*.test.ts"];

/**
 * `--maxWorkers=N` from the command line (docs/running.md asks for 1 on a shared machine): Vitest applies
 * it to the root config only, and projects that extend the file would keep its 2.
 */
function workersAsked(argv: string[]): number | undefined {
  const at = argv.findIndex((arg) => arg === "--maxWorkers" || arg.startsWith("--maxWorkers="));
  if (at === -1) return undefined;
  const value = argv[at]?.includes("=") ? argv[at]?.split("=")[1] : argv[at + 1];
  return Number(value) || undefined;
}

export default defineConfig({
  test: {
    globalSetup: ["tests/api/global-setup.ts"],
    pool: "forks",
    maxWorkers: workersAsked(process.argv) ?? 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Dropping the run's template database waits on the server, which is slow on a busy machine.
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "server", include: SERVER, exclude: [...LONG, ...OWN_MODULES], isolate: false },
      },
      { extends: true, test: { name: "isolated", include: OWN_MODULES } },
      { extends: true, test: { name: "long", include: LONG } },
    ],
  },
});
