/**
 * The slowest test files of a run, read from the JSON reports `npm test` leaves in test-results/
 * (scripts/test.mjs asks Vitest and Playwright for them): where the time of the ten-minute loop goes
 * (docs/decisions/101). `node scripts/slowest-tests.mjs [count] [report.json …]`; with no report named,
 * every test-results/*.json there is.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Vitest's report: each file with its start and end. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({
    name: path.relative(process.cwd(), file.name),
    ms: file.endTime - file.startTime,
    tests: file.assertionResults.length,
  }));
}

/** Playwright's report: suites of specs, each test's results (retries included) summed per spec file. */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { name: `tests/e2e/${spec.file}`, ms: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return [...byFile.values()];
}

/** '1 min 5 s' or '830 ms'. */
const shown = (ms) => {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
};

/** Prints the `count` slowest files of one report and its total. */
export function printSlowest(file, count = 15) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const files = report.testResults ? vitestFiles(report) : playwrightFiles(report);
  const total = files.reduce((sum, entry) => sum + entry.ms, 0);
  console.log(
    `\nSlowest ${Math.min(count, files.length)} of ${files.length} files in ${file} (${shown(total)} in all):`,
  );
  for (const entry of files.sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`  ${shown(entry.ms).padStart(12)}  ${entry.name} (${entry.tests})`);
  }
}

const reportsIn = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => path.join(dir, name))
    : [];

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first, ...rest] = process.argv.slice(2);
  const count = Number(first) || 15;
  const named = Number(first) ? rest : process.argv.slice(2);
  const files = named.length > 0 ? named : reportsIn("test-results");
  if (files.length === 0) console.log("No JSON report in test-results/: run `npm test` first.");
  for (const file of files) printSlowest(file, count);
}
