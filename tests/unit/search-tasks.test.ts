/**
 * Task phrases in a query (issue 27, search/tasks.ts): matched by the words' stems in any order, the phrase of
 * most words winning, and the filler beside a task. Stems are written here as the database's `russian`
 * dictionary gives them (the integration tests run the real one).
 */
import { describe, expect, it } from 'vitest';
import { isTaskFiller, joinsWords, matchTask, matchTasks, sameStem, type LoadedTask } from '../../src/server/search/tasks';
import { TASK_SEED } from '../../src/server/search/task-seed';
import { withoutPhrase } from '../../src/server/search/intent';
import { CATALOG } from '../../src/server/seed/catalog-data';

const task = (id: number, name: string, phrases: string[][], sectionIds = [id]): LoadedTask => ({ id, name, phrases: phrases.map((p) => p.map((l) => [l])), sectionIds });
const TASKS = [
  task(1, 'резка керамогранита', [['реза', 'керамогранит'], ['резк', 'керамогранит']]),
  task(2, 'резка плитки', [['реза', 'плитк'], ['резк', 'плитк']]),
  task(3, 'штукатурка стен', [['штукатурк'], ['штукатур']]),
  task(4, 'сверление бетона', [['сверл', 'бетон'], ['сверлен', 'бетон']]),
  task(5, 'покраска', [['крас']]),
  task(6, 'покраска стен', [['крас', 'стен']]),
  task(7, 'сушка стен', [['просуш', 'стен']]),
  task(8, 'штукатурка стен 2', [['штукатурк', 'стен']]),
  task(10, 'резка металлочерепицы', [['резк', 'металлочерепиц']]),
  task(11, 'резка металла', [['резк', 'металл']]),
];

describe('stems', () => {
  it('equal stems, or one starting the other from five letters on, or the typed word starting the stem', () => {
    expect(sameStem('штукатур', 'штукатурк')).toBe(true);
    expect(sameStem('сверлен', 'сверл')).toBe(true);
    // «распила» is stemmed «расп»: the typed word still starts with the phrase's «распил».
    expect(sameStem('распил', 'расп', false, 'распила')).toBe(true);
    // «резк» / «реза» and other short stems only when equal: «рез» starts too many words.
    expect(sameStem('резк', 'резкост')).toBe(false);
    expect(sameStem('реза', 'резк')).toBe(false);
    expect(sameStem('крас', 'краскопульт')).toBe(false);
  });
  it('in a phrase of several words a verb prefix keeps the job, when four letters stay', () => {
    expect(sameStem('ошкур', 'шкур')).toBe(true);
    expect(sameStem('прогрев', 'обогрев')).toBe(true);
    // «подрез» without «под» is «рез»: too short to be one job.
    expect(sameStem('рез', 'подрез')).toBe(false);
    expect(sameStem('ошкур', 'шкур', true)).toBe(false);
  });
  it('a one-word phrase never takes a shorter word: «нивелир» is a product, not «нивелирование»', () => {
    expect(sameStem('нивелирован', 'нивелир', true, 'нивелир')).toBe(false);
    expect(sameStem('металлоконструкц', 'метал', true, 'метале')).toBe(false);
    expect(sameStem('обогрев', 'обогревател', true, 'обогреватель')).toBe(true);
  });
});

describe('which task a query names', () => {
  it.each([
    // «чем резать керамогранит»: «чем» has no stem (a stop word)
    [[[], ['реза'], ['керамогранит']], 1, [1, 2]],
    // «керамогранит резка»: any order
    [[['керамогранит'], ['резк']], 1, [1, 0]],
    // «инструмент для штукатурки» / «штукатурить стены»: the noun's and the verb's stems both name it
    [[['инструмент'], [], ['штукатурк']], 3, [2]],
    [[['штукатур']], 3, [0]],
    [[['штукатур'], ['стен']], 8, [0, 1]],
    // «сверла по бетону»: «сверл» starts «сверлен»
    [[['сверл'], [], ['бетон']], 4, [0, 2]],
    // «покрасить стены»: the phrase of two words wins over «покраска»
    [[['крас'], ['стен']], 6, [0, 1]],
    // «просушить стены после штукатурки»: of two two-word phrases, the one whose words stand together
    [[['просуш'], ['стен'], [], ['штукатурк']], 7, [0, 1]],
    // «диск для резки металла»: the phrase with more words equal to the query's, not the longer stems
    [[['диск'], [], ['резк'], ['металл']], 11, [2, 3]],
  ])('%j → task %i', (query, id, words) => {
    const m = matchTask(TASKS, query as string[][]);
    expect(m?.task.id).toBe(id);
    expect(m?.words).toEqual(words);
  });

  it('no task when a phrase word is missing: «резать трубу», «дрель», «аккумулятор для инструмента»', () => {
    expect(matchTask(TASKS, [['реза'], ['труб']])).toBeNull();
    expect(matchTask(TASKS, [['дрел']])).toBeNull();
    expect(matchTask(TASKS, [['аккумулятор'], [], ['инструмент']])).toBeNull();
  });

  it('a word serves one phrase word only: «бетон» twice is not «сверлить бетон»', () => {
    expect(matchTask([task(9, 'x', [['бетон', 'бетон']])], [['бетон']])).toBeNull();
  });
});

