import { claims } from "./claims.ts";

/** The marketing numbers as a list of big figures with a short label each. */
export function ClaimsStrip({ label }: { label: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-6 gap-y-8 rounded-xl border border-border bg-surface p-6 shadow-soft sm:grid-cols-3 sm:p-8 lg:grid-cols-5"
    >
      {claims.map((claim) => (
        <li key={claim.value} className="flex flex-col gap-1 last:col-span-2 sm:last:col-span-1">
          <span className="text-3xl font-semibold tracking-tight text-primary">{claim.value}</span>
          <span className="text-sm leading-snug text-muted">{claim.label}</span>
        </li>
      ))}
    </ul>
  );
}
