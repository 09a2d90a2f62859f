/**
 * Product pictures are drawn locally (no downloads): an SVG silhouette of the product's kind in
 * its brand's colour, rasterised by sharp into AVIF or WebP at a fixed set of widths, then kept
 * on disk so each variant is encoded once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 960] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type ImageSpec = { seed: number; index: number; color: string; icon: string };

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount)));
  return `#${[c(n >> 16), c((n >> 8) & 255), c(n & 255)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const SHAPES: Record<string, (c: string, d: string) => string> = {
  drill: (c, d) =>
    `<rect x="150" y="180" width="260" height="120" rx="40" fill="${c}"/><rect x="90" y="215" width="70" height="50" rx="8" fill="#333"/><rect x="40" y="230" width="60" height="20" fill="#777"/><path d="M280 290 L350 290 L330 470 L250 470 Z" fill="${d}"/><rect x="235" y="460" width="120" height="70" rx="14" fill="#222"/>`,
  garden: (c, d) =>
    `<rect x="120" y="250" width="360" height="150" rx="30" fill="${c}"/><circle cx="170" cy="420" r="50" fill="#222"/><circle cx="430" cy="420" r="50" fill="#222"/><path d="M400 250 L520 90" stroke="${d}" stroke-width="18" stroke-linecap="round"/>`,
  hammer: (c, d) =>
    `<rect x="270" y="170" width="40" height="330" rx="16" fill="${d}"/><rect x="170" y="110" width="250" height="90" rx="14" fill="#555"/><rect x="262" y="380" width="56" height="130" rx="20" fill="${c}"/>`,
  disc: (c, d) =>
    `<circle cx="300" cy="300" r="210" fill="${c}"/><circle cx="300" cy="300" r="150" fill="${d}"/><circle cx="300" cy="300" r="45" fill="#eee"/>`,
  welding: (c, d) =>
    `<rect x="140" y="160" width="320" height="260" rx="24" fill="${c}"/><circle cx="230" cy="290" r="50" fill="#eee"/><circle cx="230" cy="290" r="10" fill="#222"/><rect x="320" y="250" width="100" height="60" rx="8" fill="${d}"/><rect x="250" y="120" width="100" height="40" rx="10" fill="#333"/>`,
  compressor: (c, d) =>
    `<rect x="110" y="260" width="380" height="130" rx="65" fill="${c}"/><rect x="220" y="170" width="160" height="90" rx="14" fill="${d}"/><circle cx="160" cy="420" r="30" fill="#222"/><circle cx="440" cy="420" r="30" fill="#222"/>`,
  generator: (c, d) =>
    `<rect x="120" y="170" width="360" height="260" rx="20" fill="none" stroke="#333" stroke-width="18"/><rect x="160" y="210" width="280" height="180" rx="16" fill="${c}"/><rect x="190" y="240" width="90" height="60" rx="8" fill="${d}"/>`,
  gloves: (c, d) =>
    `<path d="M200 480 L200 260 Q200 230 225 230 L225 150 Q250 130 270 150 L270 220 L285 120 Q305 100 325 120 L320 220 L350 140 Q372 125 390 145 L365 260 L410 215 Q435 205 440 235 L380 360 L380 480 Z" fill="${c}"/><rect x="195" y="440" width="190" height="50" fill="${d}"/>`,
};

export function productSvg(spec: ImageSpec): string {
  const shape = SHAPES[spec.icon] ?? SHAPES.drill!;
  const color = spec.color;
  const dark = shade(color, -45);
  // Each gallery image turns the silhouette a little so the thumbnails differ.
  const angle = ((spec.seed * 37 + spec.index * 23) % 25) - 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9ecef"/></radialGradient></defs>
<rect width="600" height="600" fill="url(#bg)"/>
<ellipse cx="300" cy="540" rx="200" ry="22" fill="#000" opacity="0.08"/>
<g transform="rotate(${angle} 300 300)">${shape(color, dark)}</g>
</svg>`;
}

function cacheDir(): string {
  return path.resolve(process.env.DATA_DIR ?? './data', 'img-cache');
}

/** Encodes (or reads from the disk cache) one variant. */
export async function renderProductImage(id: number, spec: ImageSpec, width: number, format: ImageFormat): Promise<Buffer> {
  const file = path.join(cacheDir(), `${id}-${spec.index}-${spec.color.slice(1)}-${spec.icon}-${width}.${format}`);
  try {
    return await fs.readFile(file);
  } catch {
    /* not cached yet */
  }
  const img = sharp(Buffer.from(productSvg(spec))).resize(width, width);
  const buf = format === 'avif' ? await img.avif({ quality: 50, effort: 2 }).toBuffer() : await img.webp({ quality: 72 }).toBuffer();
  await fs.mkdir(cacheDir(), { recursive: true });
  await fs.writeFile(file, buf).catch(() => {});
  return buf;
}