describe('two tasks joined by «и»', () => {
  it('«резать плитку и керамогранит»: both, the closer first, sharing «резать»; without «и» one', () => {
    const query = [['реза'], ['плитк'], [], ['керамогранит']];
    const typed = ['резать', 'плитку', 'и', 'керамогранит'];
    const both = matchTasks(TASKS, query, typed, true);
    expect(both.map((m) => [m.task.id, m.words])).toEqual([
      [2, [0, 1]],
      [1, [0, 3]],
    ]);
    expect(matchTasks(TASKS, query, typed, false).map((m) => m.task.id)).toEqual([2]);
  });
  it('a second task needs a word of its own: «штукатурить стены и …» is one task, not «штукатурка» again', () => {
    expect(matchTasks(TASKS, [['штукатур'], ['стен'], []], ['штукатурить', 'стены', 'и'], true).map((m) => m.task.id)).toEqual([8]);
    expect(matchTasks(TASKS, [['дрел']], ['дрель'], true)).toEqual([]);
  });
  it('«и», a comma or «+» join; «и» inside a word and a decimal comma do not', () => {
    for (const q of ['резать и шлифовать плитку', 'сверлить бетон, металл', 'бетон+металл', 'И плитку']) expect(joinsWords(q), q).toBe(true);
    for (const q of ['резать плитку', 'игла', 'шлифовать линолеум', 'ключи', 'дрель от 1,8 кг']) expect(joinsWords(q), q).toBe(false);
  });
});

describe('filler beside a task', () => {
  it.each(['инструмент', 'инструменты', 'чем', 'для', 'что', 'нужно', 'нужен', 'необходимо', 'какой', 'лучше', 'можно', 'оборудование'])('«%s» is filler', (w) => expect(isTaskFiller(w)).toBe(true));
  it.each(['аккумулятор', 'bosch', 'диск', 'керамогранит', '125'])('«%s» is not', (w) => expect(isTaskFiller(w)).toBe(false));
});

describe('a task chip removes its words', () => {
  it('a phrase as typed, or its words one by one when others stand between', () => {
    expect(withoutPhrase('Чем резать керамогранит', 'чем резать керамогранит')).toBe('');
    expect(withoutPhrase('резать Bosch керамогранит', 'резать керамогранит')).toBe('Bosch');
    expect(withoutPhrase('диск для резки металла 125', 'для резки металла')).toBe('диск 125');
  });
});

describe('the seed vocabulary', () => {
  const codes = new Set<string>();
  const walk = (n: { code: string; mids?: { code: string; leaves: { code: string }[] }[] }) => {
    codes.add(n.code);
    for (const m of n.mids ?? []) {
      codes.add(m.code);
      for (const l of m.leaves) codes.add(l.code);
    }
  };
  CATALOG.forEach(walk);

  it('has at least 150 tasks, each named once, with phrases, every section in the demo catalogue', () => {
    expect(TASK_SEED.length).toBeGreaterThanOrEqual(150);
    expect(new Set(TASK_SEED.map((t) => t.name)).size).toBe(TASK_SEED.length);
    for (const t of TASK_SEED) {
      expect(t.phrases.length, t.name).toBeGreaterThan(0);
      expect(t.sections.length, t.name).toBeGreaterThan(0);
      for (const s of t.sections) expect(codes.has(s), `${t.name}: ${s}`).toBe(true);
    }
  });
});
