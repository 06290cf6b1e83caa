/** Types of scripts/js-budget.mjs for its test. */
export type PageLoad = {
  page: string;
  isStatic: boolean;
  scripts: string[];
  br: number;
  gzip: number;
  raw: number;
  deferred: string[];
  deferredBr: number;
  deferredGzip: number;
};
export const PAGE_BUDGET: number;
export const defaultClientDir: string;
export function measurePages(options?: { clientDir?: string }): PageLoad[];
export function overBudget(pages: PageLoad[], budget?: number): PageLoad[];
export function formatTable(pages: PageLoad[], budget?: number): string;
export function verdict(pages: PageLoad[], budget?: number): string;
