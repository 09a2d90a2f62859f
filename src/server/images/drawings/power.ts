/** Power tools, side views facing left (the working end on the left, as in most catalogue photos). */
import type { Palette } from './palette';
import { cable, hatch, lamps, loop, teeth, type Drawing } from './shapes';

/** Pistol grip with a trigger, below a body whose underside is at y = top. */
const pistol = (p: Palette, x: number, top: number, bottom: number) =>
  `<path d="M${x} ${top}L${x + 90} ${top}L${x + 76} ${bottom}L${x + 12} ${bottom}Z" fill="${p.k}"/>` +
  `<path d="M${x + 14} ${top + 14}L${x + 78} ${top + 14}L${x + 68} ${bottom - 16}L${x + 22} ${bottom - 16}Z" fill="${p.g}"/>` +
  `<rect x="${x - 30}" y="${top + 14}" width="26" height="54" rx="11" fill="${p.d}"/>`;

/** Slide-on battery pack under a cordless tool's grip. */
const battery = (p: Palette, x: number, y: number, w = 190) =>
  `<rect x="${x}" y="${y}" width="${w}" height="92" rx="16" fill="${p.k}"/><rect x="${x}" y="${y}" width="${w}" height="30" rx="12" fill="${p.c}"/>` +
  `<rect x="${x + 12}" y="${y + 42}" width="${w - 24}" height="6" rx="3" fill="${p.g}"/>${lamps(x + w - 70, y + 66)}`;

/** Motor housing with vents. */
const housing = (p: Palette, x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(48, h / 2)}" fill="${p.c}"/>` +
  `<rect x="${x + 20}" y="${y + 8}" width="${w - 60}" height="14" rx="7" fill="${p.l}" opacity=".45"/>` +
  `<g fill="${p.d}">${[0, 1, 2].map((i) => `<rect x="${x + w - 70}" y="${y + h / 2 - 22 + i * 16}" width="44" height="8" rx="4"/>`).join('')}</g>`;

/** A cordless pistol-grip tool behind its head: motor housing (x, y, w, h), the grip at gripX from gripTop, the battery pack at batteryX. */
const cordlessBody = (p: Palette, [x, y, w, h]: [number, number, number, number], gripX: number, gripTop: number, batteryX: number) =>
  housing(p, x, y, w, h) + pistol(p, gripX, gripTop, 402) + battery(p, batteryX, 398);

