/**
 * Generates CommerceML 2 exchange packages as 1C's «Обмен с сайтом» writes them (import.xml with
 * Классификатор/Каталог, offers.xml with ПакетПредложений), streamed as chunks so 100,000 products never
 * sit in memory, and zips them (fflate's streaming Zip). Used by `npm run bench:exchange` and the exchange
 * integration tests (tests build their own data).
 */
import fs from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const productExt = (prefix, i) => `${prefix}-p-${String(i).padStart(7, '0')}`;
export const groupExt = (prefix, i) => `${prefix}-g-${i}`;
export const PRICE_TYPES = [
  { ext: 'pt-retail', name: 'Розничная цена' },
  { ext: 'pt-opt', name: 'Оптовая' },
  { ext: 'pt-dealer', name: 'Дилерская' },
];

/** A three-level group tree: `roots` roots × `per` children × `per` grandchildren; leaves are where products go. */
export function groupTree(prefix, roots = 5, per = 4) {
  const leaves = [];
  let n = 0;
  const tree = [];
  for (let r = 0; r < roots; r++) {
    const root = { ext: groupExt(prefix, n++), name: `Раздел ${prefix} ${r + 1}`, children: [] };
    for (let c = 0; c < per; c++) {
      const mid = { ext: groupExt(prefix, n++), name: `Подраздел ${prefix} ${r + 1}.${c + 1}`, children: [] };
      for (let g = 0; g < per; g++) {
        const leaf = { ext: groupExt(prefix, n++), name: `Группа ${prefix} ${r + 1}.${c + 1}.${g + 1}`, children: [] };
        mid.children.push(leaf);
        leaves.push(leaf.ext);
      }
      root.children.push(mid);
    }
    tree.push(root);
  }
  return { tree, leaves };
}

const groupXml = (g) => `<Группа><Ид>${esc(g.ext)}</Ид><Наименование>${esc(g.name)}</Наименование>${g.children.length ? `<Группы>${g.children.map(groupXml).join('')}</Группы>` : ''}</Группа>`;

/**
 * import.xml as chunks. opts: prefix, products, full (СодержитТолькоИзменения=false), tree (groupTree),
 * pictures (fn i → path or null), extra (string appended inside Товары), name (fn i → name).
 */
export function* importXml({ prefix = 'b', products = 100, full = true, tree = groupTree(prefix), pictures = () => null, extra = '', name = (i) => `Дрель ${prefix} модель ${i}` }) {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T10:00:00">\n<Классификатор><Ид>cls-${prefix}</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>`;
  yield `<Группы>${tree.tree.map(groupXml).join('')}</Группы>`;
  yield `<Свойства>
<Свойство><Ид>pr-power</Ид><Наименование>Мощность</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>
<Свойство><Ид>pr-volt</Ид><Наименование>Напряжение, В</Наименование><ТипЗначений>Число</ТипЗначений></Свойство>
<Свойство><Ид>pr-brand</Ид><Наименование>Производитель</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>
${['Бош', 'Макита', 'Зубр', 'Интерскол', 'ДеВолт'].map((b, i) => `<Справочник><ИдЗначения>br-${i}</ИдЗначения><Значение>${b} ${prefix}</Значение></Справочник>`).join('')}
</ВариантыЗначений></Свойство>
</Свойства></Классификатор>\n`;
  yield `<Каталог СодержитТолькоИзменения="${full ? 'false' : 'true'}"><Ид>cat-${prefix}</Ид><ИдКлассификатора>cls-${prefix}</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>\n`;
  let buf = '';
  for (let i = 0; i < products; i++) {
    const pic = pictures(i);
    buf += `<Товар><Ид>${productExt(prefix, i)}</Ид><Артикул>${prefix.toUpperCase()}-${i}</Артикул><Наименование>${esc(name(i))}</Наименование><БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница><Группы><Ид>${tree.leaves[i % tree.leaves.length]}</Ид></Группы><Описание>Описание товара ${i}: надёжный инструмент для дома и стройки.</Описание>${pic ? `<Картинка>${esc(pic)}</Картинка>` : ''}<ЗначенияСвойств><ЗначенияСвойства><Ид>pr-power</Ид><Значение>${500 + (i % 20) * 50} Вт</Значение></ЗначенияСвойства><ЗначенияСвойства><Ид>pr-volt</Ид><Значение>${i % 2 ? 18 : 220}</Значение></ЗначенияСвойства><ЗначенияСвойства><Ид>pr-brand</Ид><Значение>br-${i % 5}</Значение></ЗначенияСвойства></ЗначенияСвойств><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>${1 + (i % 9)},5</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Товар>\n`;
    if (buf.length > 256 * 1024) {
      yield buf;
      buf = '';
    }
  }
  yield buf + extra + `</Товары></Каталог>\n</КоммерческаяИнформация>\n`;
}

