import { Label as RadixLabel } from "radix-ui";
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
  useId,
} from "react";
import { cn } from "#web/lib/cn.ts";

const control =
  "w-full rounded-md border border-border bg-surface px-3 text-fg placeholder:text-muted/80 " +
  "focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-danger disabled:opacity-60";
// Chromium treats every <select> as read-only, so only text fields get the read-only look.
const textControl = `${control} read-only:bg-surface-2`;

/** What a Field tells the control inside it: its id, and what describes it (its error, else its hint). */
const FieldContext = createContext<ReturnType<typeof describedBy> | null>(null);

/** A control's own props win; inside a Field, the id and descriptions it did not set come from the Field. */
function useFieldProps<P extends { id?: string; "aria-invalid"?: unknown; "aria-describedby"?: string }>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-invalid": props["aria-invalid"] ?? field["aria-invalid"],
    "aria-describedby": props["aria-describedby"] ?? field["aria-describedby"],
  };
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(textControl, "min-h-11", className)} {...useFieldProps(props)} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(textControl, "min-h-24 py-2", className)} {...useFieldProps(props)} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(control, "min-h-11 pr-8", className)} {...useFieldProps(props)} />;
}

export function Label({ className, ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return <RadixLabel.Root className={cn("text-sm font-medium text-fg", className)} {...props} />;
}

/**
 * A labelled control with its error underneath, wired for screen readers: the Input, Textarea or Select
 * inside gets the Field's id (its own, from useId, unless `id` is given) and aria-describedby its error or
 * hint, so callers need pass neither.
 */
export function Field({
  id: givenId,
  label,
  error,
  hint,
  children,
  className,
}: {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <FieldContext.Provider value={describedBy(id, error, Boolean(hint))}>{children}</FieldContext.Provider>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its Field's error message, or to its hint while there is no error. */
export function describedBy(id: string, error?: string, hasHint = false) {
  const describer = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describer };
}

/** The form's own error: a refusal that names none of its fields, shown before its buttons. */
export function FormError({ message, className }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn("text-sm text-danger", className)}>
      {message}
    </p>
  );
}
