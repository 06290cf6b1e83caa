import { Quote } from "lucide-react";
import { initialsOf } from "./initials.ts";

export type Testimonial = { quote: string; name: string; role: string; company: string };

/** A short quote with the person's first name, role and kind of company; initials instead of a photo. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { quote, name, role, company } = testimonial;
  return (
    <figure className="flex h-full flex-col gap-6 rounded-xl border border-border bg-surface p-6 shadow-soft">
      <Quote aria-hidden className="size-8 text-accent" strokeWidth={1.5} />
      <blockquote className="flex-1 text-pretty leading-relaxed">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
        >
          {initialsOf(name)}
        </span>
        <span className="flex flex-col">
          <span className="font-semibold">{name}</span>
          <span className="text-sm text-muted">
            {role}, {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
