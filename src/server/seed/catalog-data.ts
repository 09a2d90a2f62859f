/**
 * Reference data for the demo catalogue: a realistic three-level tree of a Belarusian tools shop,
 * the properties each kind of product carries, and the brands that make it.
 */
import type { branches } from '../db/schema';

export type PropTemplate = {
  code: string;
  name: string;
  unit?: string;
  kind: 'number' | 'enum';
  values: (string | number)[];
};

/** A kind of product: what it is called, what it costs, which properties and brands it has. */
export type ProductKind = {
  /** Singular name used in product titles: «Дрель ударная». */
  title: string;
  price: [number, number];
  props: PropTemplate[];
  brands: string[];
  /** Kinds of consumables that fit it (section codes). */
  expendables?: string[];
  guarantee?: boolean;
  /** Cordless tools come as a line: body only, and kits with batteries. */
  kits?: boolean;
};

const P = {
  power: (values: number[]): PropTemplate => ({ code: 'power', name: 'Мощность', unit: 'Вт', kind: 'number', values }),
  weight: (values: number[]): PropTemplate => ({ code: 'weight', name: 'Вес', unit: 'кг', kind: 'number', values }),
  voltage: (values: number[]): PropTemplate => ({ code: 'voltage', name: 'Напряжение', unit: 'В', kind: 'number', values }),
  battery: (values: number[]): PropTemplate => ({
    code: 'battery',
    name: 'Ёмкость АКБ',
    unit: 'А·ч',
    kind: 'number',
    values,
  }),
  chuck: (values: string[]): PropTemplate => ({ code: 'chuck', name: 'Патрон', kind: 'enum', values }),
  rpm: (values: number[]): PropTemplate => ({ code: 'rpm', name: 'Обороты холостого хода', unit: 'об/мин', kind: 'number', values }),
  torque: (values: number[]): PropTemplate => ({ code: 'torque', name: 'Крутящий момент', unit: 'Н·м', kind: 'number', values }),
  diameter: (values: number[]): PropTemplate => ({ code: 'diameter', name: 'Диаметр', unit: 'мм', kind: 'number', values }),
  kit: (values: string[]): PropTemplate => ({ code: 'kit', name: 'Комплектация', kind: 'enum', values }),
  material: (values: string[]): PropTemplate => ({ code: 'material', name: 'Материал', kind: 'enum', values }),
  length: (values: number[], unit = 'мм'): PropTemplate => ({ code: 'length', name: 'Длина', unit, kind: 'number', values }),
  pack: (values: number[]): PropTemplate => ({ code: 'pack', name: 'Количество в упаковке', unit: 'шт', kind: 'number', values }),
  fuel: (values: string[]): PropTemplate => ({ code: 'fuel', name: 'Тип питания', kind: 'enum', values }),
};

const POWER_BRANDS = ['bosch', 'makita', 'dewalt', 'metabo', 'hikoki', 'milwaukee', 'aeg', 'ryobi', 'einhell', 'interskol', 'zubr', 'sturm', 'worx', 'kress', 'black-decker', 'dremel'];
const BUDGET_POWER = ['interskol', 'zubr', 'sturm', 'einhell', 'enkor', 'kalibr', 'hammer', 'wester', 'deko'];
const CORDLESS = ['bosch', 'makita', 'dewalt', 'metabo', 'hikoki', 'milwaukee', 'aeg', 'ryobi', 'einhell', 'worx', 'zubr'];
const GARDEN = ['stihl', 'husqvarna', 'makita', 'bosch', 'huter', 'patriot', 'champion', 'einhell', 'ryobi', 'worx'];
const HAND = ['stanley', 'kraftool', 'zubr', 'matrix', 'gross', 'sparta', 'bosch', 'milwaukee', 'dewalt', 'ada'];
const CONSUMABLE = ['bosch', 'makita', 'dewalt', 'metabo', 'zubr', 'kraftool', 'matrix', 'luga', 'hammer', 'milwaukee', 'gross'];
const WELDING = ['fubag', 'resanta', 'sturm', 'elitech', 'svarog', 'hammer', 'patriot'];
const COMPRESSOR = ['fubag', 'elitech', 'patriot', 'metabo', 'einhell', 'abac', 'gross'];
const GENERATOR = ['huter', 'fubag', 'champion', 'elitech', 'patriot', 'resanta', 'hammer'];

const CORDLESS_KITS = ['без АКБ и ЗУ', '1 АКБ + ЗУ', '2 АКБ + ЗУ, кейс'];

export type Leaf = { code: string; name: string; kind: ProductKind; weight?: number };
export type Mid = { code: string; name: string; leaves: Leaf[] };
export type Top = { code: string; name: string; icon: string; description: string; mids: Mid[] };

const drillImpact: ProductKind = {
  title: 'Дрель ударная',
  price: [95, 620],
  props: [P.power([550, 650, 710, 750, 850, 1010, 1100]), P.chuck(['БЗП 13 мм', 'ключевой 13 мм']), P.rpm([2800, 3000, 3100]), P.weight([1.7, 1.9, 2.1, 2.4, 2.8])],
  brands: [...POWER_BRANDS, ...BUDGET_POWER],
  expendables: ['sverla-po-betonu', 'sverla-po-metallu'],
  guarantee: true,
};

