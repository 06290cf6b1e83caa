import { initialsOf } from "./initials.ts";

export type TeamMember = { name: string; role: string; bio: string };

/** A person of the team, with an initials avatar drawn in CSS (no photo). */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="flex flex-col items-center gap-4 rounded-xl border border-border bg-surface p-8 text-center shadow-soft">
      <span
        aria-hidden
        className="flex size-20 items-center justify-center rounded-full bg-linear-to-br from-primary-soft to-accent-soft text-2xl font-semibold text-primary ring-4 ring-surface-2"
      >
        {initialsOf(member.name)}
      </span>
      <div className="space-y-1">
        <h3 className="text-lg font-semibold">{member.name}</h3>
        <p className="text-sm font-medium text-primary">{member.role}</p>
      </div>
      <p className="leading-relaxed text-muted">{member.bio}</p>
    </li>
  );
}
