#!/usr/bin/env node
// Applies what scripts/check-boundaries.mjs asks of each deep import (docs/decisions/087): the
// name goes into the feature's public module (server/features/<f>/index.ts, made when missing)
// and the import points at it. Loops of features it leaves: they need a hook, an event or a
// kernel piece, a person's choice. Run `npx biome check --write .` after it to sort and merge.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkBoundaries } from "./check-boundaries.mjs";

/** Rewrites the tree at `root`; returns the files it changed. */
export function fixBoundaries({ root = process.cwd() } = {}) {
  const { deep } = checkBoundaries({ root });
  const changed = new Set();
  /** index file → (origin file → (name → only ever a type)) */
  const wanted = new Map();
  for (const entry of deep) {
    const index = `server/features/${entry.feature}/index.ts`;
    const origins = wanted.get(index) ?? new Map();
    const names = origins.get(entry.target) ?? new Map();
    for (const { name, type } of entry.names) names.set(name, (names.get(name) ?? true) && type);
    origins.set(entry.target, names);
    wanted.set(index, origins);
    const file = path.join(root, entry.file);
    const text = readFileSync(file, "utf8");
    const next = text.split(`"${entry.specifier}"`).join(`"#${index}"`);
    if (next !== text) {
      writeFileSync(file, next);
      changed.add(entry.file);
    }
  }
  for (const [index, origins] of wanted) {
    const file = path.join(root, index);
    const feature = index.split("/")[2];
    let text = existsSync(file)
      ? readFileSync(file, "utf8")
      : `/**\n * The public module of ${feature}: what other features and the app may import from it (docs/decisions/087).\n * Every other file of server/features/${feature}/ is private to it; tests may reach inside.\n */\n`;
    const before = text;
    for (const [origin, names] of origins) {
      const from = `./${path.posix.relative(path.posix.dirname(index), origin)}`;
      // A name the index already re-exports from that file is left alone.
      const missing = [...names].filter(
        ([name]) => !new RegExp(`(^|[\\s{,])${name.replaceAll("$", "\\$")}[\\s,}][^;]*from "${from}"`).test(text),
      );
      if (missing.length === 0) continue;
      const all = missing.every(([, type]) => type);
      const list = missing.map(([name, type]) => (type && !all ? `type ${name}` : name)).join(", ");
      text += `export ${all ? "type " : ""}{ ${list} } from "${from}";\n`;
    }
    if (text !== before) {
      writeFileSync(file, text);
      changed.add(index);
    }
  }
  return [...changed].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = fixBoundaries();
  for (const file of changed) console.log(`changed ${file}`);
  console.log(
    `${changed.length} file(s) changed; now run npx biome check --write . and node scripts/check-boundaries.mjs`,
  );
}
