#!/usr/bin/env node
// The server's feature boundaries (docs/decisions/087, docs/design.md §1): a file of
// server/features/<f>/ may be imported from outside <f> only through <f>'s public module,
// server/features/<f>/index.ts, and no two features depend on each other, directly or round a
// longer loop; shared server code (server/kernel/, db/, mail/, storage/, jobs/, metrics/) imports no
// feature. Tests (*.test.ts, tests/, bench/) may reach inside a feature; they are not read.
// `node scripts/check-boundaries.mjs` exits 1 on a breach and says what to write instead;
// `--graph` prints each feature with the features it uses.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const FEATURES = "server/features";
const PUBLIC = "index.ts";
/**
 * Shared server code, which features import and which may import no feature: the kernel (what several
 * features share and none owns, docs/decisions/087), the database, mail, storage, jobs and metrics.
 */
const SHARED = ["server/kernel/", "server/db/", "server/mail/", "server/storage/", "server/jobs/", "server/metrics/"];

/** Every .ts file under server/ that is product code (tests are free to reach inside a feature). */
function productFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts")) found.push(rel);
    }
  };
  walk("server");
  return found.sort();
}

/** The feature a repository path belongs to, or undefined outside server/features/<f>/. */
function featureOf(rel) {
  const parts = rel.split("/");
  return parts[0] === "server" && parts[1] === "features" && parts.length > 3 ? parts[2] : undefined;
}

/** A specifier as a repository path (`#server/x` or relative), or undefined for a package or another tree. */
function resolve(from, specifier) {
  if (specifier.startsWith("#server/")) return `server/${specifier.slice("#server/".length)}`;
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  }
  return undefined;
}

/** The names an import or export declaration takes, each marked when it is only a type. */
function namesOf(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return { names: [], whole: "side effect" };
    const allTypes = clause.isTypeOnly;
    const names = [];
    if (clause.name) names.push({ name: "default", type: allTypes });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return { names, whole: "namespace" };
    for (const element of bindings?.elements ?? []) {
      names.push({ name: (element.propertyName ?? element.name).text, type: allTypes || element.isTypeOnly });
    }
    return { names };
  }
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return { names: [], whole: "namespace" };
  return {
    names: clause.elements.map((e) => ({
      name: (e.propertyName ?? e.name).text,
      type: node.isTypeOnly || e.isTypeOnly,
    })),
  };
}

/** Each import, re-export and dynamic import() of a file that lands in server/features/. */
function importsOf(root, rel) {
  const text = readFileSync(path.join(root, rel), "utf8");
  if (!text.includes("features/") && !text.includes("../")) return [];
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const add = (node, specifier, names) => {
    const target = resolve(rel, specifier);
    if (!target || featureOf(target) === undefined) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file: rel, line, specifier, target, ...names });
  };
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        add(node, node.moduleSpecifier.text, { ...namesOf(node), reexport: ts.isExportDeclaration(node) });
      }
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text, { names: [], whole: "dynamic" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a feature's public module re-exports: file path → the names (or "*" for `export *`). */
function publicExports(root, feature) {
  const rel = `${FEATURES}/${feature}/${PUBLIC}`;
  const exported = new Map();
  let text;
  try {
    text = readFileSync(path.join(root, rel), "utf8");
  } catch {
    return exported;
  }
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false);
  for (const node of source.statements) {
    if (!ts.isExportDeclaration(node) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const target = resolve(rel, node.moduleSpecifier.text);
    if (!target) continue;
    const names = exported.get(target) ?? new Set();
    const clause = node.exportClause;
    if (!clause) names.add("*");
    else if (ts.isNamedExports(clause)) for (const e of clause.elements) names.add(e.name.text);
    exported.set(target, names);
  }
  return exported;
}

const list = (names) => names.map((n) => (n.type ? `type ${n.name}` : n.name)).join(", ");

/** The message for one deep import: what to write instead, and what to add to the public module first. */
function deepImportMessage(root, entry, feature, exportsCache) {
  const publicPath = `${FEATURES}/${feature}/${PUBLIC}`;
  const publicSpecifier = `#${publicPath}`;
  const from = `./${path.posix.relative(`${FEATURES}/${feature}`, entry.target)}`;
  const head = `${entry.file}:${entry.line}: "${entry.specifier}" is private to feature ${feature}.`;
  if (entry.whole) {
    return `${head} Import from its public module "${publicSpecifier}" instead (a ${entry.whole} import: re-export what is needed there by name).`;
  }
  if (!exportsCache.has(feature)) exportsCache.set(feature, publicExports(root, feature));
  const exported = exportsCache.get(feature).get(entry.target) ?? new Set();
  const missing = entry.names.filter((n) => !exported.has("*") && !exported.has(n.name));
  const keyword = entry.reexport ? "export" : "import";
  let message = `${head} Write instead: ${keyword} { ${list(entry.names)} } from "${publicSpecifier}";`;
  if (missing.length > 0) {
    const values = missing.filter((n) => !n.type).map((n) => n.name);
    const types = missing.filter((n) => n.type).map((n) => n.name);
    const lines = [];
    if (values.length) lines.push(`export { ${values.join(", ")} } from "${from}";`);
    if (types.length) lines.push(`export type { ${types.join(", ")} } from "${from}";`);
    message += ` First add to ${publicPath}: ${lines.join(" ")}`;
  }
  return message;
}

/** Strongly connected groups of the feature graph with more than one feature (Tarjan). */
function loops(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (v) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of (graph.get(v) ?? new Map()).keys()) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
    }
    if (low.get(v) === order.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!order.has(v)) connect(v);
  return groups;
}

