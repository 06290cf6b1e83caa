export type Milestone = { year: string; title: string; description: string };

/** Years down a vertical line, one milestone each. */
export function Timeline({ milestones, labelledBy }: { milestones: Milestone[]; labelledBy: string }) {
  return (
    <ol aria-labelledby={labelledBy} className="relative space-y-10 border-l-2 border-border pl-8 sm:pl-10">
      {milestones.map((milestone) => (
        <li key={milestone.year} className="relative">
          <span
            aria-hidden
            className="absolute top-1 -left-[2.55rem] size-4 rounded-full border-4 border-bg bg-primary sm:-left-[3.05rem]"
          />
          <p className="text-sm font-semibold text-accent">
            <time dateTime={milestone.year}>{milestone.year}</time>
          </p>
          <h3 className="mt-1 text-xl font-semibold">{milestone.title}</h3>
          <p className="mt-2 max-w-prose leading-relaxed text-muted">{milestone.description}</p>
        </li>
      ))}
    </ol>
  );
}
