/** Types of scripts/fix-boundaries.mjs for its test. */
export function fixBoundaries(options?: { root?: string }): string[];
