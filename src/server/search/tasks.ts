/**
 * Tasks and use-cases in a query (issue 27, decision 0290): «чем резать керамогранит», «инструмент для
 * штукатурки», «что нужно для укладки ламината» name no product, they name a job; the staff's vocabulary
 * (`search_tasks`) says which sections do it. A query whose words hold a task's phrase — compared by their
 * stems, so «штукатурки», «штукатурить» and «штукатурка» are one — is restricted to those sections, and the
 * phrase with its filler («чем», «для», «инструмент», «нужно») leaves the query: «инструмент» must not
 * find «Аккумуляторы для инструмента».
 *
 * Each node keeps the vocabulary with its phrases stemmed and its section codes resolved to leaf ids; the
 * change log's `tasks` rows (a trigger on the table) drop it on every node, and it is rebuilt at least
 * every 30 s in any case (sections come and go with the catalogue).
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchTasks } from '../db/schema';
import { loadSectionTree, type SectionNode } from '../catalog/sections';
import { changeFeed } from '../changes/feed';
import { words } from './text';
import { lexize } from './vocabulary';

export type LoadedTask = {
  id: number;
  name: string;
  /** Each phrase as the stems of its words (a word without stems — «для», «чем» — is left out). */
  phrases: string[][][];
  /** Leaf sections, in the task's order; never empty (a task whose sections are all missing is not loaded). */
  sectionIds: number[];
};

export type TaskMatch = { task: LoadedTask; phrase: number; words: number[] };

const TTL_MS = 30_000;
type Entry = { at: number; value: Promise<LoadedTask[]> };
const g = globalThis as typeof globalThis & { __searchTasks?: WeakMap<object, Entry | null>; __searchTasksFollowed?: WeakSet<object> };
g.__searchTasks ??= new WeakMap();
g.__searchTasksFollowed ??= new WeakSet();

/** The node's vocabulary of tasks; dropped by the change log's `tasks` rows, rebuilt every 30 s anyway. */
export function loadedTasks(db: Db): Promise<LoadedTask[]> {
  if (!g.__searchTasksFollowed!.has(db)) {
    g.__searchTasksFollowed!.add(db);
    changeFeed(db).subscribe('tasks', () => forgetTasks(db));
  }
  const hit = g.__searchTasks!.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = build(db);
  g.__searchTasks!.set(db, { at: Date.now(), value });
  value.catch(() => g.__searchTasks!.delete(db));
  return value;
}

export function forgetTasks(db: Db): void {
  g.__searchTasks!.delete(db);
}

const leaves = (n: SectionNode): number[] => (n.children.length ? n.children.flatMap(leaves) : [n.id]);

async function build(db: Db): Promise<LoadedTask[]> {
  // The tree straight from the database: a section added a moment ago must count (the shared tree lags 30 s).
  const [rows, tree] = await Promise.all([db.select().from(searchTasks).orderBy(asc(searchTasks.id)), loadSectionTree(db)]);
  const all = [...new Set(rows.flatMap((r) => r.phrases.flatMap(words)))];
  const { lex } = all.length ? await lexize(db, all, false) : { lex: new Map<string, string[]>() };
  const out: LoadedTask[] = [];
  for (const r of rows) {
    const sectionIds = [...new Set(r.sections.flatMap((code) => {
      const node = tree.byCode.get(code);
      return node ? leaves(node) : [];
    }))];
    if (!sectionIds.length) continue;
    const phrases = r.phrases.map((p) => words(p).map((w) => lex.get(w) ?? []).filter((l) => l.length)).filter((p) => p.length);
    if (phrases.length) out.push({ id: r.id, name: r.name, phrases, sectionIds });
  }
  return out;
}

/**
 * Whether a query word is a phrase's word. Equal stems; or, the `russian` stemmer leaving a noun and its verb
 * apart («штукатурк» / «штукатур», «сверл» / «сверлен»), one stem starting the other from five letters on; or
 * the typed word itself starting with the phrase's stem («распила» is stemmed «расп», but starts «распил»); or,
 * in a phrase of several words, stems equal without a verb prefix («ошкур» / «шкур», «прогрев» / «обогрев»).
 * A phrase of one word is stricter: the query word may be longer than it («обогреватель» for «обогрев»), never
 * shorter — a product's own name («нивелир», «металл») must not turn into a job («нивелирование»,
 * «металлоконструкции») and lose its own meaning.
 */
export function sameStem(phraseStem: string, queryStem: string, oneWord = false, typed = ''): boolean {
  if (phraseStem === queryStem) return true;
  if (phraseStem.length >= 5 && typed.startsWith(phraseStem)) return true;
  // In a phrase of several words, a verb's prefix does not change the job: «ошкурить доску» is «шкурить доску».
  if (!oneWord && sameEnd(phraseStem, queryStem, 4) && unprefixed(phraseStem) === unprefixed(queryStem)) return true;
  const [s, l] = phraseStem.length <= queryStem.length ? [phraseStem, queryStem] : [queryStem, phraseStem];
  if (s.length < 5 || !l.startsWith(s)) return false;
  return !oneWord || queryStem.length > phraseStem.length;
}

