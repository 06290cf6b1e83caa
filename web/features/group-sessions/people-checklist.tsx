/** Who took part, one checkbox per registered person (the manager's and the facilitator's attendance forms). */
export function PeopleChecklist({
  people,
  present,
  onChange,
  className = "grid gap-1 sm:grid-cols-2",
}: {
  people: { userId: string; name: string }[];
  present: string[];
  onChange: (present: string[]) => void;
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
              checked={present.includes(person.userId)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...present, person.userId]
                    : present.filter((userId) => userId !== person.userId),
                )
              }
            />
            {person.name}
          </label>
        </li>
      ))}
    </ul>
  );
}