/** offers.xml as chunks: prices in the three price types and stock in two warehouses. `priceOf(i, typeIndex)` in BYN. */
export function* offersXml({ prefix = 'b', products = 100, priceOf = (i, t) => (100 + (i % 1000) + 0.5) * (1 - t * 0.1), qtyOf = (i) => i % 7, types = PRICE_TYPES, extra = '' }) {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T10:00:00">\n<ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat-${prefix}#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-${prefix}</ИдКаталога><ИдКлассификатора>cls-${prefix}</ИдКлассификатора>
<ТипыЦен>${types.map((t) => `<ТипЦены><Ид>${t.ext}</Ид><Наименование>${t.name}</Наименование><Валюта>BYN</Валюта></ТипЦены>`).join('')}</ТипыЦен>
<Склады><Склад><Ид>wh-minsk</Ид><Наименование>Склад Минск</Наименование></Склад><Склад><Ид>wh-gomel</Ид><Наименование>Склад Гомель</Наименование></Склад></Склады>
<Предложения>\n`;
  let buf = '';
  for (let i = 0; i < products; i++) {
    const q = qtyOf(i);
    buf += `<Предложение><Ид>${productExt(prefix, i)}</Ид><Артикул>${prefix.toUpperCase()}-${i}</Артикул><Наименование>Товар ${i}</Наименование><Цены>${types
      .map((t, ti) => `<Цена><ИдТипаЦены>${t.ext}</ИдТипаЦены><ЦенаЗаЕдиницу>${priceOf(i, ti).toFixed(2)}</ЦенаЗаЕдиницу><Валюта>BYN</Валюта></Цена>`)
      .join('')}</Цены><Количество>${q * 2}</Количество><Остатки><Остаток><Склад><Ид>wh-minsk</Ид><Количество>${q}</Количество></Склад></Остаток><Остаток><Склад><Ид>wh-gomel</Ид><Количество>${q}</Количество></Склад></Остаток></Остатки></Предложение>\n`;
    if (buf.length > 256 * 1024) {
      yield buf;
      buf = '';
    }
  }
  yield buf + extra + `</Предложения></ПакетПредложений>\n</КоммерческаяИнформация>\n`;
}

export const joinChunks = (it) => [...it].join('');

/** Writes a zip of [name, chunks iterable | Buffer] entries to `file`, streaming. Resolves when written. */
export function writeZip(file, entries) {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on('error', reject);
    const zip = new Zip((err, data, final) => {
      if (err) return reject(err);
      out.write(data);
      if (final) out.end(resolve);
    });
    const enc = new TextEncoder();
    for (const [name, content] of entries) {
      const entry = new ZipDeflate(name, { level: 1 });
      zip.add(entry);
      if (Buffer.isBuffer(content) || content instanceof Uint8Array) entry.push(content, true);
      else {
        for (const chunk of content) entry.push(enc.encode(chunk));
        entry.push(new Uint8Array(0), true);
      }
    }
    zip.end();
  });
}
