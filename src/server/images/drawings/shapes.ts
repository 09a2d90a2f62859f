/** Small geometry helpers the drawings share: rings with a real hole, toothed rims, hatching. */
import type { Palette } from './palette';

export type Drawing = {
  /** SVG elements in a 600×600 space. Every colour comes from the palette. */
  draw: (p: Palette) => string;
  /** The drawing's extent [x0, y0, x1, y1]: used to centre it and to place dimension lines. */
  box: [number, number, number, number];
  /** The detail the close-up view zooms into (the chuck, the blade, the control panel…). */
  focus: [number, number];
};

const f = (n: number) => Math.round(n * 10) / 10;

/** A disc with a hole (fill-rule evenodd): the background shows through the hole. */
export function ring(cx: number, cy: number, r: number, hole: number): string {
  const circle = (rr: number) => `M${f(cx + rr)} ${cy}a${rr} ${rr} 0 1 0 ${-2 * rr} 0a${rr} ${rr} 0 1 0 ${2 * rr} 0Z`;
  return `${circle(r)}${hole > 0 ? circle(hole) : ''}`;
}

/** A regular polygon (hexagon nuts and holes). */
export function polygon(cx: number, cy: number, r: number, sides: number, turn = 0): string {
  const pts = Array.from({ length: sides }, (_, i) => {
    const a = turn + (i * 2 * Math.PI) / sides;
    return `${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`;
  });
  return `M${pts.join('L')}Z`;
}

/** A saw blade's toothed rim as one closed path. */
export function teeth(cx: number, cy: number, r: number, n: number, depth: number): string {
  const pts: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i * 2 * Math.PI) / n;
    const b = a + (0.7 * 2 * Math.PI) / n;
    pts.push(`${f(cx + (r - depth) * Math.cos(a))} ${f(cy + (r - depth) * Math.sin(a))}`);
    pts.push(`${f(cx + r * Math.cos(b))} ${f(cy + r * Math.sin(b))}`);
  }
  return `M${pts.join('L')}Z`;
}

/** Segments of a diamond blade's rim with gaps between them. */
export function segments(cx: number, cy: number, r0: number, r1: number, n: number, gap: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a0 = (i * 2 * Math.PI) / n + gap / 2;
    const a1 = ((i + 1) * 2 * Math.PI) / n - gap / 2;
    const p = (r: number, a: number) => `${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`;
    d += `M${p(r0, a0)}L${p(r1, a0)}A${r1} ${r1} 0 0 1 ${p(r1, a1)}L${p(r0, a1)}A${r0} ${r0} 0 0 0 ${p(r0, a0)}Z`;
  }
  return d;
}

/** Parallel slanted lines across a band (flutes of a drill bit, grip ribs, vents). */
export function hatch(x0: number, y0: number, x1: number, y1: number, step: number, slant: number, stroke: string, width = 3): string {
  let d = '';
  for (let x = x0; x <= x1; x += step) d += `M${x} ${y0}l${slant} ${y1 - y0}`;
  return `<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="none"/>`;
}

/** A closed loop handle (D-handle): outer rounded rectangle minus the hand hole. */
export function loop(x: number, y: number, w: number, h: number, t: number, r: number, fill: string): string {
  const rr = (x0: number, y0: number, ww: number, hh: number, rad: number) =>
    `M${x0 + rad} ${y0}h${ww - 2 * rad}q${rad} 0 ${rad} ${rad}v${hh - 2 * rad}q0 ${rad} ${-rad} ${rad}h${-(ww - 2 * rad)}q${-rad} 0 ${-rad} ${-rad}v${-(hh - 2 * rad)}q0 ${-rad} ${rad} ${-rad}Z`;
  const inner = Math.max(2, r - t / 2);
  return `<path fill-rule="evenodd" fill="${fill}" d="${rr(x, y, w, h, r)}${rr(x + t, y + t, w - 2 * t, h - 2 * t, inner)}"/>`;
}

/** A cable or hose. */
export const cable = (p: Palette, d: string, width = 11) => `<path d="${d}" stroke="${p.cord}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;

/** Three small charge lamps of a battery. */
export const lamps = (x: number, y: number) =>
  `<g fill="#7ccf5a">${[0, 1, 2].map((i) => `<rect x="${x + i * 14}" y="${y}" width="9" height="7" rx="2"/>`).join('')}</g><rect x="${x + 42}" y="${y}" width="9" height="7" rx="2" fill="#d9dde2"/>`;
