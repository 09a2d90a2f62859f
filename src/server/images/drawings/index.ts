/**
 * The demo catalogue's product pictures: one drawing per kind of product (a drill looks like a
 * drill, a bit set like a bit set), chosen by the product's section, and four different views of
 * it — the product, a close-up of its working end, a dimensioned drawing and the product with its
 * box. Real photos (photos.ts) replace them product by product.
 */
import { BLUEPRINT, INK, brandPalette, type Palette } from './palette';
import type { Drawing } from './shapes';
import { POWER } from './power';
import { GARDEN_HAND } from './garden-hand';
import { CONSUMABLES } from './consumables';
import { EQUIPMENT } from './equipment';

export const DRAWINGS: Record<string, Drawing> = { ...POWER, ...GARDEN_HAND, ...CONSUMABLES, ...EQUIPMENT };

/**
 * Section code → drawing. Leaf sections first; a section that is not listed takes its parent's
 * drawing, and a first-level section its `icon` (see `drawingFor`). Every section of the demo
 * catalogue (src/server/seed/catalog-data.ts) is covered; a unit test keeps it that way.
 */
export const SECTION_DRAWINGS: Record<string, string> = {
  dreli: 'drill',
  'dreli-miksery': 'mixer',
  shurupoverty: 'screwdriver_cordless',
  'shurupoverty-setevye': 'drill',
  gaykoverty: 'impact_wrench',
  perforatory: 'perforator',
  'shlifovalnye-mashiny': 'grinder',
  'ushm-bolgarki': 'grinder',
  'ekscentrikovye-shlifmashiny': 'orbital_sander',
  'lentochnye-shlifmashiny': 'belt_sander',
  pily: 'circular_saw',
  'pily-torcovochnye': 'miter_saw',
  'pily-sabelnye': 'sabre_saw',
  lobziki: 'jigsaw',
  'rubanki-i-frezery': 'router',
  rubanki: 'planer',
  frezery: 'router',
  gazonokosilki: 'lawnmower_electric',
  'gazonokosilki-benzinovye': 'lawnmower_petrol',
  trimmery: 'trimmer_electric',
  'trimmery-benzinovye': 'trimmer_petrol',
  'cepnye-pily': 'chainsaw',
  'molotki-i-kuvaldy': 'hammer',
  kuvaldy: 'sledgehammer',
  otvertki: 'hand_screwdriver',
  'nabory-otvertok': 'screwdriver_set',
  klyuchi: 'wrenches',
  'nabory-golovok': 'socket_set',
  'izmeritelnyy-instrument': 'tape_measure',
  urovni: 'spirit_level',
  'lazernye-niveliry': 'laser_level',
  'krugi-i-diski': 'cut_disc',
  'krugi-zachistnye': 'grinding_disc',
  'diski-pilnye': 'saw_blade',
  'almaznye-diski': 'diamond_disc',
  sverla: 'metal_bits',
  'sverla-po-betonu': 'masonry_bits',
  'sverla-po-derevu': 'wood_bits',
  'bity-i-nasadki': 'bits',
  'nabory-bit': 'bit_set',
  'akkumulyatory-i-zaryadnye': 'battery',
  'zaryadnye-ustroystva': 'charger',
  'svarochnye-apparaty': 'welder',
  'poluavtomaty-mig': 'mig_welder',
  'argonodugovye-tig': 'tig_welder',
  'zashchita-svarshchika': 'welding_mask',
  kragi: 'welding_gloves',
  kompressory: 'compressor',
  'kompressory-bezmaslyanye': 'compressor_oilfree',
  pnevmoinstrument: 'air_impact',
  kraskopulty: 'spray_gun',
  betonomeshalki: 'concrete_mixer',
  generatory: 'generator',
  'generatory-invertornye': 'inverter_generator',
  'teplovye-pushki': 'heater_electric',
  'teplovye-pushki-dizelnye': 'heater_diesel',
  perchatki: 'work_gloves',
  'ochki-i-shchitki': 'safety_glasses',
};

/** First-level section icons (sections.icon) → drawing, for sections added later without a drawing of their own. */
const ICON_DRAWINGS: Record<string, string> = {
  drill: 'drill',
  garden: 'lawnmower_electric',
  hammer: 'hammer',
  disc: 'cut_disc',
  welding: 'welder',
  compressor: 'compressor',
  generator: 'generator',
  gloves: 'work_gloves',
};

/** `codes`: the product's section and its ancestors, nearest first; `icon`: the first level's icon. */
export function drawingFor(codes: string[], icon: string | null): string {
  for (const code of codes) if (SECTION_DRAWINGS[code]) return SECTION_DRAWINGS[code]!;
  return ICON_DRAWINGS[icon ?? ''] ?? 'drill';
}

export const VIEWS = ['product', 'detail', 'drawing', 'box'] as const;
/** Bumped whenever a drawing changes: part of the cache file names. */
export const DRAWINGS_REVISION = 2;

export type DrawingSpec = { drawing: string; color: string; index: number };

