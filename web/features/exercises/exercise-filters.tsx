import { Search } from "lucide-react";
import { categoryLabels, durationBuckets, type ExerciseFilter, exerciseCategories } from "#core/exercises.ts";
import { Input, Label, Select } from "#web/components/ui/field.tsx";

/** The library's filter bar: search, category and duration, all of which really filter. */
export function ExerciseFilters({
  value,
  onChange,
}: {
  value: ExerciseFilter;
  onChange: (next: ExerciseFilter) => void;
}) {
  return (
    <search className="grid gap-3 rounded-lg border border-border bg-surface p-4 shadow-soft md:grid-cols-[2fr_1fr_1fr]">
      <div className="space-y-1.5">
        <Label htmlFor="exercise-search">Buscar</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            id="exercise-search"
            type="search"
            className="pl-9"
            placeholder="Respiração, foco, pausa…"
            value={value.search ?? ""}
            onChange={(event) => onChange({ ...value, search: event.target.value })}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="exercise-category">Categoria</Label>
        <Select
          id="exercise-category"
          value={value.category ?? ""}
          onChange={(event) => onChange({ ...value, category: event.target.value as ExerciseFilter["category"] })}
        >
          <option value="">Todas</option>
          {exerciseCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabels[category]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="exercise-duration">Duração</Label>
        <Select
          id="exercise-duration"
          value={value.duration ?? ""}
          onChange={(event) => onChange({ ...value, duration: event.target.value as ExerciseFilter["duration"] })}
        >
          <option value="">Qualquer duração</option>
          {durationBuckets.map((bucket) => (
            <option key={bucket.id} value={bucket.id}>
              {bucket.label}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}
