import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";

/**
 * A search box: a field of type search (a 'searchbox' to screen readers) with a magnifier inside,
 * named by `label`, which is also its placeholder unless one is given. `className` sizes the box (its
 * width in the row it sits in).
 */
export function SearchInput({
  label,
  className,
  placeholder = label,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: string }) {
  return (
    <div className={cn("relative w-full", className)}>
      <Search aria-hidden className="pointer-events-none absolute top-3.5 left-3 size-4 text-muted" />
      <Input type="search" aria-label={label} placeholder={placeholder} className="pl-9" {...props} />
    </div>
  );
}