/**
 * Reads the tree at `root` and returns its breaches (empty when it keeps the boundaries), the
 * feature graph (feature → used feature → the first place that uses it) and the deep imports.
 */
export function checkBoundaries({ root = process.cwd() } = {}) {
  const problems = [];
  const deep = [];
  const graph = new Map();
  const exportsCache = new Map();
  for (const file of productFiles(root)) {
    const own = featureOf(file);
    for (const entry of importsOf(root, file)) {
      const feature = featureOf(entry.target);
      if (feature === own) continue;
      const shared = SHARED.find((dir) => file.startsWith(dir));
      if (shared) {
        problems.push(
          `${entry.file}:${entry.line}: ${shared} imports no feature ("${entry.specifier}"): features use it, so it ` +
            "may use only core/ and other shared server code. Pass what it needs in as an argument, or move the piece to the feature.",
        );
        continue;
      }
      if (entry.target !== `${FEATURES}/${feature}/${PUBLIC}`) {
        deep.push({ ...entry, feature });
        problems.push(deepImportMessage(root, entry, feature, exportsCache));
      }
      if (own === undefined) continue;
      const uses = graph.get(own) ?? new Map();
      if (!uses.has(feature)) uses.set(feature, `${entry.file}:${entry.line}`);
      graph.set(own, uses);
    }
  }
  for (const group of loops(graph)) {
    const edges = group.flatMap((a) =>
      group.filter((b) => graph.get(a)?.has(b)).map((b) => `${a} → ${b} (${graph.get(a).get(b)})`),
    );
    const what =
      group.length === 2
        ? `Features ${group[0]} and ${group[1]} import each other`
        : `Features ${group.join(", ")} import each other round a loop`;
    problems.push(
      `${what}: ${edges.join("; ")}. A feature depends on another one way only: keep the edge of docs/design.md §1, ` +
        "and turn the other into an event or a hook the lower feature offers, or move what both need to server/kernel/.",
    );
  }
  return { problems, graph, deep };
}

/** The graph as text: one line per feature, the features it uses. */
export function formatGraph(graph) {
  return [...graph.keys()]
    .sort()
    .map((f) => `${f} → ${[...graph.get(f).keys()].sort().join(", ")}`)
    .join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, graph } = checkBoundaries();
  if (process.argv.includes("--graph")) console.log(formatGraph(graph));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} breach(es) of the server's feature boundaries (docs/decisions/087).`);
    process.exit(1);
  }
  console.log("Server feature boundaries kept: no import into another feature's private files, no two-way features.");
}
