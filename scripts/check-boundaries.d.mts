/** Types of scripts/check-boundaries.mjs for its test. */
export type DeepImport = {
  file: string;
  line: number;
  specifier: string;
  target: string;
  feature: string;
  names: Array<{ name: string; type: boolean }>;
  whole?: string;
  reexport?: boolean;
};
export function checkBoundaries(options?: { root?: string }): {
  problems: string[];
  graph: Map<string, Map<string, string>>;
  deep: DeepImport[];
};
export function formatGraph(graph: Map<string, Map<string, string>>): string;