/** Russian verb prefixes, taken off a stem only when at least four letters stay («подрез» → «рез» stays whole). */
const VERB_PREFIX = /^(?:пере|под|про|при|раз|рас|обо|об|от|вы|за|на|по|до|о|с)(?=\p{L}{4})/u;
/** Whether the last `n` letters of both are the same (what two stems equal without their prefixes share), without a copy. */
function sameEnd(a: string, b: string, n: number): boolean {
  if (a.length < n || b.length < n) return false;
  for (let i = 1; i <= n; i++) if (a.charCodeAt(a.length - i) !== b.charCodeAt(b.length - i)) return false;
  return true;
}

const bare = new Map<string, string>();
/** Memoised: matching a query tries every phrase word against every query word. */
function unprefixed(stem: string): string {
  let b = bare.get(stem);
  if (b === undefined) {
    if (bare.size > 20_000) bare.clear();
    bare.set(stem, (b = stem.replace(VERB_PREFIX, '')));
  }
  return b;
}

/**
 * The task a query names: the phrase whose every word is among the query's words (in any order), the
 * phrase of most words first, then of most words equal to the query's («резки металла» is «резка металла»,
 * not «резка металлочерепицы»), then the one whose words stand closest together («просушить стены после
 * штукатурки» is drying, not plastering), then of the longest stems; the first task of the vocabulary wins a
 * tie. `query` is the stems of each query word, `typed` the words themselves. Pure: unit-tested.
 */
export function matchTask(tasks: LoadedTask[], query: string[][], typed: string[] = []): TaskMatch | null {
  type Key = [number, number, number, number];
  let best: (TaskMatch & { key: Key }) | null = null;
  const better = (a: Key, b: Key) => (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] !== b[2] ? a[2] < b[2] : a[3] > b[3]);
  for (const task of tasks)
    task.phrases.forEach((phrase, pi) => {
      const used: number[] = [];
      let exact = 0;
      const one = phrase.length === 1;
      for (const word of phrase) {
        const at = query.findIndex((q, qi) => !used.includes(qi) && q.some((ql) => word.some((pl) => sameStem(pl, ql, one, typed[qi] ?? ''))));
        if (at < 0) return;
        used.push(at);
        if (query[at]!.some((ql) => word.includes(ql))) exact++;
      }
      const key: Key = [phrase.length, exact, Math.max(...used) - Math.min(...used), phrase.reduce((n, w) => n + (w[0]?.length ?? 0), 0)];
      if (!best || better(key, best.key)) best = { task, phrase: pi, words: used, key };
    });
  if (!best) return null;
  const { key: _key, ...m } = best as TaskMatch & { key: Key };
  return m;
}

/**
 * The tasks a query names: the best (`matchTask`), and, when the query joins words with «и» or a comma, a second task of
 * the other words — «резать и шлифовать плитку», «сверлить бетон и металл» — which may share the first's words (the
 * object both verbs take) but must have one of its own. The second's own words are then not the first's: a chip
 * removes only the words its task alone holds, and the other task stays.
 */
export function matchTasks(tasks: LoadedTask[], query: string[][], typed: string[], joined: boolean): TaskMatch[] {
  const first = matchTask(tasks, query, typed);
  if (!first) return [];
  if (!joined) return [first];
  const second = matchTask(
    tasks.filter((t) => t.id !== first.task.id),
    query,
    typed,
  );
  return second && second.words.some((i) => !first.words.includes(i)) ? [first, second] : [first];
}

/** Whether a query joins its words with «и», a comma (not a decimal one: «1,8 кг») or «+» (where a second task may stand). */
export const joinsWords = (text: string): boolean => /(?:^|[\s,])и(?:$|[\s,])|(?<!\d),|,(?!\d)|\+/iu.test(text);

/**
 * Words that, beside a task, only say «I need something for it»: «инструмент для», «что нужно для»,
 * «чем можно», «какой лучше». Dropped only when a task was found, so «аккумулятор для инструмента» stays.
 */
const FILLER = /^(?:инструмент\p{L}*|оборудовани\p{L}*|техник[аиуе]|приспособлени\p{L}*|средств[оаму]?|вещ[ьи]|нуж(?:ен|на|но|ны|ный|ное|ная|ные)|надо|необходим\p{L}*|понадоб\p{L}*|требуется|купить|выбрать|подобрать|посоветуйте|подскажите|подойдет|подходит|подходящ\p{L}*|можно|лучше|лучший|лучшая|лучшее|самостоятельно|своими|руками|работ[аыуе]?|сделать|делать|чем|что|для|как|чтобы|какой|какая|какое|какие|каким|какую|мне|нам|мой|моей|дома|дому)$/u;

export const isTaskFiller = (word: string) => FILLER.test(word);
