/**
 * Reports kept once computed (docs/decisions/021 'The report, computed once a
 * day'). Every figure of a period's report comes from published days, which
 * are never recomputed (docs/decisions/014), so the report of one company,
 * time zone, period and day is the same for every reader until the day
 * changes: it is built once per process, checked against its schema once, and
 * kept with its JSON. Only the company's name and member count are live, and
 * each reply writes them in. Managers asking at the same moment share the one
 * computation under way. Bounded: the least recently read go first. A report
 * with days still being prepared (issue 37) is not kept: the next reader
 * builds it again from what the job has published since.
 */
import { type Report, reportSchema } from "#core/schemas/reports.ts";
import type { Company } from "#server/features/auth/index.ts";

type Kept = {
  /** The report without its live parts. */
  report: Omit<Report, "company" | "members">;
  /** Its JSON without the opening brace, to follow the live parts: UTF-8 once, not at every reply. */
  rest: Buffer;
};

/** One per app, never module-wide: tests run several apps on different databases in one process. */
export function reportCache(max = 100) {
  const kept = new Map<string, Promise<Kept>>();

  async function keep(build: () => Promise<Report>): Promise<Kept> {
    const { company: _, members: __, ...report } = reportSchema.parse(await build());
    return { report, rest: Buffer.from(JSON.stringify(report).slice(1)) };
  }

  /** The kept report of `key` (company, time zone, period, day), built first if needed. */
  function read(key: string, build: () => Promise<Report>): Promise<Kept> {
    let entry = kept.get(key);
    if (entry)
      kept.delete(key); // re-inserted below: the most recently read
    else {
      const started = keep(build);
      entry = started;
      // A failed computation is not kept, nor an incomplete one: the next reader builds it again.
      const forget = () => {
        if (kept.get(key) === started) kept.delete(key);
      };
      started.then(({ report }) => report.preparingDays > 0 && forget(), forget);
    }
    kept.set(key, entry);
    if (kept.size > max) kept.delete(kept.keys().next().value as string);
    return entry;
  }

  return {
    /** The whole report, with the company's name and members as they are now. */
    async report(company: Company, key: string, build: () => Promise<Report>): Promise<Report> {
      const { report } = await read(key, build);
      return { ...report, company: { id: company.id, name: company.name }, members: company.memberCount };
    },
    /** The same report as JSON, without serializing the kept part again, and how many of its days are being prepared. */
    async json(
      company: Company,
      key: string,
      build: () => Promise<Report>,
    ): Promise<{ json: Buffer; preparingDays: number }> {
      const { report, rest } = await read(key, build);
      const live = JSON.stringify({ company: { id: company.id, name: company.name }, members: company.memberCount });
      return { json: Buffer.concat([Buffer.from(`${live.slice(0, -1)},`), rest]), preparingDays: report.preparingDays };
    },
  };
}
