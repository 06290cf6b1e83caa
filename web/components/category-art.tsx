import type { ReactNode } from "react";
import type { ExerciseCategory } from "#core/exercises.ts";

/**
 * One illustration per exercise category (issue 36 item 9): a 320 × 112 banner in one style (soft
 * shapes and round strokes in the category's colour, `currentColor`, on its tint), so a card
 * without a picture still says at a glance what kind of exercise it is. Decorative: the card's
 * title and category badge name it.
 */
export function CategoryArt({ category }: { category: ExerciseCategory }) {
  return (
    <svg
      aria-hidden
      data-art={category}
      viewBox="0 0 320 112"
      preserveAspectRatio="xMidYMid slice"
      className="size-full"
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="292" cy="-8" r="64" fill="currentColor" stroke="none" opacity="0.07" />
      <circle cx="18" cy="122" r="48" fill="currentColor" stroke="none" opacity="0.06" />
      {scenes[category]}
    </svg>
  );
}

const scenes: Record<ExerciseCategory, ReactNode> = {
  // Air coming and going: three slow waves under a rising sun.
  breathing: (
    <>
      <circle cx="240" cy="40" r="16" fill="currentColor" stroke="none" opacity="0.18" />
      <path d="M0 58 C 40 40, 80 76, 120 58 S 200 40, 240 58 S 300 76, 340 58" strokeWidth="3" opacity="0.55" />
      <path d="M0 76 C 40 58, 80 94, 120 76 S 200 58, 240 76 S 300 94, 340 76" strokeWidth="3" opacity="0.35" />
      <path d="M0 94 C 40 76, 80 112, 120 94 S 200 76, 240 94 S 300 112, 340 94" strokeWidth="3" opacity="0.2" />
    </>
  ),
  // Stillness spreading out: rings around a quiet centre, over the horizon.
  meditation: (
    <>
      <path d="M24 92 H 296" strokeWidth="2" opacity="0.25" />
      <circle cx="160" cy="62" r="10" fill="currentColor" stroke="none" opacity="0.5" />
      <circle cx="160" cy="62" r="24" strokeWidth="2.5" opacity="0.4" />
      <circle cx="160" cy="62" r="40" strokeWidth="2" opacity="0.25" />
      <circle cx="160" cy="62" r="58" strokeWidth="1.5" opacity="0.15" />
    </>
  ),
  // A path walked step by step, ending in a circle reached.
  movement: (
    <>
      <path
        d="M28 90 C 84 20, 132 108, 188 54 S 264 30, 284 40"
        strokeWidth="6"
        strokeDasharray="0.1 16"
        opacity="0.55"
      />
      <circle cx="284" cy="40" r="10" fill="currentColor" stroke="none" opacity="0.45" />
      <circle cx="284" cy="40" r="20" strokeWidth="2" opacity="0.2" />
      <path d="M40 100 C 120 86, 200 100, 300 88" strokeWidth="2" opacity="0.18" />
    </>
  ),
  // Attention gathering to one point: lines converging on a target.
  focus: (
    <>
      <path d="M36 40 H 150 M20 56 H 160 M44 72 H 150" strokeWidth="2.5" opacity="0.25" />
      <circle cx="220" cy="56" r="40" strokeWidth="2" opacity="0.2" />
      <circle cx="220" cy="56" r="26" strokeWidth="2.5" opacity="0.35" />
      <circle cx="220" cy="56" r="12" strokeWidth="3" opacity="0.5" />
      <circle cx="220" cy="56" r="4" fill="currentColor" stroke="none" opacity="0.8" />
    </>
  ),
  // Letting go: leaves drifting down over a gentle hill.
  "stress-relief": (
    <>
      <path d="M0 98 C 80 70, 200 70, 320 100" strokeWidth="2.5" opacity="0.25" />
      {[
        { x: 70, y: 44, turn: -20, opacity: 0.5 },
        { x: 150, y: 28, turn: 25, opacity: 0.35 },
        { x: 222, y: 58, turn: -40, opacity: 0.45 },
        { x: 272, y: 30, turn: 10, opacity: 0.25 },
      ].map((leaf) => (
        <g key={leaf.x} transform={`translate(${leaf.x} ${leaf.y}) rotate(${leaf.turn})`} opacity={leaf.opacity}>
          <path d="M-18 0 C -8 -12, 8 -12, 18 0 C 8 12, -8 12, -18 0 Z" fill="currentColor" stroke="none" />
          <path d="M-18 0 H 14" strokeWidth="1.5" stroke="var(--surface, white)" opacity="0.6" />
        </g>
      ))}
    </>
  ),
};
