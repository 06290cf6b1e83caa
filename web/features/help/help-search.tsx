import { Search, X } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { Input, Label } from "#web/components/ui/field.tsx";

/** The search box of the help screen; filtering happens as you type. */
export function HelpSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <search className="flex flex-col gap-2">
      <Label htmlFor="busca-ajuda" className="text-base">
        Buscar na ajuda
      </Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          strokeWidth={1.75}
        />
        <Input
          id="busca-ajuda"
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && value) {
              event.preventDefault();
              onChange("");
            }
          }}
          placeholder="Ex.: senha, check-in, XP, privacidade"
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-12 pr-12 pl-10 text-base [&::-webkit-search-cancel-button]:hidden"
        />
        {value ? (
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-0.5 -translate-y-1/2"
            aria-label="Limpar busca"
            onClick={() => {
              onChange("");
              document.getElementById("busca-ajuda")?.focus();
            }}
          >
            <X aria-hidden className="size-5" strokeWidth={1.75} />
          </Button>
        ) : null}
      </div>
    </search>
  );
}
