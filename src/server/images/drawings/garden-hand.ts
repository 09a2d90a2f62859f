/** Garden machines and hand tools. */
import type { Palette } from './palette';
import { cable, hatch, loop, polygon, ring, type Drawing } from './shapes';

const wheel = (p: Palette, cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.k}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="${p.md}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="${p.m}"/>`;

const mower = (petrol: boolean) => (p: Palette) =>
  `<path d="M468 300L540 112" stroke="${p.cord}" stroke-width="14" stroke-linecap="round"/><path d="M438 300L506 104" stroke="${p.cord}" stroke-width="14" stroke-linecap="round"/><path d="M500 100L552 118" stroke="${p.cord}" stroke-width="18" stroke-linecap="round"/>` +
  `<path d="M410 316L470 232L540 246L524 366L430 372Z" fill="${p.g}"/>${hatch(452, 260, 520, 350, 12, -6, p.k, 2)}` +
  `<path d="M90 384Q98 318 172 310L420 310Q470 316 478 384L478 410L90 410Z" fill="${p.c}"/><rect x="110" y="320" width="280" height="12" rx="6" fill="${p.l}" opacity=".45"/>` +
  (petrol
    ? `<rect x="210" y="226" width="140" height="90" rx="16" fill="${p.k}"/><rect x="226" y="208" width="70" height="30" rx="10" fill="${p.md}"/>${hatch(312, 238, 340, 300, 8, 0, p.g, 3)}<circle cx="244" cy="214" r="10" fill="${p.c}"/><path d="M350 246L420 180" stroke="${p.cord}" stroke-width="4"/>`
    : `<path d="M200 312Q290 238 380 312Z" fill="${p.d}"/><rect x="264" y="262" width="52" height="16" rx="8" fill="${p.k}"/>${cable(p, 'M520 150q40 30 30 110', 6)}`) +
  wheel(p, 150, 420, 50) +
  wheel(p, 420, 424, 44);

const trimmer = (petrol: boolean) => (p: Palette) =>
  `<rect x="290" y="50" width="20" height="490" rx="8" fill="${p.md}" transform="rotate(45 300 295)"/>` +
  `<path d="M60 492A70 60 0 0 1 200 470L178 488A48 40 0 0 0 84 500Z" fill="${p.c}"/>` +
  `<circle cx="128" cy="476" r="30" fill="${p.k}"/><circle cx="128" cy="476" r="12" fill="${p.m}"/>` +
  `<path d="M100 470L44 452M156 484L214 506" stroke="${p.cord}" stroke-width="4"/>` +
  (petrol
    ? `<rect x="420" y="64" width="126" height="100" rx="22" fill="${p.c}"/><rect x="436" y="150" width="90" height="40" rx="12" fill="${p.w}"/><rect x="430" y="80" width="46" height="70" rx="8" fill="${p.k}"/>${hatch(488, 84, 530, 140, 9, 0, p.d, 3)}`
    : `<rect x="150" y="412" width="60" height="50" rx="16" fill="${p.c}" transform="rotate(45 180 437)"/><rect x="440" y="96" width="80" height="70" rx="20" fill="${p.c}"/>${cable(p, 'M520 130q40 20 40 80', 6)}`) +
  `<rect x="376" y="150" width="34" height="96" rx="14" fill="${p.g}" transform="rotate(45 393 198)"/>` +
  loop(250, 230, 110, 80, 20, 24, p.k);

