/** Consumables: discs, blades, drill bits, screwdriver bits, batteries and chargers. */
import type { Palette } from './palette';
import { cable, hatch, lamps, ring, segments, teeth, type Drawing } from './shapes';

const label = (p: Palette, cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.c}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="${p.w}"/><path d="M${cx - r * 0.6} ${cy - r * 0.2}h${r * 1.2}v${r * 0.4}h${-r * 1.2}Z" fill="${p.c}"/>`;

const spiral = (p: Palette, x: number, y0: number, y1: number, w: number) =>
  `<rect x="${x - w / 2}" y="${y0}" width="${w}" height="${y1 - y0}" fill="${p.gold}"/>` +
  Array.from({ length: Math.floor((y1 - y0) / 20) }, (_, i) => `<path d="M${x - w / 2} ${y0 + 6 + i * 20}L${x + w / 2} ${y0 + 18 + i * 20}" stroke="${p.md}" stroke-width="4"/>`).join('');

const bitTip = (p: Palette, x: number, y: number, kind: number) =>
  kind === 0
    ? `<path d="M${x - 6} ${y}h12v-22h-12z" fill="${p.m}"/><path d="M${x} ${y - 24}v18M${x - 6} ${y - 14}h12" stroke="${p.md}" stroke-width="3"/>`
    : kind === 1
      ? `<path d="M${x - 8} ${y}L${x} ${y - 26}L${x + 8} ${y}Z" fill="${p.m}"/>`
      : `<path d="M${x - 9} ${y}h18l-4 -24h-10z" fill="${p.m}"/>`;

export const CONSUMABLES: Record<string, Drawing> = {
  cut_disc: {
    box: [90, 90, 510, 510],
    focus: [300, 300],
    draw: (p) =>
      `<path fill-rule="evenodd" fill="${p.g}" d="${ring(300, 300, 210, 22)}"/>${[180, 150, 120].map((r) => `<circle cx="300" cy="300" r="${r + 16}" fill="none" stroke="${p.k}" stroke-width="2" opacity=".5"/>`).join('')}` +
      label(p, 300, 300, 96) +
      `<path fill-rule="evenodd" fill="${p.m}" d="${ring(300, 300, 36, 22)}"/>`,
  },
  grinding_disc: {
    box: [70, 160, 530, 460],
    focus: [300, 300],
    draw: (p) =>
      `<ellipse cx="300" cy="330" rx="228" ry="124" fill="${p.k}"/><ellipse cx="300" cy="300" rx="228" ry="124" fill="${p.g}"/>` +
      `<ellipse cx="300" cy="300" rx="170" ry="92" fill="none" stroke="${p.k}" stroke-width="3" opacity=".5"/>` +
      `<ellipse cx="300" cy="308" rx="96" ry="52" fill="${p.d}"/><ellipse cx="300" cy="300" rx="90" ry="48" fill="${p.c}"/><ellipse cx="300" cy="300" rx="62" ry="33" fill="${p.w}"/>` +
      `<ellipse cx="300" cy="306" rx="30" ry="16" fill="${p.m}"/><ellipse cx="300" cy="306" rx="17" ry="9" fill="${p.k}"/>`,
  },
  saw_blade: {
    box: [80, 80, 520, 520],
    focus: [420, 210],
    draw: (p) =>
      `<path fill-rule="evenodd" fill="${p.m}" d="${teeth(300, 300, 220, 48, 16)}${ring(300, 300, 15, 0)}"/>` +
      `<g stroke="${p.md}" stroke-width="4">${[0, 1, 2, 3].map((i) => {
        const a = (i * Math.PI) / 2 + 0.4;
        return `<path d="M${300 + 150 * Math.cos(a)} ${300 + 150 * Math.sin(a)}L${300 + 190 * Math.cos(a + 0.05)} ${300 + 190 * Math.sin(a + 0.05)}"/>`;
      }).join('')}</g>` +
      `<circle cx="300" cy="300" r="100" fill="${p.c}"/><circle cx="300" cy="300" r="64" fill="${p.d}"/><path fill-rule="evenodd" fill="${p.md}" d="${ring(300, 300, 30, 15)}"/>`,
  },
  diamond_disc: {
    box: [80, 80, 520, 520],
    focus: [430, 300],
    draw: (p) =>
      `<path fill="${p.md}" d="${segments(300, 300, 192, 220, 18, 0.06)}"/>` +
      `<path fill-rule="evenodd" fill="${p.m}" d="${ring(300, 300, 194, 15)}"/>` +
      `<g fill="${p.w}">${Array.from({ length: 18 }, (_, i) => {
        const a = ((i + 0.5) * 2 * Math.PI) / 18;
        return `<circle cx="${300 + 180 * Math.cos(a)}" cy="${300 + 180 * Math.sin(a)}" r="5"/>`;
      }).join('')}</g>` +
      label(p, 300, 300, 104) +
      `<path fill-rule="evenodd" fill="${p.md}" d="${ring(300, 300, 30, 15)}"/>`,
  },
  metal_bits: {
    box: [150, 90, 450, 520],
    focus: [300, 160],
    draw: (p) =>
      [180, 260, 340, 420]
        .map((x, i) => {
          const top = 90 + (3 - i) * 50;
          const w = 14 + i * 6;
          return `<path d="M${x - w / 2} ${top + 18}L${x} ${top}L${x + w / 2} ${top + 18}Z" fill="${p.gold}"/>${spiral(p, x, top + 18, 400, w)}<rect x="${x - w / 2}" y="400" width="${w}" height="120" rx="3" fill="${p.gold}"/>`;
        })
        .join(''),
  },
  masonry_bits: {
    box: [150, 80, 450, 520],
    focus: [300, 150],
    draw: (p) =>
      [190, 300, 410]
        .map((x, i) => {
          const top = 80 + (2 - i) * 60;
          const w = 18 + i * 7;
          return `${spiral(p, x, top + 30, 400, w).replaceAll(p.gold, p.md)}<path d="M${x - w / 2 - 6} ${top + 34}L${x - w / 2 - 6} ${top + 14}L${x} ${top}L${x + w / 2 + 6} ${top + 14}L${x + w / 2 + 6} ${top + 34}Z" fill="${p.gold}"/>` +
            `<rect x="${x - 11}" y="400" width="22" height="120" rx="6" fill="${p.m}"/><rect x="${x - 11}" y="430" width="6" height="40" fill="${p.md}"/><rect x="${x + 5}" y="430" width="6" height="40" fill="${p.md}"/>`;
        })
        .join(''),
  },
  wood_bits: {
    box: [140, 80, 460, 520],
    focus: [300, 140],
    draw: (p) =>
      [200, 300, 400]
        .map((x, i) => {
          const w = 44 + i * 18;
          return `<path d="M${x} ${80 + i * 20}L${x + 6} ${110 + i * 20}L${x + w / 2} ${120 + i * 20}L${x + w / 2 - 6} ${250}L${x + 8} ${270}L${x - 8} ${270}L${x - w / 2 + 6} ${250}L${x - w / 2} ${120 + i * 20}L${x - 6} ${110 + i * 20}Z" fill="${p.m}"/>` +
            `<circle cx="${x}" cy="200" r="6" fill="${p.md}"/><rect x="${x - 8}" y="268" width="16" height="250" fill="${p.md}"/><rect x="${x - 8}" y="268" width="16" height="40" fill="${p.c}"/>`;
        })
        .join(''),
  },
  bits: {
    box: [120, 150, 480, 450],
    focus: [300, 200],
    draw: (p) =>
      [190, 300, 410]
        .map((x, i) => `<g transform="rotate(${(i - 1) * 10} ${x} 330)">${bitTip(p, x, 200, i)}<rect x="${x - 6}" y="198" width="12" height="64" fill="${p.m}"/><rect x="${x - 18}" y="258" width="36" height="180" rx="4" fill="${p.m}"/><rect x="${x - 18}" y="258" width="12" height="180" fill="${p.md}" opacity=".6"/><rect x="${x - 18}" y="300" width="36" height="10" fill="${p.c}"/><rect x="${x - 18}" y="396" width="36" height="8" fill="${p.md}"/></g>`)
        .join(''),
  },
  bit_set: {
    box: [70, 120, 530, 480],
    focus: [230, 300],
    draw: (p) => {
      let bits = '';
      for (let row = 0; row < 2; row++)
        for (let i = 0; i < 9; i++) {
          const x = 128 + i * 38;
          const y = 236 + row * 110;
          bits += `<rect x="${x - 8}" y="${y}" width="16" height="62" rx="2" fill="${p.m}"/>${bitTip(p, x, y, (i + row) % 3)}`;
        }
      return (
        `<rect x="70" y="120" width="460" height="64" rx="14" fill="${p.d}"/><rect x="70" y="170" width="460" height="310" rx="20" fill="${p.c}"/><rect x="96" y="196" width="408" height="258" rx="10" fill="${p.k}"/>` +
        bits +
        `<rect x="460" y="220" width="24" height="200" rx="8" fill="${p.m}"/><rect x="462" y="222" width="8" height="196" fill="${p.md}"/>`
      );
    },
  },
  battery: {
    box: [130, 170, 470, 440],
    focus: [300, 220],
    draw: (p) =>
      `<rect x="140" y="236" width="320" height="200" rx="28" fill="${p.k}"/><rect x="140" y="236" width="320" height="70" rx="24" fill="${p.c}"/>` +
      `<rect x="190" y="176" width="220" height="76" rx="16" fill="${p.g}"/><rect x="206" y="186" width="188" height="14" rx="6" fill="${p.k}"/><rect x="226" y="212" width="20" height="26" rx="4" fill="${p.gold}"/><rect x="290" y="212" width="20" height="26" rx="4" fill="${p.gold}"/><rect x="354" y="212" width="20" height="26" rx="4" fill="${p.gold}"/>` +
      `<rect x="170" y="330" width="260" height="12" rx="6" fill="${p.g}"/><rect x="170" y="356" width="260" height="12" rx="6" fill="${p.g}"/>${lamps(372, 404)}<rect x="166" y="398" width="80" height="22" rx="8" fill="${p.c}"/>`,
  },
  charger: {
    box: [70, 200, 560, 470],
    focus: [260, 260],
    draw: (p) =>
      cable(p, 'M440 400q70 0 80 -60t40 -50', 9) +
      `<rect x="530" y="272" width="30" height="44" rx="6" fill="${p.k}"/>` +
      `<path d="M90 420L130 290Q138 268 162 268L420 268Q444 268 452 290L490 420Z" fill="${p.k}"/><path d="M70 420h440v34q0 16 -16 16h-408q-16 0 -16 -16Z" fill="${p.g}"/>` +
      `<rect x="170" y="224" width="200" height="58" rx="12" fill="${p.c}"/><rect x="190" y="238" width="160" height="30" rx="6" fill="${p.d}"/><rect x="216" y="250" width="108" height="8" rx="4" fill="${p.k}"/>` +
      `<circle cx="400" cy="330" r="10" fill="#7ccf5a"/><circle cx="400" cy="362" r="10" fill="#e0543c"/>${hatch(150, 330, 360, 400, 24, -12, p.g, 6)}`,
  },
};