/** The cord leaving a corded tool: its strain relief (x, y, w, h) and the cord along path `d`. */
const cord = (p: Palette, x: number, y: number, w: number, h: number, d: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${p.k}"/>` + cable(p, d);

const twistBit = (p: Palette, x0: number, y: number, len: number, h = 14) =>
  `<rect x="${x0}" y="${y}" width="${len}" height="${h}" rx="3" fill="${p.m}"/><path d="M${x0} ${y}L${x0 - 14} ${y + h / 2}L${x0} ${y + h}Z" fill="${p.m}"/>` +
  hatch(x0 + 8, y, x0 + len - 10, y + h, 14, 9, p.md);

export const POWER: Record<string, Drawing> = {
  drill: {
    box: [60, 160, 530, 545],
    focus: [175, 215],
    draw: (p) =>
      twistBit(p, 74, 206, 92) +
      `<path d="M160 192L215 182L215 244L160 234Z" fill="${p.k}"/><rect x="172" y="186" width="8" height="52" fill="${p.g}"/><rect x="190" y="184" width="8" height="58" fill="${p.g}"/>` +
      `<rect x="210" y="174" width="42" height="78" rx="8" fill="${p.md}"/>` +
      housing(p, 245, 160, 235, 105) +
      `<rect x="180" y="262" width="26" height="110" rx="12" fill="${p.k}" transform="rotate(12 193 262)"/>` +
      pistol(p, 330, 255, 452) +
      cord(p, 346, 446, 56, 30, 'M374 476q0 40 44 58t112 6'),
  },
  screwdriver_cordless: {
    box: [66, 156, 450, 492],
    focus: [160, 212],
    draw: (p) =>
      `<rect x="92" y="205" width="58" height="14" fill="${p.m}"/><path d="M92 202L78 212L92 222Z" fill="${p.m}"/><path d="M82 212h12M86 206v12" stroke="${p.md}" stroke-width="3"/>` +
      `<path d="M148 190L205 182L205 242L148 234Z" fill="${p.k}"/><rect x="160" y="186" width="7" height="52" fill="${p.g}"/>` +
      `<rect x="200" y="170" width="34" height="84" rx="10" fill="${p.d}"/>${hatch(206, 172, 226, 252, 8, 0, p.c, 3)}` +
      cordlessBody(p, [228, 156, 200, 100], 300, 246, 252),
  },
  impact_wrench: {
    box: [84, 156, 440, 492],
    focus: [140, 212],
    draw: (p) =>
      `<rect x="88" y="180" width="72" height="64" rx="6" fill="${p.m}"/><path d="M88 196h72M88 228h72" stroke="${p.md}" stroke-width="4"/><rect x="88" y="180" width="10" height="64" rx="4" fill="${p.md}"/>` +
      `<rect x="158" y="198" width="22" height="28" fill="${p.md}"/>` +
      `<path d="M178 176L248 164L248 260L178 248Z" fill="${p.md}"/><path d="M186 184L242 176L242 248L186 240Z" fill="${p.m}" opacity=".5"/>` +
      cordlessBody(p, [242, 158, 170, 100], 292, 248, 244),
  },
  perforator: {
    box: [40, 166, 545, 540],
    focus: [190, 219],
    draw: (p) =>
      twistBit(p, 56, 212, 124) +
      `<rect x="176" y="196" width="36" height="46" rx="10" fill="${p.k}"/><rect x="208" y="188" width="40" height="62" rx="8" fill="${p.g}"/>` +
      `<rect x="240" y="168" width="250" height="96" rx="22" fill="${p.c}"/><rect x="256" y="176" width="200" height="14" rx="7" fill="${p.l}" opacity=".45"/>` +
      `<rect x="296" y="250" width="124" height="136" rx="26" fill="${p.c}"/><g fill="${p.d}"><rect x="316" y="300" width="84" height="8" rx="4"/><rect x="316" y="318" width="84" height="8" rx="4"/><rect x="316" y="336" width="84" height="8" rx="4"/></g>` +
      `<rect x="200" y="250" width="30" height="150" rx="14" fill="${p.k}" transform="rotate(10 215 250)"/>` +
      loop(430, 172, 112, 292, 30, 26, p.k) +
      `<rect x="512" y="200" width="30" height="236" rx="12" fill="${p.g}"/><rect x="462" y="232" width="16" height="48" rx="7" fill="${p.d}"/>` +
      cord(p, 470, 460, 40, 26, 'M490 486q6 40 -40 52'),
  },
  grinder: {
    box: [44, 128, 560, 390],
    focus: [170, 320],
    draw: (p) =>
      `<ellipse cx="172" cy="330" rx="126" ry="56" fill="${p.g}"/><ellipse cx="172" cy="330" rx="62" ry="27" fill="${p.c}"/><ellipse cx="172" cy="330" rx="22" ry="10" fill="${p.m}"/>` +
      `<path d="M44 330A128 60 0 0 1 300 330L284 330A112 46 0 0 0 60 330Z" fill="${p.m}"/><path d="M60 330A112 46 0 0 1 284 330L270 320A98 36 0 0 0 74 320Z" fill="${p.md}"/>` +
      `<rect x="134" y="226" width="100" height="96" rx="16" fill="${p.md}"/><rect x="146" y="236" width="76" height="20" rx="8" fill="${p.m}"/>` +
      `<rect x="86" y="128" width="32" height="112" rx="15" fill="${p.k}" transform="rotate(-32 102 240)"/>` +
      `<rect x="224" y="218" width="290" height="84" rx="40" fill="${p.c}"/><rect x="244" y="226" width="200" height="14" rx="7" fill="${p.l}" opacity=".45"/>` +
      `<rect x="410" y="220" width="104" height="80" rx="36" fill="${p.g}"/><rect x="300" y="210" width="64" height="14" rx="6" fill="${p.k}"/>` +
      cable(p, 'M512 262q42 2 46 56'),
  },
  orbital_sander: {
    box: [140, 196, 545, 440],
    focus: [300, 400],
    draw: (p) =>
      `<rect x="150" y="412" width="300" height="16" rx="6" fill="${p.hot}"/><rect x="150" y="384" width="300" height="34" rx="12" fill="${p.k}"/>` +
      `<path d="M184 388Q184 252 300 238Q416 252 416 388Z" fill="${p.c}"/><path d="M214 370Q214 280 300 266Q330 270 350 282Q250 300 246 370Z" fill="${p.l}" opacity=".35"/>` +
      `<ellipse cx="300" cy="240" rx="92" ry="34" fill="${p.g}"/><ellipse cx="300" cy="232" rx="70" ry="20" fill="${p.k}"/>` +
      `<rect x="282" y="306" width="36" height="20" rx="6" fill="${p.k}"/>` +
      `<path d="M410 330L462 306L474 334L414 362Z" fill="${p.k}"/>` +
      `<rect x="452" y="236" width="80" height="96" rx="26" fill="${p.md}" transform="rotate(-22 492 284)"/>${hatch(462, 250, 520, 320, 14, 0, p.m, 2)}`,
  },
  belt_sander: {
    box: [60, 196, 548, 432],
    focus: [140, 390],
    draw: (p) =>
      `<rect x="96" y="350" width="392" height="82" rx="41" fill="${p.hot}"/><rect x="108" y="362" width="368" height="58" rx="29" fill="${p.md}"/>` +
      `<circle cx="138" cy="391" r="26" fill="${p.m}"/><circle cx="446" cy="391" r="26" fill="${p.m}"/><circle cx="138" cy="391" r="8" fill="${p.md}"/><circle cx="446" cy="391" r="8" fill="${p.md}"/>` +
      `<path d="M170 362L188 276Q194 246 232 246L410 246Q444 246 444 280L444 362Z" fill="${p.c}"/>` +
      `<rect x="200" y="262" width="150" height="12" rx="6" fill="${p.l}" opacity=".45"/>` +
      loop(398, 196, 150, 116, 26, 28, p.k) +
      `<ellipse cx="196" cy="248" rx="48" ry="26" fill="${p.k}"/>` +
      `<rect x="60" y="286" width="96" height="34" rx="14" fill="${p.k}"/>`,
  },
  circular_saw: {
    box: [80, 140, 530, 486],
    focus: [240, 430],
    draw: (p) =>
      `<path d="${teeth(250, 330, 150, 40, 12)}" fill="${p.m}"/><circle cx="250" cy="330" r="30" fill="${p.md}"/>` +
      `<path d="M90 330A160 160 0 0 1 410 330L390 330A140 140 0 0 0 110 330Z" fill="${p.d}"/><path d="M96 330A154 154 0 0 1 404 330L250 330Z" fill="${p.c}"/>` +
      `<rect x="80" y="400" width="440" height="18" rx="4" fill="${p.md}"/>` +
      `<rect x="360" y="230" width="150" height="170" rx="36" fill="${p.c}"/><g fill="${p.d}"><rect x="390" y="300" width="96" height="8" rx="4"/><rect x="390" y="318" width="96" height="8" rx="4"/></g>` +
      loop(300, 140, 190, 110, 28, 30, p.k) +
      `<ellipse cx="140" cy="236" rx="40" ry="30" fill="${p.k}"/>` +
      `<circle cx="250" cy="330" r="14" fill="${p.m}"/>`,
  },
  miter_saw: {
    box: [70, 120, 530, 486],
    focus: [260, 380],
    draw: (p) =>
      `<rect x="70" y="436" width="460" height="50" rx="10" fill="${p.md}"/><ellipse cx="290" cy="436" rx="170" ry="24" fill="${p.m}"/><rect x="110" y="392" width="370" height="34" rx="4" fill="${p.m}"/>` +
      `<rect x="436" y="220" width="56" height="222" rx="16" fill="${p.c}"/>` +
      `<path d="${teeth(260, 320, 118, 36, 10)}" fill="${p.m}"/><circle cx="260" cy="320" r="22" fill="${p.md}"/>` +
      `<path d="M130 320A130 130 0 0 1 390 320L260 320Z" fill="${p.c}"/><rect x="250" y="198" width="232" height="54" rx="22" fill="${p.c}"/>` +
      `<rect x="300" y="150" width="96" height="82" rx="22" fill="${p.d}"/>` +
      loop(130, 120, 150, 96, 26, 26, p.k) +
      `<path d="M150 326A110 110 0 0 0 370 326L350 326A90 90 0 0 1 170 326Z" fill="${p.glass}" opacity=".35"/>`,
  },
  sabre_saw: {
    box: [40, 196, 548, 470],
    focus: [130, 278],
    draw: (p) => {
      let t = '';
      for (let x = 200; x > 56; x -= 12) t += `L${x - 6} 294L${x - 12} 284`;
      return (
        `<path d="M40 262L200 262L200 284${t}L40 278Z" fill="${p.m}"/>` +
        `<rect x="188" y="236" width="34" height="64" rx="8" fill="${p.md}"/>` +
        `<rect x="214" y="214" width="236" height="96" rx="42" fill="${p.c}"/><rect x="214" y="214" width="96" height="96" rx="40" fill="${p.g}"/>` +
        `<rect x="320" y="222" width="100" height="12" rx="6" fill="${p.l}" opacity=".45"/>` +
        loop(420, 196, 128, 206, 28, 30, p.k) +
        `<rect x="448" y="230" width="16" height="46" rx="7" fill="${p.d}"/>` +
        cable(p, 'M500 402q8 40 -34 64')
      );
    },
  },
  jigsaw: {
    box: [110, 146, 470, 520],
    focus: [180, 440],
    draw: (p) => {
      let t = '';
      for (let y = 430; y < 508; y += 12) t += `L164 ${y + 6}L170 ${y + 12}`;
      return (
        `<rect x="170" y="418" width="16" height="94" fill="${p.m}"/><path d="M170 424${t}Z" fill="${p.m}"/>` +
        `<rect x="116" y="398" width="350" height="24" rx="6" fill="${p.m}"/><rect x="116" y="412" width="350" height="10" rx="4" fill="${p.md}"/>` +
        `<path d="M146 400L146 302Q146 252 198 252L420 252Q454 252 454 290L454 400Z" fill="${p.c}"/><rect x="170" y="266" width="200" height="12" rx="6" fill="${p.l}" opacity=".45"/>` +
        `<path fill-rule="evenodd" fill="${p.k}" d="M200 262Q200 146 300 146L412 146Q456 146 456 196L456 262ZM244 254Q250 190 302 190L396 190Q414 190 414 210L414 254Z"/>` +
        `<rect x="390" y="222" width="16" height="28" rx="6" fill="${p.d}"/><circle cx="178" cy="402" r="11" fill="${p.md}"/>` +
        cable(p, 'M456 220q44 0 40 70')
      );
    },
  },
  planer: {
    box: [80, 166, 512, 414],
    focus: [160, 390],
    draw: (p) =>
      `<rect x="88" y="378" width="424" height="30" rx="6" fill="${p.m}"/><rect x="250" y="400" width="74" height="12" fill="${p.md}"/>` +
      `<path d="M98 380L128 302Q136 280 166 280L480 280Q504 280 504 306L504 380Z" fill="${p.c}"/><rect x="150" y="292" width="220" height="12" rx="6" fill="${p.l}" opacity=".45"/>` +
      `<rect x="84" y="232" width="82" height="66" rx="28" fill="${p.k}"/><rect x="96" y="226" width="58" height="16" rx="6" fill="${p.g}"/>` +
      loop(352, 166, 160, 130, 28, 30, p.k) +
      `<rect x="228" y="246" width="70" height="44" rx="12" fill="${p.k}"/><rect x="380" y="198" width="16" height="40" rx="6" fill="${p.d}"/>`,
  },
  router: {
    box: [100, 120, 500, 520],
    focus: [300, 460],
    draw: (p) =>
      `<rect x="291" y="458" width="18" height="62" fill="${p.m}"/><path d="M286 480h28l-6 40h-16z" fill="${p.md}"/>` +
      `<ellipse cx="300" cy="452" rx="170" ry="34" fill="${p.k}"/><ellipse cx="300" cy="444" rx="150" ry="24" fill="${p.g}"/>` +
      `<rect x="184" y="318" width="14" height="128" fill="${p.m}"/><rect x="402" y="318" width="14" height="128" fill="${p.m}"/>` +
      `<ellipse cx="146" cy="356" rx="44" ry="40" fill="${p.k}"/><ellipse cx="454" cy="356" rx="44" ry="40" fill="${p.k}"/>` +
      `<rect x="206" y="360" width="188" height="70" rx="14" fill="${p.md}"/>` +
      `<rect x="230" y="150" width="140" height="226" rx="30" fill="${p.c}"/><rect x="246" y="170" width="22" height="180" rx="11" fill="${p.l}" opacity=".4"/>` +
      `<rect x="240" y="120" width="120" height="44" rx="16" fill="${p.d}"/><g fill="${p.d}"><rect x="320" y="200" width="34" height="8" rx="4"/><rect x="320" y="216" width="34" height="8" rx="4"/><rect x="320" y="232" width="34" height="8" rx="4"/></g>`,
  },
  mixer: {
    box: [80, 110, 520, 520],
    focus: [300, 470],
    draw: (p) =>
      `<rect x="292" y="270" width="16" height="190" fill="${p.m}"/>` +
      `<path d="M240 452Q300 420 360 452Q300 484 240 452ZM250 492Q300 462 350 492Q300 522 250 492Z" fill="${p.m}"/><path d="M240 452Q300 420 360 452M250 492Q300 462 350 492" stroke="${p.cord}" stroke-width="3" fill="none"/>` +
      `<rect x="258" y="214" width="84" height="66" rx="10" fill="${p.md}"/>` +
      housing(p, 170, 114, 260, 108) +
      loop(80, 120, 110, 96, 24, 26, p.k) +
      loop(410, 120, 110, 96, 24, 26, p.k) +
      cable(p, 'M520 168q40 10 30 80'),
  },
};