export const GARDEN_HAND: Record<string, Drawing> = {
  lawnmower_electric: { box: [90, 96, 560, 474], focus: [300, 300], draw: mower(false) },
  lawnmower_petrol: { box: [90, 96, 560, 474], focus: [280, 260], draw: mower(true) },
  trimmer_electric: { box: [40, 60, 560, 540], focus: [140, 470], draw: trimmer(false) },
  trimmer_petrol: { box: [40, 60, 560, 540], focus: [470, 120], draw: trimmer(true) },
  chainsaw: {
    box: [40, 150, 574, 424],
    focus: [160, 330],
    draw: (p) =>
      `<rect x="40" y="296" width="296" height="70" rx="35" fill="none" stroke="${p.cord}" stroke-width="8" stroke-dasharray="10 6"/><rect x="48" y="304" width="288" height="54" rx="27" fill="${p.m}"/>` +
      `<rect x="80" y="320" width="200" height="8" rx="4" fill="${p.md}"/>` +
      `<path d="M304 258L474 258Q512 258 512 298L512 398Q512 420 490 420L326 420Q304 420 304 398Z" fill="${p.c}"/>` +
      `<rect x="330" y="330" width="150" height="70" rx="14" fill="${p.w}"/>${hatch(346, 340, 470, 390, 14, 0, p.md, 3)}` +
      `<path d="M324 276C324 150 510 140 520 262L492 266C482 186 352 184 352 276Z" fill="${p.k}"/>` +
      `<rect x="300" y="196" width="22" height="110" rx="8" fill="${p.k}"/>` +
      `<rect x="500" y="330" width="74" height="36" rx="14" fill="${p.k}"/>`,
  },
  hammer: {
    box: [130, 120, 500, 520],
    focus: [200, 165],
    draw: (p) =>
      `<rect x="284" y="186" width="40" height="334" rx="16" fill="${p.c}"/><rect x="280" y="360" width="48" height="160" rx="20" fill="${p.k}"/>${hatch(284, 380, 320, 500, 12, 0, p.g, 3)}` +
      `<path d="M168 128L380 128Q410 130 430 146Q476 168 500 220L474 226Q452 190 410 186L168 200Q150 200 150 182L150 146Q150 128 168 128Z" fill="${p.md}"/>` +
      `<rect x="130" y="134" width="34" height="60" rx="8" fill="${p.m}"/><rect x="176" y="136" width="150" height="12" rx="6" fill="${p.m}" opacity=".7"/>`,
  },
  sledgehammer: {
    box: [150, 100, 450, 540],
    focus: [300, 160],
    draw: (p) =>
      `<rect x="282" y="196" width="36" height="344" rx="14" fill="${p.gold}"/><rect x="278" y="420" width="44" height="120" rx="18" fill="${p.k}"/>` +
      `<rect x="150" y="100" width="300" height="120" rx="14" fill="${p.md}"/><rect x="150" y="100" width="300" height="26" rx="10" fill="${p.m}"/>` +
      `<rect x="140" y="108" width="20" height="104" rx="6" fill="${p.m}"/><rect x="440" y="108" width="20" height="104" rx="6" fill="${p.m}"/><rect x="270" y="190" width="60" height="24" rx="6" fill="${p.c}"/>`,
  },
  hand_screwdriver: {
    box: [90, 90, 510, 510],
    focus: [150, 450],
    draw: (p) =>
      `<g transform="rotate(-45 300 300)"><rect x="40" y="288" width="290" height="24" rx="4" fill="${p.m}"/><path d="M40 288L14 296L14 304L40 312Z" fill="${p.md}"/>` +
      `<rect x="320" y="262" width="230" height="76" rx="34" fill="${p.c}"/><rect x="350" y="262" width="150" height="76" rx="10" fill="${p.k}"/>${hatch(360, 266, 490, 334, 16, 0, p.c, 5)}<rect x="320" y="270" width="40" height="60" rx="14" fill="${p.d}"/></g>`,
  },
  screwdriver_set: {
    box: [100, 110, 500, 500],
    focus: [300, 200],
    draw: (p) => {
      const drivers = [150, 210, 270, 330, 390, 450]
        .map((x, i) => {
          const top = 110 + (i % 3) * 30;
          const handle = i % 2 ? p.k : p.c;
          return `<rect x="${x - 7}" y="${top}" width="14" height="170" fill="${p.m}"/><path d="M${x - 7} ${top}L${x} ${top - 14}L${x + 7} ${top}Z" fill="${p.md}"/><rect x="${x - 24}" y="${top + 160}" width="48" height="140" rx="20" fill="${handle}"/><rect x="${x - 14}" y="${top + 176}" width="8" height="100" rx="4" fill="${i % 2 ? p.g : p.l}" opacity=".7"/>`;
        })
        .join('');
      return `${drivers}<rect x="100" y="400" width="400" height="100" rx="16" fill="${p.k}"/><rect x="110" y="410" width="380" height="20" rx="8" fill="${p.g}"/>`;
    },
  },
  wrenches: {
    box: [60, 80, 540, 520],
    focus: [160, 300],
    draw: (p) =>
      [0, 1, 2]
        .map((i) => {
          const s = 1 - i * 0.14;
          return `<g transform="translate(${300 + i * 10} ${230 + i * 90}) rotate(-20) scale(${s}) translate(-300 -300)"><rect x="130" y="282" width="330" height="36" rx="12" fill="${p.m}"/><rect x="170" y="292" width="250" height="16" rx="8" fill="${p.md}" opacity=".5"/>` +
            `<path d="M130 282L130 318L81 318A52 52 0 1 0 81 282Z" fill="${p.m}"/>` +
            `<path fill-rule="evenodd" fill="${p.m}" d="${ring(478, 300, 52, 0)}${polygon(478, 300, 26, 12, 0.26)}"/></g>`;
        })
        .join(''),
  },
  socket_set: {
    box: [80, 160, 520, 470],
    focus: [220, 280],
    draw: (p) => {
      const sockets = [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const r = 18 + i * 3.4;
          const x = 140 + i * 62;
          return `<path fill-rule="evenodd" fill="${p.m}" d="${ring(x, 280, r, 0)}${polygon(x, 280, r * 0.55, 6)}"/>`;
        })
        .join('');
      return (
        `<rect x="80" y="180" width="440" height="290" rx="20" fill="${p.c}"/><rect x="100" y="200" width="400" height="250" rx="12" fill="${p.k}"/>` +
        `<rect x="80" y="160" width="440" height="30" rx="12" fill="${p.d}"/>${sockets}` +
        `<rect x="130" y="360" width="250" height="28" rx="12" fill="${p.m}"/><circle cx="392" cy="374" r="36" fill="${p.m}"/><circle cx="392" cy="374" r="14" fill="${p.md}"/><rect x="130" y="362" width="110" height="24" rx="10" fill="${p.c}"/>` +
        `<rect x="420" y="330" width="64" height="16" rx="6" fill="${p.md}"/><rect x="420" y="410" width="64" height="16" rx="6" fill="${p.md}"/>`
      );
    },
  },
  tape_measure: {
    box: [50, 170, 420, 440],
    focus: [120, 410],
    draw: (p) =>
      `<rect x="56" y="392" width="190" height="32" fill="${p.gold}"/>${hatch(70, 392, 240, 404, 10, 0, p.cord, 2)}<rect x="50" y="384" width="10" height="48" rx="2" fill="${p.md}"/>` +
      `<rect x="170" y="190" width="246" height="246" rx="72" fill="${p.c}"/><path d="M170 320L170 370Q170 436 240 436L300 436L300 410Q230 410 200 380Z" fill="${p.k}"/><path d="M416 300L416 260Q416 190 346 190L300 190L300 216Q380 216 390 270Z" fill="${p.k}"/>` +
      `<circle cx="296" cy="312" r="64" fill="${p.k}"/><circle cx="296" cy="312" r="40" fill="${p.d}"/><rect x="330" y="172" width="46" height="28" rx="8" fill="${p.k}"/>`,
  },
  spirit_level: {
    box: [50, 230, 550, 350],
    focus: [300, 290],
    draw: (p) =>
      `<rect x="50" y="246" width="500" height="88" rx="8" fill="${p.c}"/><rect x="50" y="246" width="500" height="16" rx="6" fill="${p.m}"/><rect x="50" y="318" width="500" height="16" rx="6" fill="${p.m}"/>` +
      `<rect x="40" y="240" width="30" height="100" rx="8" fill="${p.k}"/><rect x="530" y="240" width="30" height="100" rx="8" fill="${p.k}"/>` +
      `<rect x="262" y="270" width="76" height="40" rx="10" fill="${p.w}"/><rect x="272" y="280" width="56" height="20" rx="10" fill="#a4e27a"/><ellipse cx="300" cy="290" rx="9" ry="6" fill="#f4fff0"/>` +
      `<rect x="470" y="262" width="40" height="56" rx="10" fill="${p.w}"/><rect x="480" y="270" width="20" height="40" rx="10" fill="#a4e27a"/>` +
      `<path fill-rule="evenodd" fill="${p.d}" d="M120 276h90a14 14 0 0 1 0 28h-90a14 14 0 0 1 0 -28Z"/>`,
  },
  laser_level: {
    box: [40, 110, 560, 520],
    focus: [300, 280],
    draw: (p) =>
      `<path d="M300 280L40 130M300 280L560 130M300 280L40 430M300 280L560 430M40 280H560" stroke="#36c24a" stroke-width="4" opacity=".85"/>` +
      `<path d="M252 440L190 520M348 440L410 520M300 440V520" stroke="${p.cord}" stroke-width="10" stroke-linecap="round"/>` +
      `<rect x="210" y="210" width="180" height="190" rx="28" fill="${p.c}"/><rect x="230" y="178" width="140" height="46" rx="16" fill="${p.k}"/>` +
      `<rect x="250" y="240" width="100" height="80" rx="10" fill="${p.glass}"/><circle cx="300" cy="280" r="14" fill="#7be08a"/>` +
      `<rect x="240" y="396" width="120" height="44" rx="10" fill="${p.k}"/><circle cx="260" cy="356" r="10" fill="${p.k}"/><circle cx="292" cy="356" r="10" fill="${p.k}"/>`,
  },
};
