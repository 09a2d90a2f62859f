import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drizzleIsByClass, pagesSkipStaticLookup, reactCheckOnce } from '../../scripts/runtime-patches.mjs';

// The installed packages' own files, as the build's transforms see them.
const source = (pkg: string, file: string) => {
  const full = path.resolve('node_modules', pkg, file);
  return { id: full, code: fs.readFileSync(full, 'utf8') };
};

/** Imports `code` as an ES module of its own (entity.js imports nothing). */
async function importCode(code: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-patch-'));
  const file = path.join(dir, 'entity.mjs');
  fs.writeFileSync(file, code);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('build-time patches of the server code (scripts/runtime-patches.mjs)', () => {
  it('leave every other module alone', () => {
    for (const patch of [reactCheckOnce, drizzleIsByClass, pagesSkipStaticLookup]) expect(patch.transform('export const x = 1;', '/app/src/server/catalog/pricing.ts')).toBeNull();
  });

  it('refuse, naming themselves, a package whose code changed', () => {
    expect(() => reactCheckOnce.transform('export {}', '/x/node_modules/@astrojs/react/dist/server.js')).toThrow(/react-check-once/);
    expect(() => drizzleIsByClass.transform('export {}', '/x/node_modules/drizzle-orm/entity.js')).toThrow(/drizzle-is-by-class/);
    expect(() => pagesSkipStaticLookup.transform('export {}', '/x/node_modules/@astrojs/node/dist/standalone.js')).toThrow(/pages-skip-static-lookup/);
  });

  it('apply to the installed @astrojs/react and @astrojs/node', () => {
    const react = source('@astrojs/react', 'dist/server.js');
    const checked = reactCheckOnce.transform(react.code, react.id) ?? '';
    expect(checked).toContain('reactAnswers.has(Component)');
    expect(checked).toContain('async function checkOnce(Component, props, children, metadata) {');
    const node = source('@astrojs/node', 'dist/standalone.js');
    const skipping = pagesSkipStaticLookup.transform(node.code, node.id) ?? '';
    expect(skipping).toMatch(/^import \{ resolveClientDir \} from "\.\/shared\.js";/);
    expect(skipping).toContain('if (pagesOnlyRendered && req.url');
    // The lookup stays for every other path.
    expect(skipping).toContain('staticHandler(req, res, () => appHandler(req, res));');
  });

  it("drizzle's patched `is` answers as the original for classes of this copy and of another copy, asked again and again", async () => {
    const entity = source('drizzle-orm', 'entity.js');
    const patched = drizzleIsByClass.transform(entity.code, entity.id);
    expect(patched).toContain('kindsByClass');
    const before = await importCode(entity.code);
    const after = await importCode(patched!);
    const classes = (kind: symbol) => {
      class Column {
        static readonly [kind] = 'Column';
      }
      class PgColumn extends Column {
        static readonly [kind] = 'PgColumn';
      }
      class PgText extends PgColumn {
        static readonly [kind] = 'PgText';
      }
      class SQL {
        static readonly [kind] = 'SQL';
      }
      class Plain {}
      return { Column, PgColumn, PgText, SQL, Plain };
    };
    // The same kinds twice: a second copy of drizzle's classes, which only the kind walk recognises.
    const mine = classes(after.entityKind);
    const other = classes(after.entityKind);
    const types = [mine.Column, mine.PgColumn, mine.PgText, mine.SQL];
    const values: unknown[] = [null, undefined, 0, 'text', {}, [], ...[mine, other].flatMap((c) => [new c.Column(), new c.PgColumn(), new c.PgText(), new c.SQL(), new c.Plain()])];
    let yes = 0;
    for (let round = 0; round < 3; round++) {
      for (const v of values) {
        for (const t of types) {
          const want = before.is(v, t);
          expect(after.is(v, t)).toBe(want);
          if (want) yes++;
        }
      }
    }
    // Another copy's PgText is a Column, a PgColumn and a PgText by kind, not an SQL.
    expect(after.is(new other.PgText(), mine.Column)).toBe(true);
    expect(after.is(new other.PgText(), mine.SQL)).toBe(false);
    expect(after.is(new other.Column(), mine.PgText)).toBe(false);
    expect(yes).toBeGreaterThan(0);
    // A class that is no drizzle entity is refused as before.
    expect(() => after.is(new mine.Column(), mine.Plain)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
