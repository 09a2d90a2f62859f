/**
 * Colours a drawing is painted with. A drawing never names a colour itself: the same shapes are
 * painted in the brand's colours for the photo-like views and in ink on paper for the dimensioned
 * view (`blueprint`), so every element takes its fill or stroke from here.
 */
export type Palette = {
  /** Brand colour: housings, labels. */
  c: string;
  /** Darker brand colour: shaded faces, trims. */
  d: string;
  /** Lighter brand colour: highlights. */
  l: string;
  /** Black plastic. */
  k: string;
  /** Rubber grips. */
  g: string;
  /** Bright metal. */
  m: string;
  /** Dark metal. */
  md: string;
  /** White / light panels. */
  w: string;
  /** Stroke-only elements: cords, hoses, shafts drawn as lines. */
  cord: string;
  /** Glass, displays, dark windows. */
  glass: string;
  /** Warning orange / hot parts. */
  hot: string;
  /** Gold of titanium-coated bits, brass. */
  gold: string;
};

export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount)));
  return `#${[c(n >> 16), c((n >> 8) & 255), c(n & 255)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A brand colour that is too dark for a housing (Sturm!, Matrix: near black) is lifted a little. */
function housing(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return lum < 50 ? shade(hex, 40) : hex;
}

export function brandPalette(brandColor: string): Palette {
  const c = housing(brandColor);
  return {
    c,
    d: shade(c, -40),
    l: shade(c, 55),
    k: '#2a2d32',
    g: '#454a52',
    m: '#c3cad2',
    md: '#7b848e',
    w: '#f3f5f7',
    cord: '#2a2d32',
    glass: '#1d2a36',
    hot: '#f08a24',
    gold: '#c9a13b',
  };
}

/** Ink on paper: every face white, every outline and line in ink. */
export const INK = '#1f4e8c';
export const BLUEPRINT: Palette = {
  c: '#ffffff',
  d: '#eef3fa',
  l: '#ffffff',
  k: '#dfe8f4',
  g: '#eef3fa',
  m: '#ffffff',
  md: '#dfe8f4',
  w: '#ffffff',
  cord: INK,
  glass: '#dfe8f4',
  hot: '#ffffff',
  gold: '#ffffff',
};
