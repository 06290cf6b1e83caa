import { Field, Input, Select } from "#web/components/ui/field.tsx";
import type { DirectoryFilters as Filters } from "./care.queries.ts";

export function DirectoryFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value || undefined });
  return (
    <form
      aria-label="Filtros"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id="filtro-abordagem" label="Abordagem">
        <Input id="filtro-abordagem" placeholder="Ex.: TCC" value={value.approach ?? ""} onChange={set("approach")} />
      </Field>
      <Field id="filtro-especialidade" label="Especialidade">
        <Input
          id="filtro-especialidade"
          placeholder="Ex.: Ansiedade"
          value={value.specialty ?? ""}
          onChange={set("specialty")}
        />
      </Field>
      <Field id="filtro-modalidade" label="Modalidade">
        <Select id="filtro-modalidade" value={value.modality ?? ""} onChange={set("modality")}>
          <option value="">Todas</option>
          <option value="online">Online</option>
          <option value="presencial">Presencial</option>
        </Select>
      </Field>
      <Field id="filtro-cidade" label="Cidade (presencial)">
        <Input id="filtro-cidade" placeholder="Ex.: São Paulo" value={value.city ?? ""} onChange={set("city")} />
      </Field>
    </form>
  );
}
