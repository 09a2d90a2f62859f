/**
 * Vite plugin: `virtual:source-dates` is `{ [path from the project root]: ISO date }` for every file
 * under src/pages and src/content — the last commit that touched it (git), or its modification time
 * where git has no answer (no repository, a file not committed yet). The sitemap's lastmod of pages
 * that no database row describes (the quick order form, the disc finder, editors' Markdown pages
 * without an `updated` date) comes from here, fixed at build time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['src/pages', 'src/content'];
const ID = 'virtual:source-dates';

function gitDates(root) {
  const dates = new Map();
  try {
    // One call for all files: commits newest first, each followed by the files it touched.
    const out = execFileSync('git', ['log', '--format=@%cI', '--name-only', '--', ...ROOTS], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    let date = '';
    for (const line of out.split('\n')) {
      if (line.startsWith('@')) date = line.slice(1);
      else if (line && !dates.has(line)) dates.set(line, new Date(date).toISOString());
    }
  } catch {
    /* not a git checkout: modification times only */
  }
  return dates;
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function sourceDates(root = process.cwd()) {
  return {
    name: 'source-dates',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const fromGit = gitDates(root);
      const dates = {};
      for (const file of ROOTS.flatMap((r) => walk(path.join(root, r)))) {
        const rel = path.relative(root, file).split(path.sep).join('/');
        dates[rel] = fromGit.get(rel) ?? fs.statSync(file).mtime.toISOString();
      }
      return `export default ${JSON.stringify(dates)};`;
    },
  };
}
