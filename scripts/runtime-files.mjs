#!/usr/bin/env node
/**
 * The source files a production image needs besides dist/ and node_modules: scripts/server.mjs, every
 * repository file it imports at run time — the page cache in front of Astro (src/server/page-cache/
 * front.ts and what it imports) runs from source, Node stripping the types — found by following the
 * imports, and the migrations the server applies at boot (src/server/db/migrations, read from the
 * working directory). Nobody keeps that list by hand: a new import in front.ts is in the next image.
 *
 *   node scripts/runtime-files.mjs --list     prints the files, one a line, relative to the repository
 *   node scripts/runtime-files.mjs <dir>      copies them into <dir> under the same relative paths
 *
 * The Dockerfile's build stage runs the second form and its runtime stage copies <dir> into /app;
 * tests/integration/runtime-image.test.ts assembles the runtime stage from the Dockerfile the same way
 * and starts the server from it.
 *
 * Imports are read after Node's own type stripping (module.stripTypeScriptTypes), so what is left is
 * what Node loads: `import type` is gone, `import { type A } from './x.ts'` still loads ./x.ts. Only
 * relative specifiers are followed (packages come with node_modules); dist/ is copied whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

// stripTypeScriptTypes is still "experimental" in Node 24: one warning per run says nothing here.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => (String(warning).includes('stripTypeScriptTypes') ? undefined : emitWarning.call(process, warning, ...rest));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRY = 'scripts/server.mjs';
/** Read at run time from the working directory (src/server/db/client.ts migrationsFolder()), not imported. */
export const DATA_DIRS = ['src/server/db/migrations'];

const SPECIFIERS = [
  // import x from '…', import { a, b as c } from '…', import * as n from '…', import '…'
  /\bimport\s*(?:[\w$*{}\s,]*?\s*from\s*)?['"]([^'"\n]+)['"]/g,
  // export * from '…', export * as n from '…', export { a } from '…'
  /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/g,
  // import('…') with a literal
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

function specifiers(file, code) {
  const js = /\.[cm]?ts$/.test(file) ? stripTypeScriptTypes(code, { mode: 'strip' }) : code;
  const out = new Set();
  for (const re of SPECIFIERS) for (const m of js.matchAll(re)) out.add(m[1]);
  return out;
}

/** Every repository file (relative, POSIX) that `entry` loads at run time, itself included; dist/ and node_modules/ excluded. */
export function importGraph(root = ROOT, entry = ENTRY) {
  const seen = new Set();
  const queue = [path.join(root, entry)];
  while (queue.length) {
    const file = queue.pop();
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (seen.has(rel)) continue;
    seen.add(rel);
    for (const spec of specifiers(file, fs.readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue;
      const target = path.resolve(path.dirname(file), spec.split(/[?#]/)[0]);
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      if (targetRel.startsWith('..') || /^(dist|node_modules)(\/|$)/.test(targetRel)) continue;
      if (!fs.existsSync(target) || !fs.statSync(target).isFile()) {
        throw new Error(`${rel} imports ${spec}, which is not a file (Node needs the exact path, extension included)`);
      }
      queue.push(target);
    }
  }
  return [...seen].sort();
}

/** What the runtime image holds besides dist/, node_modules/ and package.json: the import graph and the migrations. */
export function runtimeFiles(root = ROOT) {
  const files = new Set(importGraph(root));
  for (const dir of DATA_DIRS) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.add(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return [...files].sort();
}

/** Copies runtimeFiles() into `dest` under the same relative paths. */
export function copyRuntimeFiles(dest, root = ROOT) {
  const files = runtimeFiles(root);
  for (const rel of files) {
    const to = path.join(dest, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(root, rel), to);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: node scripts/runtime-files.mjs --list | <dir>');
    process.exit(2);
  }
  if (arg === '--list') console.log(runtimeFiles().join('\n'));
  else console.log(`runtime-files: ${copyRuntimeFiles(path.resolve(arg)).length} files → ${arg}`);
}