/** Scales and centres a drawing's box into the 600×600 frame with a margin. */
function fit(d: Drawing, margin: number, maxScale = 1.25): { s: number; tx: number; ty: number } {
  const [x0, y0, x1, y1] = d.box;
  const s = Math.min((600 - 2 * margin) / (x1 - x0), (600 - 2 * margin) / (y1 - y0), maxScale);
  return { s, tx: 300 - ((x0 + x1) / 2) * s, ty: 300 - ((y0 + y1) / 2) * s };
}

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">${body}</svg>`;

function productView(d: Drawing, p: Palette): string {
  const { s, tx, ty } = fit(d, 60);
  const floor = ty + d.box[3] * s;
  return svg(
    `<defs><radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e6e9ed"/></radialGradient></defs>` +
      `<rect width="600" height="600" fill="url(#bg)"/><ellipse cx="300" cy="${Math.min(560, floor + 12)}" rx="${Math.min(250, ((d.box[2] - d.box[0]) * s) / 2)}" ry="16" fill="#000" opacity=".09"/>` +
      `<g transform="translate(${tx} ${ty}) scale(${s})">${d.draw(p)}</g>`,
  );
}

/** The working end, twice as large, on a darker studio background. */
function detailView(d: Drawing, p: Palette): string {
  const [fx, fy] = d.focus;
  const s = 2.1;
  return svg(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dde2e7"/><stop offset="1" stop-color="#b9c1c9"/></linearGradient></defs>` +
      `<rect width="600" height="600" fill="url(#bg)"/><g transform="translate(${300 - fx * s} ${300 - fy * s}) scale(${s})">${d.draw(p)}</g>` +
      `<circle cx="300" cy="300" r="236" fill="none" stroke="#fff" stroke-width="4" opacity=".55"/>`,
  );
}

/** Ink lines on paper with overall width and height marked. */
function drawingView(d: Drawing): string {
  const { s, tx, ty } = fit(d, 90, 1.1);
  const [x0, y0, x1, y1] = d.box.map((v, i) => (i % 2 ? ty + v * s : tx + v * s)) as [number, number, number, number];
  const dim = (a: [number, number], b: [number, number]) =>
    `<path d="M${a[0]} ${a[1]}L${b[0]} ${b[1]}" stroke="${INK}" stroke-width="2" marker-start="url(#ar)" marker-end="url(#ar)"/>`;
  let grid = '';
  for (let i = 30; i < 600; i += 30) grid += `M${i} 0V600M0 ${i}H600`;
  return svg(
    `<defs><marker id="ar" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="${INK}"/></marker></defs>` +
      `<rect width="600" height="600" fill="#f7f9fc"/><path d="${grid}" stroke="#dce5f1" stroke-width="1"/>` +
      `<g transform="translate(${tx} ${ty}) scale(${s})" stroke="${INK}" stroke-width="${(2.4 / s).toFixed(2)}" stroke-linejoin="round">${d.draw(BLUEPRINT)}</g>` +
      `<path d="M${x0} ${y1 + 12}V${y1 + 44}M${x1} ${y1 + 12}V${y1 + 44}M${x1 + 12} ${y0}H${x1 + 44}M${x1 + 12} ${y1}H${x1 + 44}" stroke="${INK}" stroke-width="1.5" opacity=".7"/>` +
      dim([x0 + 4, y1 + 32], [x1 - 4, y1 + 32]) +
      dim([x1 + 32, y0 + 4], [x1 + 32, y1 - 4]),
  );
}

/** The product in front of its retail box in the brand's colours. */
function boxView(d: Drawing, p: Palette): string {
  const { s } = fit(d, 60);
  const k = s * 0.66;
  const [x0, y0, x1, y1] = d.box;
  const tx = 250 - ((x0 + x1) / 2) * k;
  const ty = 380 - ((y0 + y1) / 2) * k;
  return svg(
    `<rect width="600" height="600" fill="#eef0f3"/>` +
      `<path d="M250 110L520 90L560 120L560 470L290 500L250 470Z" fill="${p.d}"/><path d="M250 110L520 90L560 120L290 140Z" fill="${p.l}"/>` +
      `<path d="M290 140L560 120L560 470L290 500Z" fill="${p.c}"/><path d="M290 420L560 394L560 470L290 500Z" fill="${p.k}"/><path d="M310 170L540 152L540 190L310 208Z" fill="#fff" opacity=".85"/>` +
      `<ellipse cx="250" cy="${Math.min(570, ty + y1 * k + 8)}" rx="190" ry="14" fill="#000" opacity=".12"/>` +
      `<g transform="translate(${tx} ${ty}) scale(${k})">${d.draw(p)}</g>`,
  );
}

export function drawingSvg(spec: DrawingSpec): string {
  const d = DRAWINGS[spec.drawing] ?? DRAWINGS.drill!;
  const p = brandPalette(spec.color);
  switch (VIEWS[spec.index % VIEWS.length]) {
    case 'detail':
      return detailView(d, p);
    case 'drawing':
      return drawingView(d);
    case 'box':
      return boxView(d, p);
    default:
      return productView(d, p);
  }
}
