/**
 * Builds tests/search/judged-tasks.json: task and use-case queries (issue 27, «чем резать керамогранит») with
 * what a shop assistant would accept as the answer, named by catalogue sections (a middle section stands for its
 * subtree). Written from the job, not from the vocabulary's rows (src/server/search/task-seed.ts): a product is
 * relevant when its section is one of these. Nothing here asks the search what it returns.
 *
 *   npx tsx tests/search/build-judged-tasks.ts
 */
import fs from 'node:fs';

const all = (...lists: string[][]) => lists.flat();

const CUT_STONE = ['almaznye-diski', 'ushm-bolgarki'];
const CUT_METAL = ['krugi-otreznye', 'ushm-bolgarki', 'pily-sabelnye', 'lobziki'];
const SAWS = ['pily', 'diski-pilnye'];
const CONCRETE = ['perforatory', 'sverla-po-betonu', 'dreli-udarnye'];
const MIXING = ['dreli-miksery', 'betonomeshalki'];
const SANDING = ['shlifovalnye-mashiny', 'krugi-zachistnye'];
const SCREWING = ['shurupoverty', 'bity-i-nasadki', 'otvertki'];
const MEASURING = ['izmeritelnyy-instrument'];
const WELDING = ['svarochnoe-oborudovanie'];
const GARDEN_CUT = ['cepnye-pily', 'pily-sabelnye'];
const GRASS = ['gazonokosilki', 'trimmery'];
const HEATING = ['teplovye-pushki'];
const POWER = ['generatory'];
const PAINTING = ['kraskopulty', 'kompressory'];
const PROTECT = ['specodezhda-i-siz', 'zashchita-svarshchika'];

const Q: [string, string[]][] = [

  ['чем резать керамогранит', CUT_STONE], ['чем резать керамогранит дома', CUT_STONE], ['резка керамогранита', CUT_STONE],
  ['как разрезать керамогранитную плитку', CUT_STONE], ['чем резать плитку на пол', CUT_STONE], ['инструмент для резки плитки', CUT_STONE],
  ['чем резать бетон', all(CUT_STONE, ['pily-sabelnye'])], ['чем пилить газоблок', all(CUT_STONE, ['pily-sabelnye'])], ['резать тротуарную плитку', CUT_STONE],
  ['чем резать металл', CUT_METAL], ['чем резать арматуру', CUT_METAL], ['чем отрезать трубу', CUT_METAL], ['резка профнастила', CUT_METAL],
  ['чем срезать ржавый болт', CUT_METAL], ['чем пилить дерево', all(SAWS, ['lobziki'])], ['чем распилить доску вдоль', SAWS], ['инструмент для распила бруса', SAWS],
  ['чем резать фанеру', SAWS], ['чем резать ламинат', SAWS], ['чем резать плинтус под углом', SAWS], ['фигурная резка фанеры', ['lobziki']],
  ['чем спилить дерево на участке', GARDEN_CUT], ['пилить дрова', GARDEN_CUT], ['обрезка веток в саду', all(GARDEN_CUT, ['trimmery'])],
  ['чем сверлить бетон', CONCRETE], ['чем просверлить бетонную стену', CONCRETE], ['сверление бетона', CONCRETE], ['чем сверлить кирпич', CONCRETE],
  ['как повесить полку на бетонную стену', CONCRETE], ['чем сверлить металл', ['sverla-po-metallu', 'dreli', 'shurupoverty']],
  ['просверлить отверстие в металле', ['sverla-po-metallu', 'dreli', 'shurupoverty']], ['чем сверлить дерево', ['sverla-po-derevu', 'dreli', 'shurupoverty']],
  ['чем долбить бетон', ['perforatory']], ['чем штробить стены под проводку', ['perforatory', 'almaznye-diski', 'ushm-bolgarki']],
  ['демонтаж перегородки', ['perforatory', 'molotki-i-kuvaldy', 'pily-sabelnye']], ['чем сбить старую плитку', ['perforatory', 'molotki-i-kuvaldy']],
  ['снять старую краску', SANDING], ['чем снять старую краску с двери', SANDING], ['чем удалить ржавчину с металла', SANDING],
  ['инструмент для штукатурки', all(MIXING, MEASURING)], ['что нужно для штукатурки стен', all(MIXING, MEASURING)], ['чем штукатурить стены', all(MIXING, MEASURING)],
  ['оштукатурить стены своими руками', all(MIXING, MEASURING)], ['инструмент для шпаклевки', all(MIXING, SANDING, MEASURING)], ['чем замешать раствор', MIXING],
  ['чем мешать плиточный клей', MIXING], ['залить фундамент', all(MIXING, MEASURING)], ['сделать стяжку пола', all(MIXING, MEASURING)],
  ['что нужно для укладки ламината', all(SAWS, ['lobziki'], MEASURING)], ['инструмент для укладки ламината', all(SAWS, ['lobziki'], MEASURING)],
  ['укладка плитки своими руками', all(CUT_STONE, MIXING, MEASURING)], ['что нужно для укладки плитки', all(CUT_STONE, MIXING, MEASURING)],
  ['чем покрасить забор', PAINTING], ['покраска стен краскопультом', PAINTING], ['чем покрасить машину', all(PAINTING, SANDING)],
  ['шлифовка деревянного пола', SANDING], ['чем шлифовать дерево', SANDING], ['чем отшлифовать стены после шпаклевки', SANDING],
  ['заточить топор', SANDING], ['чем заточить цепь бензопилы', SANDING], ['строгать доски', ['rubanki', 'shlifovalnye-mashiny']],
  ['выбрать паз в доске', ['frezery']], ['чем закручивать саморезы', SCREWING], ['чем закрутить саморез в дерево', SCREWING],
  ['чем открутить ржавую гайку', ['gaykoverty', 'pnevmogaykoverty', 'klyuchi', 'krugi-otreznye']], ['поменять колеса на машине', ['gaykoverty', 'pnevmogaykoverty', 'klyuchi', 'kompressory']],
  ['что нужно для сварки', WELDING], ['чем варить металл', WELDING], ['сварка тонкого металла', WELDING], ['чем сварить забор из профтрубы', all(WELDING, CUT_METAL)],
  ['замер комнаты', MEASURING], ['чем измерить расстояние', MEASURING], ['выставить уровень пола', all(MEASURING, MIXING)],
  ['чем косить траву', GRASS], ['стрижка газона', GRASS], ['покосить траву на даче', GRASS],
  ['обогрев гаража зимой', HEATING], ['просушить стены после штукатурки', HEATING], ['электричество на даче', POWER],
  ['свет на даче при отключении', POWER], ['зарядить аккумулятор шуруповерта', ['akkumulyatory-i-zaryadnye']], ['накачать колеса', ['kompressory']],
  ['уборка строительного мусора', PROTECT], ['защита глаз при работе болгаркой', PROTECT], ['что нужно для сборки мебели', all(SCREWING, ['frezery'])],
  ['чем снять штукатурку со стены', ['perforatory', 'molotki-i-kuvaldy']], ['ремонт ванной своими руками', all(CONCRETE, CUT_STONE, MIXING, MEASURING)],
];

const judged = Q.map(([q, sections]) => ({ q, kind: 'task', relevant: { sections: [...new Set(sections)] } }));
fs.writeFileSync(new URL('./judged-tasks.json', import.meta.url), `${JSON.stringify(judged, null, 1)}\n`);
console.log(`${judged.length} queries → tests/search/judged-tasks.json`);