export const CATALOG: Top[] = [
  {
    code: 'elektroinstrument',
    name: 'Электроинструмент',
    icon: 'drill',
    description: 'Дрели, шуруповёрты, перфораторы, болгарки и пилы для дома и профессиональной работы.',
    mids: [
      {
        code: 'dreli',
        name: 'Дрели',
        leaves: [
          { code: 'dreli-udarnye', name: 'Дрели ударные', kind: drillImpact, weight: 3 },
          {
            code: 'dreli-bezudarnye',
            name: 'Дрели безударные',
            kind: { ...drillImpact, title: 'Дрель безударная', price: [70, 480], expendables: ['sverla-po-metallu', 'sverla-po-derevu'] },
          },
          {
            code: 'dreli-miksery',
            name: 'Дрели-миксеры',
            kind: {
              title: 'Дрель-миксер',
              price: [160, 900],
              props: [P.power([1200, 1400, 1600, 1800]), P.rpm([580, 650, 780]), P.chuck(['М14', 'М14 + переходник']), P.weight([4.2, 4.8, 5.5])],
              brands: ['makita', 'metabo', 'interskol', 'zubr', 'sturm', 'bosch', 'hammer'],
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'shurupoverty',
        name: 'Шуруповёрты',
        leaves: [
          {
            code: 'shurupoverty-akkumulyatornye',
            name: 'Шуруповёрты аккумуляторные',
            weight: 4,
            kind: {
              title: 'Шуруповёрт аккумуляторный',
              price: [120, 1100],
              props: [P.voltage([12, 18, 20]), P.battery([1.5, 2, 3, 4, 5]), P.torque([30, 45, 60, 80, 135]), P.chuck(['БЗП 10 мм', 'БЗП 13 мм', 'шестигранник 1/4"']), P.kit(CORDLESS_KITS), P.weight([1.1, 1.3, 1.6, 1.9])],
              brands: CORDLESS,
              expendables: ['bity', 'nabory-bit', 'akkumulyatory', 'zaryadnye-ustroystva'],
              guarantee: true,
              kits: true,
            },
          },
          {
            code: 'shurupoverty-setevye',
            name: 'Шуруповёрты сетевые',
            kind: {
              title: 'Шуруповёрт сетевой',
              price: [85, 420],
              props: [P.power([280, 420, 500, 570]), P.torque([25, 35, 45]), P.chuck(['БЗП 10 мм', 'шестигранник 1/4"']), P.weight([1.2, 1.4, 1.6])],
              brands: [...BUDGET_POWER, 'bosch', 'makita', 'metabo'],
              expendables: ['bity', 'nabory-bit'],
              guarantee: true,
            },
          },
          {
            code: 'gaykoverty',
            name: 'Гайковёрты',
            kind: {
              title: 'Гайковёрт аккумуляторный',
              price: [210, 1650],
              props: [P.voltage([18, 20, 36]), P.torque([180, 300, 520, 1000]), P.chuck(['квадрат 1/2"', 'шестигранник 1/4"']), P.kit(CORDLESS_KITS), P.weight([1.5, 1.9, 2.6, 3.3])],
              brands: CORDLESS,
              expendables: ['akkumulyatory', 'zaryadnye-ustroystva'],
              guarantee: true,
              kits: true,
            },
          },
        ],
      },
      {
        code: 'perforatory',
        name: 'Перфораторы',
        leaves: [
          {
            code: 'perforatory-sds-plus',
            name: 'Перфораторы SDS-plus',
            weight: 3,
            kind: {
              title: 'Перфоратор',
              price: [150, 1300],
              props: [P.power([650, 800, 850, 1000, 1200]), { code: 'energy', name: 'Энергия удара', unit: 'Дж', kind: 'number', values: [2, 2.4, 2.7, 3.2, 4] }, P.chuck(['SDS-plus']), P.weight([2.3, 2.6, 2.9, 3.5])],
              brands: [...POWER_BRANDS, ...BUDGET_POWER],
              expendables: ['sverla-po-betonu'],
              guarantee: true,
            },
          },
          {
            code: 'perforatory-sds-max',
            name: 'Перфораторы SDS-max',
            kind: {
              title: 'Перфоратор SDS-max',
              price: [650, 3200],
              props: [P.power([1100, 1300, 1500, 1700]), { code: 'energy', name: 'Энергия удара', unit: 'Дж', kind: 'number', values: [6, 8, 10.5, 13, 19] }, P.chuck(['SDS-max']), P.weight([5.8, 6.9, 8.4, 11.2])],
              brands: ['bosch', 'makita', 'dewalt', 'metabo', 'hikoki', 'milwaukee', 'interskol', 'zubr'],
              expendables: ['sverla-po-betonu'],
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'shlifovalnye-mashiny',
        name: 'Шлифовальные машины',
        leaves: [
          {
            code: 'ushm-bolgarki',
            name: 'УШМ (болгарки)',
            weight: 4,
            kind: {
              title: 'Угловая шлифмашина (болгарка)',
              price: [75, 950],
              props: [P.power([720, 850, 900, 1100, 1400, 2000, 2400]), P.diameter([115, 125, 150, 180, 230]), P.rpm([6600, 8500, 11000, 12000]), P.weight([1.8, 2.1, 2.5, 4.8, 5.6])],
              brands: [...POWER_BRANDS, ...BUDGET_POWER],
              expendables: ['krugi-otreznye', 'krugi-zachistnye', 'almaznye-diski'],
              guarantee: true,
            },
          },
          {
            code: 'ekscentrikovye-shlifmashiny',
            name: 'Эксцентриковые шлифмашины',
            kind: {
              title: 'Эксцентриковая шлифмашина',
              price: [110, 780],
              props: [P.power([250, 300, 350, 400]), P.diameter([125, 150]), P.weight([1.2, 1.4, 1.9])],
              brands: POWER_BRANDS,
              guarantee: true,
            },
          },
          {
            code: 'lentochnye-shlifmashiny',
            name: 'Ленточные шлифмашины',
            kind: {
              title: 'Ленточная шлифмашина',
              price: [160, 890],
              props: [P.power([750, 900, 1010, 1200]), { code: 'belt', name: 'Размер ленты', unit: 'мм', kind: 'enum', values: ['75×457', '76×533', '100×610'] }, P.weight([2.8, 3.4, 4.4])],
              brands: POWER_BRANDS,
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'pily',
        name: 'Пилы',
        leaves: [
          {
            code: 'pily-cirkulyarnye',
            name: 'Пилы циркулярные',
            kind: {
              title: 'Пила циркулярная',
              price: [140, 1200],
              props: [P.power([1200, 1400, 1600, 1800, 2000]), P.diameter([165, 185, 190, 210, 235]), { code: 'depth', name: 'Глубина пропила', unit: 'мм', kind: 'number', values: [55, 65, 70, 85] }, P.weight([3.6, 4.2, 5.1, 6.8])],
              brands: [...POWER_BRANDS, ...BUDGET_POWER],
              expendables: ['diski-pilnye'],
              guarantee: true,
            },
          },
          {
            code: 'pily-torcovochnye',
            name: 'Пилы торцовочные',
            kind: {
              title: 'Пила торцовочная',
              price: [290, 2300],
              props: [P.power([1400, 1600, 1800, 2000]), P.diameter([210, 216, 254, 305]), P.weight([9.8, 12.5, 17.9, 24.5])],
              brands: ['bosch', 'makita', 'dewalt', 'metabo', 'hikoki', 'einhell', 'zubr', 'interskol'],
              expendables: ['diski-pilnye'],
              guarantee: true,
            },
          },
          {
            code: 'pily-sabelnye',
            name: 'Пилы сабельные',
            kind: {
              title: 'Пила сабельная',
              price: [150, 1100],
              props: [P.power([710, 900, 1010, 1200, 1500]), { code: 'stroke', name: 'Ход пильного полотна', unit: 'мм', kind: 'number', values: [20, 28, 32] }, P.weight([2.9, 3.3, 4.1])],
              brands: POWER_BRANDS,
              guarantee: true,
            },
          },
          {
            code: 'lobziki',
            name: 'Лобзики',
            kind: {
              title: 'Лобзик электрический',
              price: [65, 720],
              props: [P.power([450, 570, 650, 720, 800]), { code: 'depth', name: 'Глубина пропила (дерево)', unit: 'мм', kind: 'number', values: [65, 80, 100, 120, 135] }, P.weight([1.6, 1.9, 2.3, 2.7])],
              brands: [...POWER_BRANDS, ...BUDGET_POWER],
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'rubanki-i-frezery',
        name: 'Рубанки и фрезеры',
        leaves: [
          {
            code: 'rubanki',
            name: 'Рубанки',
            kind: {
              title: 'Рубанок электрический',
              price: [110, 780],
              props: [P.power([650, 750, 850, 1100]), { code: 'width', name: 'Ширина строгания', unit: 'мм', kind: 'number', values: [82, 102, 110] }, P.weight([2.6, 3.1, 3.7])],
              brands: [...POWER_BRANDS, ...BUDGET_POWER],
              guarantee: true,
            },
          },
          {
            code: 'frezery',
            name: 'Фрезеры',
            kind: {
              title: 'Фрезер',
              price: [140, 1400],
              props: [P.power([710, 1200, 1400, 1600, 2100]), P.chuck(['цанга 6 мм', 'цанга 8 мм', 'цанга 12 мм']), P.weight([1.8, 3.2, 4.5, 6.1])],
              brands: POWER_BRANDS,
              guarantee: true,
            },
          },
        ],
      },
    ],
  },
  {
    code: 'sadovaya-tekhnika',
    name: 'Садовая техника',
    icon: 'garden',
    description: 'Газонокосилки, триммеры и цепные пилы для дачи и участка.',
    mids: [
      {
        code: 'gazonokosilki',
        name: 'Газонокосилки',
        leaves: [
          {
            code: 'gazonokosilki-elektricheskie',
            name: 'Газонокосилки электрические',
            kind: {
              title: 'Газонокосилка электрическая',
              price: [180, 980],
              props: [P.power([1000, 1200, 1400, 1800]), { code: 'width', name: 'Ширина скашивания', unit: 'см', kind: 'number', values: [32, 34, 37, 42] }, { code: 'grass', name: 'Объём травосборника', unit: 'л', kind: 'number', values: [30, 40, 45, 50] }, P.weight([9.5, 11.8, 14.2])],
              brands: GARDEN,
              guarantee: true,
            },
          },
          {
            code: 'gazonokosilki-benzinovye',
            name: 'Газонокосилки бензиновые',
            kind: {
              title: 'Газонокосилка бензиновая',
              price: [420, 2900],
              props: [{ code: 'engine', name: 'Мощность двигателя', unit: 'л.с.', kind: 'number', values: [2.5, 3.5, 4.5, 6] }, { code: 'width', name: 'Ширина скашивания', unit: 'см', kind: 'number', values: [41, 46, 51, 53] }, P.fuel(['бензин']), P.weight([24, 28, 34, 41])],
              brands: GARDEN,
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'trimmery',
        name: 'Триммеры',
        leaves: [
          {
            code: 'trimmery-elektricheskie',
            name: 'Триммеры электрические',
            kind: {
              title: 'Триммер электрический',
              price: [70, 520],
              props: [P.power([350, 500, 1000, 1200]), { code: 'width', name: 'Ширина скашивания', unit: 'см', kind: 'number', values: [25, 30, 35, 42] }, P.weight([2.2, 3.4, 4.9])],
              brands: GARDEN,
              guarantee: true,
            },
          },
          {
            code: 'trimmery-benzinovye',
            name: 'Триммеры бензиновые (мотокосы)',
            kind: {
              title: 'Триммер бензиновый',
              price: [190, 1500],
              props: [{ code: 'engine', name: 'Мощность двигателя', unit: 'л.с.', kind: 'number', values: [1.2, 1.9, 2.5, 3] }, { code: 'width', name: 'Ширина скашивания', unit: 'см', kind: 'number', values: [25, 42, 46] }, P.fuel(['бензин']), P.weight([5.8, 7.2, 8.5])],
              brands: GARDEN,
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'cepnye-pily',
        name: 'Пилы цепные',
        leaves: [
          {
            code: 'elektropily',
            name: 'Электропилы цепные',
            kind: {
              title: 'Электропила цепная',
              price: [120, 720],
              props: [P.power([1800, 2000, 2200, 2400]), P.length([35, 40, 45], 'см'), P.weight([4.2, 4.8, 5.6])],
              brands: GARDEN,
              guarantee: true,
            },
          },
          {
            code: 'benzopily',
            name: 'Бензопилы',
            kind: {
              title: 'Бензопила',
              price: [250, 2400],
              props: [{ code: 'engine', name: 'Мощность двигателя', unit: 'л.с.', kind: 'number', values: [2.1, 2.7, 3.2, 4.2] }, P.length([35, 40, 45, 50], 'см'), P.fuel(['бензин']), P.weight([4.6, 5.2, 6.1])],
              brands: GARDEN,
              guarantee: true,
            },
          },
        ],
      },
    ],
  },
  {
    code: 'ruchnoy-instrument',
    name: 'Ручной инструмент',
    icon: 'hammer',
    description: 'Молотки, отвёртки, ключи, измерительный инструмент.',
    mids: [
      {
        code: 'molotki-i-kuvaldy',
        name: 'Молотки и кувалды',
        leaves: [
          {
            code: 'molotki-slesarnye',
            name: 'Молотки слесарные',
            kind: { title: 'Молоток слесарный', price: [9, 75], props: [P.weight([0.3, 0.5, 0.8, 1]), P.material(['фибергласс', 'дерево', 'сталь'])], brands: HAND },
          },
          {
            code: 'kuvaldy',
            name: 'Кувалды',
            kind: { title: 'Кувалда', price: [28, 140], props: [P.weight([2, 3, 4, 5, 8]), P.material(['фибергласс', 'дерево'])], brands: HAND },
          },
        ],
      },
      {
        code: 'otvertki',
        name: 'Отвёртки',
        leaves: [
          {
            code: 'otvertki-shlicevye',
            name: 'Отвёртки',
            kind: { title: 'Отвёртка', price: [3.5, 38], props: [{ code: 'tip', name: 'Шлиц', kind: 'enum', values: ['PH1', 'PH2', 'SL5', 'SL6', 'PZ2', 'T20'] }, P.length([75, 100, 125, 150])], brands: HAND },
          },
          {
            code: 'nabory-otvertok',
            name: 'Наборы отвёрток',
            kind: { title: 'Набор отвёрток', price: [18, 160], props: [P.pack([6, 8, 12, 32, 42]), P.material(['CrV', 'S2'])], brands: HAND },
          },
        ],
      },
      {
        code: 'klyuchi',
        name: 'Ключи',
        leaves: [
          {
            code: 'klyuchi-rozhkovye',
            name: 'Ключи рожковые',
            kind: { title: 'Ключ рожковый', price: [4, 40], props: [{ code: 'size', name: 'Размер', unit: 'мм', kind: 'enum', values: ['8×10', '10×12', '13×17', '17×19', '22×24'] }, P.material(['CrV'])], brands: HAND },
          },
          {
            code: 'klyuchi-kombinirovannye',
            name: 'Ключи комбинированные',
            kind: { title: 'Ключ комбинированный', price: [4, 55], props: [{ code: 'size', name: 'Размер', unit: 'мм', kind: 'number', values: [8, 10, 13, 17, 19, 22] }, P.material(['CrV', 'CrMo'])], brands: HAND },
          },
          {
            code: 'nabory-golovok',
            name: 'Наборы головок',
            kind: { title: 'Набор головок', price: [35, 680], props: [P.pack([25, 46, 82, 94, 108, 216]), { code: 'drive', name: 'Присоединительный квадрат', kind: 'enum', values: ['1/4"', '1/2"', '1/4" + 1/2"'] }], brands: HAND },
          },
        ],
      },
      {
        code: 'izmeritelnyy-instrument',
        name: 'Измерительный инструмент',
        leaves: [
          {
            code: 'ruletki',
            name: 'Рулетки',
            kind: { title: 'Рулетка', price: [5, 60], props: [P.length([3, 5, 7.5, 8, 10], 'м'), { code: 'blade', name: 'Ширина ленты', unit: 'мм', kind: 'number', values: [16, 19, 25] }], brands: HAND },
          },
          {
            code: 'urovni',
            name: 'Уровни',
            kind: { title: 'Уровень строительный', price: [12, 190], props: [P.length([400, 600, 800, 1000, 1200, 2000]), { code: 'vials', name: 'Количество глазков', unit: 'шт', kind: 'number', values: [2, 3] }], brands: HAND },
          },
          {
            code: 'lazernye-niveliry',
            name: 'Лазерные нивелиры',
            kind: {
              title: 'Лазерный нивелир',
              price: [90, 1300],
              props: [{ code: 'range', name: 'Дальность', unit: 'м', kind: 'number', values: [10, 15, 20, 30, 50] }, { code: 'beam', name: 'Цвет луча', kind: 'enum', values: ['красный', 'зелёный'] }, { code: 'accuracy', name: 'Точность', unit: 'мм/м', kind: 'number', values: [0.2, 0.3, 0.5] }],
              brands: ['bosch', 'ada', 'dewalt', 'makita', 'zubr', 'matrix', 'stanley'],
              guarantee: true,
            },
          },
        ],
      },
    ],
  },
  {
    code: 'raskhodnye-materialy',
    name: 'Расходные материалы',
    icon: 'disc',
    description: 'Круги, диски, свёрла, биты, аккумуляторы и зарядные устройства.',
    mids: [
      {
        code: 'krugi-i-diski',
        name: 'Круги и диски',
        leaves: [
          {
            code: 'krugi-otreznye',
            name: 'Круги отрезные',
            weight: 4,
            kind: {
              title: 'Круг отрезной',
              price: [0.9, 12],
              props: [P.diameter([115, 125, 150, 180, 230]), { code: 'thickness', name: 'Толщина', unit: 'мм', kind: 'number', values: [1, 1.2, 1.6, 2, 2.5] }, { code: 'bore', name: 'Посадочный диаметр', unit: 'мм', kind: 'number', values: [22.23] }, P.material(['металл', 'нержавеющая сталь', 'камень'])],
              brands: [...CONSUMABLE, 'luga'],
            },
          },
          {
            code: 'krugi-zachistnye',
            name: 'Круги зачистные',
            kind: {
              title: 'Круг зачистной',
              price: [2.5, 18],
              props: [P.diameter([115, 125, 150, 180, 230]), { code: 'thickness', name: 'Толщина', unit: 'мм', kind: 'number', values: [6] }, { code: 'bore', name: 'Посадочный диаметр', unit: 'мм', kind: 'number', values: [22.23] }, P.material(['металл', 'камень'])],
              brands: CONSUMABLE,
            },
          },
          {
            code: 'diski-pilnye',
            name: 'Диски пильные',
            kind: {
              title: 'Диск пильный',
              price: [14, 160],
              props: [P.diameter([165, 185, 190, 210, 254, 305]), { code: 'teeth', name: 'Количество зубьев', unit: 'шт', kind: 'number', values: [24, 36, 48, 60, 80] }, { code: 'bore', name: 'Посадочный диаметр', unit: 'мм', kind: 'number', values: [20, 30] }, P.material(['дерево', 'ламинат', 'алюминий'])],
              brands: CONSUMABLE,
            },
          },
          {
            code: 'almaznye-diski',
            name: 'Алмазные диски',
            kind: {
              title: 'Диск алмазный',
              price: [12, 210],
              props: [P.diameter([115, 125, 180, 230, 350]), { code: 'bore', name: 'Посадочный диаметр', unit: 'мм', kind: 'number', values: [22.23, 25.4] }, P.material(['бетон', 'керамогранит', 'кирпич', 'универсальный']), { code: 'type', name: 'Тип кромки', kind: 'enum', values: ['сегментный', 'сплошной', 'турбо'] }],
              brands: CONSUMABLE,
            },
          },
        ],
      },
      {
        code: 'sverla',
        name: 'Свёрла',
        leaves: [
          {
            code: 'sverla-po-metallu',
            name: 'Свёрла по металлу',
            weight: 3,
            kind: { title: 'Сверло по металлу', price: [0.8, 48], props: [P.diameter([2, 3, 4, 5, 6, 8, 10, 12]), P.material(['HSS', 'HSS-Co', 'HSS-TiN']), P.pack([1, 2, 10, 19])], brands: CONSUMABLE },
          },
          {
            code: 'sverla-po-betonu',
            name: 'Свёрла по бетону',
            weight: 3,
            kind: { title: 'Бур SDS-plus', price: [2.5, 65], props: [P.diameter([5, 6, 8, 10, 12, 14, 16, 20]), P.length([110, 160, 210, 260, 310, 460]), P.chuck(['SDS-plus', 'SDS-max'])], brands: CONSUMABLE },
          },
          {
            code: 'sverla-po-derevu',
            name: 'Свёрла по дереву',
            kind: { title: 'Сверло по дереву', price: [1.5, 45], props: [P.diameter([4, 6, 8, 10, 12, 16, 20, 25]), { code: 'type', name: 'Тип', kind: 'enum', values: ['спиральное', 'перовое', 'Форстнера'] }], brands: CONSUMABLE },
          },
        ],
      },
      {
        code: 'bity-i-nasadki',
        name: 'Биты и насадки',
        leaves: [
          {
            code: 'bity',
            name: 'Биты',
            kind: { title: 'Бита', price: [0.6, 9], props: [{ code: 'tip', name: 'Шлиц', kind: 'enum', values: ['PH1', 'PH2', 'PH3', 'PZ2', 'T20', 'T25', 'T30'] }, P.length([25, 50, 65, 90]), P.pack([1, 2, 10])], brands: CONSUMABLE },
          },
          {
            code: 'nabory-bit',
            name: 'Наборы бит',
            kind: { title: 'Набор бит', price: [8, 130], props: [P.pack([10, 25, 32, 43, 100]), P.material(['S2', 'CrV'])], brands: CONSUMABLE },
          },
        ],
      },
      {
        code: 'akkumulyatory-i-zaryadnye',
        name: 'Аккумуляторы и зарядные',
        leaves: [
          {
            code: 'akkumulyatory',
            name: 'Аккумуляторы для инструмента',
            kind: { title: 'Аккумулятор', price: [60, 520], props: [P.voltage([12, 18, 20, 36]), P.battery([1.5, 2, 3, 4, 5, 6, 8]), { code: 'chem', name: 'Тип', kind: 'enum', values: ['Li-Ion'] }], brands: CORDLESS, guarantee: true },
          },
          {
            code: 'zaryadnye-ustroystva',
            name: 'Зарядные устройства',
            kind: { title: 'Зарядное устройство', price: [45, 260], props: [P.voltage([12, 18, 20, 36]), { code: 'current', name: 'Ток зарядки', unit: 'А', kind: 'number', values: [2, 3, 4, 6, 8] }], brands: CORDLESS, guarantee: true },
          },
        ],
      },
    ],
  },
  {
    code: 'svarochnoe-oborudovanie',
    name: 'Сварочное оборудование',
    icon: 'welding',
    description: 'Инверторы, полуавтоматы, аргонодуговые аппараты и защита сварщика.',
    mids: [
      {
        code: 'svarochnye-apparaty',
        name: 'Сварочные аппараты',
        leaves: [
          {
            code: 'invertory-mma',
            name: 'Сварочные инверторы MMA',
            kind: {
              title: 'Сварочный инвертор',
              price: [130, 1400],
              props: [{ code: 'current', name: 'Сварочный ток', unit: 'А', kind: 'number', values: [160, 180, 200, 220, 250, 315] }, { code: 'electrode', name: 'Диаметр электрода', unit: 'мм', kind: 'enum', values: ['1,6–4', '1,6–5', '2–6'] }, P.voltage([220, 380]), P.weight([3.2, 4.5, 6.8, 12])],
              brands: WELDING,
              guarantee: true,
            },
          },
          {
            code: 'poluavtomaty-mig',
            name: 'Полуавтоматы MIG/MAG',
            kind: {
              title: 'Сварочный полуавтомат',
              price: [420, 3800],
              props: [{ code: 'current', name: 'Сварочный ток', unit: 'А', kind: 'number', values: [160, 180, 200, 250, 350] }, { code: 'wire', name: 'Диаметр проволоки', unit: 'мм', kind: 'enum', values: ['0,6–0,8', '0,6–1,0', '0,8–1,2'] }, P.voltage([220, 380]), P.weight([9, 13, 21, 38])],
              brands: WELDING,
              guarantee: true,
            },
          },
          {
            code: 'argonodugovye-tig',
            name: 'Аргонодуговые TIG',
            kind: {
              title: 'Аппарат аргонодуговой сварки',
              price: [520, 4200],
              props: [{ code: 'current', name: 'Сварочный ток', unit: 'А', kind: 'number', values: [160, 200, 250, 315] }, { code: 'acdc', name: 'Род тока', kind: 'enum', values: ['DC', 'AC/DC'] }, P.weight([7, 11, 18])],
              brands: WELDING,
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'zashchita-svarshchika',
        name: 'Защита сварщика',
        leaves: [
          {
            code: 'maski-svarshchika',
            name: 'Маски сварщика',
            kind: { title: 'Маска сварщика «Хамелеон»', price: [35, 450], props: [{ code: 'shade', name: 'Степень затемнения', kind: 'enum', values: ['DIN 9–13', 'DIN 4/9–13', 'DIN 5–13'] }, { code: 'view', name: 'Размер окна', unit: 'мм', kind: 'enum', values: ['90×35', '92×42', '100×60', '100×80'] }], brands: WELDING },
          },
          {
            code: 'kragi',
            name: 'Краги и перчатки сварщика',
            kind: { title: 'Краги сварщика', price: [6, 45], props: [{ code: 'size', name: 'Размер', kind: 'enum', values: ['10', '10,5', '11'] }, P.material(['спилок', 'кожа'])], brands: WELDING },
          },
        ],
      },
    ],
  },
  {
    code: 'kompressory-i-pnevmoinstrument',
    name: 'Компрессоры и пневмоинструмент',
    icon: 'compressor',
    description: 'Поршневые и безмасляные компрессоры, пневмогайковёрты, краскопульты.',
    mids: [
      {
        code: 'kompressory',
        name: 'Компрессоры',
        leaves: [
          {
            code: 'kompressory-porshnevye',
            name: 'Компрессоры поршневые масляные',
            kind: {
              title: 'Компрессор поршневой',
              price: [290, 3600],
              props: [{ code: 'capacity', name: 'Производительность', unit: 'л/мин', kind: 'number', values: [200, 260, 360, 420, 550] }, { code: 'receiver', name: 'Объём ресивера', unit: 'л', kind: 'number', values: [24, 50, 100, 200] }, { code: 'pressure', name: 'Давление', unit: 'бар', kind: 'number', values: [8, 10] }, P.power([1500, 2200, 3000])],
              brands: COMPRESSOR,
              guarantee: true,
            },
          },
          {
            code: 'kompressory-bezmaslyanye',
            name: 'Компрессоры безмасляные',
            kind: {
              title: 'Компрессор безмасляный',
              price: [230, 1500],
              props: [{ code: 'capacity', name: 'Производительность', unit: 'л/мин', kind: 'number', values: [120, 180, 220, 310] }, { code: 'receiver', name: 'Объём ресивера', unit: 'л', kind: 'number', values: [6, 24, 50] }, { code: 'pressure', name: 'Давление', unit: 'бар', kind: 'number', values: [8] }, P.power([1100, 1500, 1800])],
              brands: COMPRESSOR,
              guarantee: true,
            },
          },
        ],
      },
      {
        code: 'pnevmoinstrument',
        name: 'Пневмоинструмент',
        leaves: [
          {
            code: 'pnevmogaykoverty',
            name: 'Пневмогайковёрты',
            kind: { title: 'Пневмогайковёрт', price: [95, 780], props: [P.torque([680, 814, 1000, 1700]), { code: 'drive', name: 'Присоединительный квадрат', kind: 'enum', values: ['1/2"', '3/4"'] }, P.weight([1.8, 2.4, 3.6])], brands: COMPRESSOR, guarantee: true },
          },
          {
            code: 'kraskopulty',
            name: 'Краскопульты',
            kind: { title: 'Краскопульт пневматический', price: [45, 520], props: [{ code: 'nozzle', name: 'Диаметр сопла', unit: 'мм', kind: 'number', values: [1.3, 1.4, 1.7, 2] }, { code: 'tank', name: 'Объём бачка', unit: 'л', kind: 'number', values: [0.6, 1] }, { code: 'system', name: 'Система', kind: 'enum', values: ['HVLP', 'LVLP', 'HP'] }], brands: COMPRESSOR, guarantee: true },
          },
        ],
      },
    ],
  },
  {
    code: 'stroitelnoe-oborudovanie',
    name: 'Строительное оборудование',
    icon: 'generator',
    description: 'Бетономешалки, генераторы, тепловые пушки.',
    mids: [
      {
        code: 'betonomeshalki',
        name: 'Бетономешалки',
        leaves: [
          {
            code: 'betonomeshalki-elektricheskie',
            name: 'Бетономешалки электрические',
            kind: { title: 'Бетономешалка', price: [480, 2200], props: [{ code: 'volume', name: 'Объём барабана', unit: 'л', kind: 'number', values: [125, 140, 160, 180, 220] }, P.power([550, 700, 850, 1000]), P.weight([46, 58, 72])], brands: ['zubr', 'patriot', 'elitech', 'hammer', 'sturm', 'champion'], guarantee: true },
          },
        ],
      },
      {
        code: 'generatory',
        name: 'Генераторы',
        leaves: [
          {
            code: 'generatory-benzinovye',
            name: 'Генераторы бензиновые',
            kind: { title: 'Генератор бензиновый', price: [420, 4800], props: [{ code: 'kw', name: 'Номинальная мощность', unit: 'кВт', kind: 'number', values: [2, 2.8, 3.5, 5, 6.5, 8] }, { code: 'tank', name: 'Объём бака', unit: 'л', kind: 'number', values: [12, 15, 25] }, P.fuel(['бензин']), { code: 'start', name: 'Запуск', kind: 'enum', values: ['ручной', 'электростартер'] }], brands: GENERATOR, guarantee: true },
          },
          {
            code: 'generatory-invertornye',
            name: 'Генераторы инверторные',
            kind: { title: 'Генератор инверторный', price: [680, 4200], props: [{ code: 'kw', name: 'Номинальная мощность', unit: 'кВт', kind: 'number', values: [1, 1.8, 2.8, 3.5] }, { code: 'tank', name: 'Объём бака', unit: 'л', kind: 'number', values: [2.5, 4, 9] }, P.fuel(['бензин'])], brands: GENERATOR, guarantee: true },
          },
        ],
      },
      {
        code: 'teplovye-pushki',
        name: 'Тепловые пушки',
        leaves: [
          {
            code: 'teplovye-pushki-elektricheskie',
            name: 'Тепловые пушки электрические',
            kind: { title: 'Тепловая пушка электрическая', price: [75, 900], props: [{ code: 'kw', name: 'Тепловая мощность', unit: 'кВт', kind: 'number', values: [2, 3, 5, 9, 15] }, P.voltage([220, 380]), P.fuel(['электричество'])], brands: ['resanta', 'elitech', 'patriot', 'hammer', 'fubag', 'sturm'], guarantee: true },
          },
          {
            code: 'teplovye-pushki-dizelnye',
            name: 'Тепловые пушки дизельные',
            kind: { title: 'Тепловая пушка дизельная', price: [520, 3100], props: [{ code: 'kw', name: 'Тепловая мощность', unit: 'кВт', kind: 'number', values: [10, 20, 30, 50] }, P.fuel(['дизель']), { code: 'tank', name: 'Объём бака', unit: 'л', kind: 'number', values: [19, 38, 56] }], brands: ['resanta', 'elitech', 'patriot', 'fubag', 'master'], guarantee: true },
          },
        ],
      },
    ],
  },
  {
    code: 'specodezhda-i-siz',
    name: 'Спецодежда и СИЗ',
    icon: 'gloves',
    description: 'Рабочие перчатки, защитные очки и щитки.',
    mids: [
      {
        code: 'perchatki',
        name: 'Перчатки',
        leaves: [
          {
            code: 'perchatki-rabochie',
            name: 'Перчатки рабочие',
            kind: { title: 'Перчатки рабочие', price: [0.8, 18], props: [{ code: 'size', name: 'Размер', kind: 'enum', values: ['8 (M)', '9 (L)', '10 (XL)'] }, P.material(['х/б с ПВХ', 'нитрил', 'латекс', 'спилок']), P.pack([1, 10, 12])], brands: ['zubr', 'matrix', 'gross', 'sparta', 'kraftool'] },
          },
        ],
      },
      {
        code: 'ochki-i-shchitki',
        name: 'Очки и щитки',
        leaves: [
          {
            code: 'ochki-zashchitnye',
            name: 'Очки защитные',
            kind: { title: 'Очки защитные', price: [2.5, 35], props: [{ code: 'lens', name: 'Линза', kind: 'enum', values: ['прозрачная', 'жёлтая', 'затемнённая'] }, { code: 'type', name: 'Тип', kind: 'enum', values: ['открытые', 'закрытые'] }], brands: ['zubr', 'matrix', 'stanley', 'kraftool', 'bosch'] },
          },
        ],
      },
    ],
  },
];

export type BrandSeed = { code: string; name: string; nameCyr: string; country: string; color: string; prefix: string };

export const BRANDS: BrandSeed[] = [
  { code: 'bosch', name: 'Bosch', nameCyr: 'Бош', country: 'Германия', color: '#0b5ea8', prefix: '0601' },
  { code: 'makita', name: 'Makita', nameCyr: 'Макита', country: 'Япония', color: '#008a9a', prefix: 'HP' },
  { code: 'dewalt', name: 'DeWalt', nameCyr: 'Деволт', country: 'США', color: '#c89500', prefix: 'DCD' },
  { code: 'metabo', name: 'Metabo', nameCyr: 'Метабо', country: 'Германия', color: '#1b7a3e', prefix: '6002' },
  { code: 'hikoki', name: 'HiKOKI', nameCyr: 'Хикоки', country: 'Япония', color: '#0a7a5a', prefix: 'DS' },
  { code: 'milwaukee', name: 'Milwaukee', nameCyr: 'Милуоки', country: 'США', color: '#b3001b', prefix: 'M18' },
  { code: 'aeg', name: 'AEG', nameCyr: 'АЕГ', country: 'Германия', color: '#a0001e', prefix: 'BS' },
  { code: 'ryobi', name: 'Ryobi', nameCyr: 'Риоби', country: 'Япония', color: '#6b8e00', prefix: 'R18' },
  { code: 'einhell', name: 'Einhell', nameCyr: 'Айнхель', country: 'Германия', color: '#b30000', prefix: 'TE' },
  { code: 'interskol', name: 'Интерскол', nameCyr: 'Интерскол', country: 'Россия', color: '#003f87', prefix: 'ДУ' },
  { code: 'zubr', name: 'Зубр', nameCyr: 'Зубр', country: 'Россия', color: '#8a5a00', prefix: 'ЗД' },
  { code: 'sturm', name: 'Sturm!', nameCyr: 'Штурм', country: 'Германия', color: '#2b2b2b', prefix: 'ID' },
  { code: 'worx', name: 'Worx', nameCyr: 'Воркс', country: 'Китай', color: '#b35400', prefix: 'WX' },
  { code: 'kress', name: 'Kress', nameCyr: 'Кресс', country: 'Германия', color: '#004c3f', prefix: 'KU' },
  { code: 'black-decker', name: 'Black+Decker', nameCyr: 'Блэк энд Деккер', country: 'США', color: '#333333', prefix: 'BDC' },
  { code: 'dremel', name: 'Dremel', nameCyr: 'Дремель', country: 'США', color: '#00467f', prefix: 'F013' },
  { code: 'enkor', name: 'Энкор', nameCyr: 'Энкор', country: 'Россия', color: '#005b96', prefix: 'ДЭ' },
  { code: 'kalibr', name: 'Калибр', nameCyr: 'Калибр', country: 'Россия', color: '#00599c', prefix: 'ЭД' },
  { code: 'hammer', name: 'Hammer', nameCyr: 'Хаммер', country: 'Германия', color: '#8b0000', prefix: 'UDD' },
  { code: 'wester', name: 'Wester', nameCyr: 'Вестер', country: 'Россия', color: '#5c2d91', prefix: 'DB' },
  { code: 'deko', name: 'Deko', nameCyr: 'Деко', country: 'Китай', color: '#555555', prefix: 'DKD' },
  { code: 'stihl', name: 'Stihl', nameCyr: 'Штиль', country: 'Германия', color: '#c85000', prefix: 'MS' },
  { code: 'husqvarna', name: 'Husqvarna', nameCyr: 'Хускварна', country: 'Швеция', color: '#273a60', prefix: 'HQ' },
  { code: 'huter', name: 'Huter', nameCyr: 'Хутер', country: 'Германия', color: '#2a6e2a', prefix: 'GGT' },
  { code: 'patriot', name: 'Patriot', nameCyr: 'Патриот', country: 'США', color: '#a31d1d', prefix: 'PT' },
  { code: 'champion', name: 'Champion', nameCyr: 'Чемпион', country: 'США', color: '#1d3f91', prefix: 'LM' },
  { code: 'stanley', name: 'Stanley', nameCyr: 'Стэнли', country: 'США', color: '#8a6d00', prefix: 'STHT' },
  { code: 'kraftool', name: 'Kraftool', nameCyr: 'Крафтул', country: 'Германия', color: '#00205b', prefix: 'KT' },
  { code: 'matrix', name: 'Matrix', nameCyr: 'Матрикс', country: 'Германия', color: '#1a1a1a', prefix: 'MX' },
  { code: 'gross', name: 'Gross', nameCyr: 'Гросс', country: 'Германия', color: '#004b8d', prefix: 'GR' },
  { code: 'sparta', name: 'Sparta', nameCyr: 'Спарта', country: 'Россия', color: '#6d1a1a', prefix: 'SP' },
  { code: 'ada', name: 'ADA', nameCyr: 'АДА', country: 'Германия', color: '#c60000', prefix: 'A00' },
  { code: 'luga', name: 'Луга', nameCyr: 'Луга', country: 'Россия', color: '#0055a5', prefix: 'ЛА' },
  { code: 'fubag', name: 'Fubag', nameCyr: 'Фубаг', country: 'Германия', color: '#b30000', prefix: 'IR' },
  { code: 'resanta', name: 'Ресанта', nameCyr: 'Ресанта', country: 'Латвия', color: '#005aa3', prefix: 'САИ' },
  { code: 'elitech', name: 'Elitech', nameCyr: 'Элитех', country: 'Россия', color: '#d3002d', prefix: 'ИС' },
  { code: 'svarog', name: 'Сварог', nameCyr: 'Сварог', country: 'Китай', color: '#e05a00', prefix: 'ARC' },
  { code: 'abac', name: 'ABAC', nameCyr: 'Абак', country: 'Италия', color: '#004f9f', prefix: 'AB' },
  { code: 'master', name: 'Master', nameCyr: 'Мастер', country: 'Италия', color: '#cc0000', prefix: 'B' },
];

/** A branch as the demo seeds it: the columns of `branches` that have no default. */
export type BranchSeed = Pick<typeof branches.$inferInsert, 'code' | 'city' | 'name' | 'nameGenitive' | 'address' | 'phones' | 'hours' | 'lat' | 'lng'> & { phones: string[] };

export const BRANCHES: BranchSeed[] = [
  { code: 'minsk', city: 'Минск', name: 'Филиал в Минске', nameGenitive: 'Минского филиала', address: 'г. Минск, ул. Тимирязева, 65Б', phones: ['+375 17 388-10-10', '+375 29 388-10-10'], hours: 'Пн–Пт 8:30–19:00, Сб 9:00–16:00', lat: 53.9237, lng: 27.5133 },
  { code: 'gomel', city: 'Гомель', name: 'Филиал в Гомеле', nameGenitive: 'Гомельского филиала', address: 'г. Гомель, ул. Барыкина, 321', phones: ['+375 232 50-20-20', '+375 29 650-20-20'], hours: 'Пн–Пт 8:30–18:00, Сб 9:00–15:00', lat: 52.4048, lng: 31.0188 },
  { code: 'brest', city: 'Брест', name: 'Филиал в Бресте', nameGenitive: 'Брестского филиала', address: 'г. Брест, ул. Катин Бор, 104', phones: ['+375 162 55-30-30'], hours: 'Пн–Пт 8:30–18:00, Сб 9:00–14:00', lat: 52.1009, lng: 23.6837 },
  { code: 'grodno', city: 'Гродно', name: 'Филиал в Гродно', nameGenitive: 'Гродненского филиала', address: 'г. Гродно, ул. Суворова, 135', phones: ['+375 152 68-40-40'], hours: 'Пн–Пт 8:30–18:00, Сб 9:00–14:00', lat: 53.6552, lng: 23.8733 },
  { code: 'vitebsk', city: 'Витебск', name: 'Филиал в Витебске', nameGenitive: 'Витебского филиала', address: 'г. Витебск, пр-т Строителей, 11', phones: ['+375 212 60-50-50'], hours: 'Пн–Пт 8:30–18:00, Сб 9:00–14:00', lat: 55.1746, lng: 30.2269 },
  { code: 'mogilev', city: 'Могилёв', name: 'Филиал в Могилёве', nameGenitive: 'Могилёвского филиала', address: 'г. Могилёв, ул. Челюскинцев, 105', phones: ['+375 222 70-60-60'], hours: 'Пн–Пт 8:30–18:00, Сб 9:00–14:00', lat: 53.8868, lng: 30.2855 },
  { code: 'bobruisk', city: 'Бобруйск', name: 'Филиал в Бобруйске', nameGenitive: 'Бобруйского филиала', address: 'г. Бобруйск, ул. Минская, 131', phones: ['+375 225 72-70-70'], hours: 'Пн–Пт 9:00–18:00', lat: 53.1476, lng: 29.2066 },
];

export const SHOP_CITIES: { city: string; lat: number; lng: number }[] = [
  { city: 'Минск', lat: 53.902, lng: 27.561 },
  { city: 'Гомель', lat: 52.441, lng: 30.987 },
  { city: 'Брест', lat: 52.097, lng: 23.734 },
  { city: 'Гродно', lat: 53.678, lng: 23.829 },
  { city: 'Витебск', lat: 55.184, lng: 30.202 },
  { city: 'Могилёв', lat: 53.894, lng: 30.331 },
  { city: 'Бобруйск', lat: 53.138, lng: 29.221 },
  { city: 'Барановичи', lat: 53.132, lng: 26.013 },
  { city: 'Борисов', lat: 54.227, lng: 28.505 },
  { city: 'Пинск', lat: 52.112, lng: 26.103 },
  { city: 'Орша', lat: 54.508, lng: 30.418 },
  { city: 'Мозырь', lat: 52.049, lng: 29.244 },
  { city: 'Солигорск', lat: 52.793, lng: 27.541 },
  { city: 'Новополоцк', lat: 55.532, lng: 28.659 },
  { city: 'Лида', lat: 53.887, lng: 25.299 },
  { city: 'Молодечно', lat: 54.311, lng: 26.853 },
  { city: 'Полоцк', lat: 55.486, lng: 28.769 },
  { city: 'Жлобин', lat: 52.892, lng: 30.024 },
];

export const SHOP_NAMES_OFFLINE = ['Мастерок', 'СтройДвор', 'Инструмент-Центр', 'Хозяин', 'ТехноДом', 'Профи', 'Мир инструмента', 'Строймаркет', 'Рабочий двор', 'Домострой'];
export const SHOP_NAMES_ONLINE = ['instrument-shop.by', 'masteram.by', 'tools24.by', 'stroyka-online.by', 'profi-tools.by', 'domovoy.by', 'tehnomir.by'];

export const STREETS = ['ул. Ленина', 'ул. Советская', 'пр-т Независимости', 'ул. Московская', 'ул. Кирова', 'ул. Пушкина', 'ул. Гагарина', 'ул. Победы', 'ул. Строителей', 'ул. Чкалова', 'ул. Мира', 'ул. Заводская'];
