import type { Dispatch, SetStateAction } from "react";

/** Who took part, one checkbox per registered person (the manager's and the facilitator's attendance forms). */
export function PeopleChecklist({
  people,
  present,
  setPresent,
  className = "grid gap-1 sm:grid-cols-2",
}: {
  people: { userId: string; name: string }[];
  present: Set<string>;
  setPresent: Dispatch<SetStateAction<Set<string>>>;
  className?: string;
}) {
  return (
    <ul className={className}>
      {people.map((person) => (
        <li key={person.userId}>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={present.has(person.userId)}
              onChange={(event) =>
                setPresent((current) => {
                  const next = new Set(current);
                  if (event.target.checked) next.add(person.userId);
                  else next.delete(person.userId);
                  return next;
                })
              }
            />
            {person.name}
          </label>
        </li>
      ))}
    </ul>
  );
}
