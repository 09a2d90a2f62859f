// @ts-check
/**
 * Build-time patches of three packages' server code, each a Vite transform that throws when the code it patches has
 * changed (the build then fails, naming the plugin). Each one removes work an uncached page repeated on every request;
 * none changes what a page shows. Measured and explained in docs/decisions/0350-render-cost.md; the transforms are
 * checked against the installed packages by tests/unit/runtime-patches.test.ts.
 */
/** @typedef {{ name: string; enforce: 'pre'; transform: (code: string, id: string) => string | null }} Patch */

/**
 * Before it renders an island, Astro asks each renderer whether the component is theirs, and @astrojs/react's `check`
 * answers by rendering the component once with `renderToStaticMarkup` (a `Tester` wrapper): every island of every
 * uncached page was rendered twice. The answer depends on the component alone, so the server keeps it per component.
 * An island that renders nothing on the server (the search overlay, the card actions' controller) is answered «no»
 * every time; Astro then picks the renderer by the component's file (.tsx: React), as it did before on every request.
 */
/** @type {Patch} */
export const reactCheckOnce = {
  name: 'react-check-once',
  enforce: 'pre',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.replaceAll('\\', '/').includes('@astrojs/react/dist/server.js')) return null;
    const head = 'async function check(Component, props, children, metadata) {';
    if (code.split(head).length !== 2) throw new Error('react-check-once: @astrojs/react changed, update the plugin');
    return code.replace(
      head,
      `const reactAnswers = new WeakMap();
async function check(Component, props, children, metadata) {
  const keyable = typeof Component === "function" || (typeof Component === "object" && Component !== null);
  if (keyable && reactAnswers.has(Component)) return reactAnswers.get(Component);
  const answer = await checkOnce.call(this, Component, props, children, metadata);
  if (keyable) reactAnswers.set(Component, answer);
  return answer;
}
async function checkOnce(Component, props, children, metadata) {`,
    );
  },
};
/**
 * drizzle-orm's `is(value, Class)` (asked for every chunk of every query it builds, several times each) falls back,
 * when `instanceof` says no, to walking the value's class chain comparing entity kinds: a fifth of the query building
 * of an uncached product page. The walk's answer depends only on the value's class and the kind asked for, so it is
 * kept per class. Decision 0350.
 */
/** @type {Patch} */
export const drizzleIsByClass = {
  name: 'drizzle-is-by-class',
  enforce: 'pre',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.replaceAll('\\', '/').includes('drizzle-orm/entity.js')) return null;
    const walk = /  let cls = Object\.getPrototypeOf\(value\)\.constructor;\n  if \(cls\) \{\n    while \(cls\) \{\n      if \(entityKind in cls && cls\[entityKind\] === type\[entityKind\]\) \{\n        return true;\n      \}\n      cls = Object\.getPrototypeOf\(cls\);\n    \}\n  \}\n  return false;\n\}/;
    if (!walk.test(code)) throw new Error('drizzle-is-by-class: drizzle-orm changed, update the plugin');
    return code.replace(
      walk,
      `  const start = Object.getPrototypeOf(value).constructor;
  if (!start) return false;
  let known = kindsByClass.get(start);
  if (known === void 0) kindsByClass.set(start, (known = new Map()));
  const kind = type[entityKind];
  let answer = known.get(kind);
  if (answer !== void 0) return answer;
  answer = false;
  for (let cls = start; cls; cls = Object.getPrototypeOf(cls)) {
    if (entityKind in cls && cls[entityKind] === kind) {
      answer = true;
      break;
    }
  }
  known.set(kind, answer);
  return answer;
}
const kindsByClass = new WeakMap();`,
    );
  },
};
/**
 * The standalone handler looks every request up in dist/client before rendering it: for a page (`/catalog/…/`) an
 * `lstat` and `send`'s `stat` of `index.html` on the thread pool, whose ENOENT error then hands it to the app — about
 * 3 % of an uncached page's CPU. This build writes no `index.html` (every page is rendered; `scripts/server.mjs`
 * answers the files from memory), so a path ending in `/` goes straight to the app while dist/client holds none;
 * other paths are looked up as before. Decision 0350.
 */
/** @type {Patch} */
export const pagesSkipStaticLookup = {
  name: 'pages-skip-static-lookup',
  enforce: 'pre',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.replaceAll('\\', '/').includes('@astrojs/node/dist/standalone.js')) return null;
    const made = '  const staticHandler = createStaticHandler(app, options, headersMap);\n';
    const call = '    staticHandler(req, res, () => appHandler(req, res));\n';
    if (code.split(made).length !== 2 || code.split(call).length !== 2 || !code.includes('import fs from "node:fs";')) {
      throw new Error('pages-skip-static-lookup: @astrojs/node changed, update the plugin');
    }
    return `import { resolveClientDir } from "./shared.js";\n${code}`
      .replace(
        made,
        `${made}  const indexFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).some((d) => d.isDirectory() ? indexFiles(dir + "/" + d.name) : d.name === "index.html");
  const clientDir = resolveClientDir(options);
  const pagesOnlyRendered = !fs.existsSync(clientDir) || !indexFiles(clientDir);
`,
      )
      .replace(
        call,
        `    if (pagesOnlyRendered && req.url && (req.url.indexOf("?") < 0 ? req.url : req.url.slice(0, req.url.indexOf("?"))).endsWith("/")) return appHandler(req, res);
${call}`,
      );
  },
};
