/** Welding, compressed air, building site machines and protective wear. */
import type { Palette } from './palette';
import { cable, hatch, loop, type Drawing } from './shapes';

const wheel = (p: Palette, cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.k}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.42}" fill="${p.md}"/>`;

const gauge = (p: Palette, cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.md}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="${p.w}"/><path d="M${cx} ${cy}L${cx + r * 0.5} ${cy - r * 0.4}" stroke="#d0352b" stroke-width="3"/>`;

/** Welding machine case with a front panel; `tall` for the wire feeders. */
const welderCase = (p: Palette, x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${p.c}"/><rect x="${x}" y="${y + h - 24}" width="${w}" height="24" rx="10" fill="${p.k}"/>` +
  `<rect x="${x + 20}" y="${y + 24}" width="${w * 0.42}" height="${h - 70}" rx="10" fill="${p.k}"/>` +
  `<rect x="${x + 36}" y="${y + 40}" width="${w * 0.42 - 32}" height="34" rx="4" fill="${p.glass}"/><rect x="${x + 46}" y="${y + 50}" width="40" height="14" fill="#e8903a" opacity=".9"/>` +
  `<circle cx="${x + 20 + w * 0.21}" cy="${y + 120}" r="26" fill="${p.w}"/><circle cx="${x + 20 + w * 0.21}" cy="${y + 120}" r="8" fill="${p.k}"/>` +
  hatch(x + w * 0.55, y + 40, x + w - 24, y + h - 60, 16, 0, p.d, 6);

const glove = (p: Palette, cuffColor: string, fingers: string, long: boolean) =>
  `<path d="M196 ${long ? 520 : 470}L196 262Q196 232 222 230L224 150Q246 128 268 150L270 222L284 120Q306 100 326 120L322 222L350 140Q372 126 392 146L368 262L412 218Q438 206 444 236L382 362L382 ${long ? 520 : 470}Z" fill="${fingers}"/>` +
  `<rect x="190" y="${long ? 400 : 420}" width="200" height="${long ? 126 : 60}" rx="8" fill="${cuffColor}"/>` +
  (long ? `<path d="M190 420h200M190 500h200" stroke="${p.d}" stroke-width="4"/>` : hatch(200, 424, 380, 476, 10, 0, p.g, 2));

export const EQUIPMENT: Record<string, Drawing> = {
  welder: {
    box: [70, 150, 540, 500],
    focus: [220, 280],
    draw: (p) =>
      `<rect x="220" y="150" width="160" height="30" rx="12" fill="${p.k}"/><rect x="236" y="170" width="16" height="36" fill="${p.k}"/><rect x="348" y="170" width="16" height="36" fill="${p.k}"/>` +
      welderCase(p, 150, 200, 320, 220) +
      `<circle cx="190" cy="386" r="12" fill="${p.md}"/><circle cx="250" cy="386" r="12" fill="${p.md}"/>` +
      cable(p, 'M190 396q-10 80 -90 84', 10) +
      cable(p, 'M250 396q0 70 120 80t120 -20', 10) +
      `<rect x="60" y="462" width="90" height="28" rx="10" fill="${p.k}" transform="rotate(-10 105 476)"/><rect x="470" y="440" width="70" height="30" rx="6" fill="${p.hot}"/><path d="M470 440l-30 -20M470 470l-30 20" stroke="${p.cord}" stroke-width="8"/>`,
  },
  mig_welder: {
    box: [40, 110, 520, 520],
    focus: [330, 250],
    draw: (p) =>
      `<rect x="150" y="110" width="360" height="360" rx="20" fill="${p.c}"/><rect x="150" y="440" width="360" height="30" rx="10" fill="${p.k}"/>` +
      `<rect x="270" y="140" width="220" height="280" rx="10" fill="${p.w}"/><circle cx="380" cy="260" r="86" fill="${p.md}"/><circle cx="380" cy="260" r="64" fill="${p.gold}"/><circle cx="380" cy="260" r="20" fill="${p.k}"/>` +
      `<rect x="168" y="140" width="86" height="260" rx="8" fill="${p.k}"/><circle cx="211" cy="200" r="22" fill="${p.w}"/><circle cx="211" cy="270" r="22" fill="${p.w}"/><circle cx="211" cy="350" r="12" fill="${p.md}"/>` +
      wheel(p, 200, 486, 34) + wheel(p, 460, 486, 34) +
      cable(p, 'M211 362q-20 120 -110 110', 16) +
      `<path d="M102 472L60 440L40 446" stroke="${p.cord}" stroke-width="14" fill="none" stroke-linecap="round"/><rect x="86" y="452" width="54" height="32" rx="10" fill="${p.k}"/>`,
  },
  tig_welder: {
    box: [60, 80, 540, 500],
    focus: [455, 130],
    draw: (p) =>
      `<rect x="410" y="120" width="96" height="370" rx="44" fill="#5b6b5a"/><rect x="410" y="120" width="96" height="80" rx="44" fill="${p.md}"/><rect x="440" y="86" width="36" height="44" rx="8" fill="${p.m}"/>${gauge(p, 494, 100, 20)}` +
      cable(p, 'M458 96q-60 -20 -110 60', 6) +
      `<rect x="180" y="180" width="24" height="26" fill="${p.k}"/><rect x="306" y="180" width="24" height="26" fill="${p.k}"/><rect x="170" y="166" width="170" height="24" rx="10" fill="${p.k}"/>` +
      welderCase(p, 100, 200, 300, 220) +
      cable(p, 'M150 400q-20 70 -80 90', 8) +
      `<rect x="60" y="470" width="60" height="22" rx="8" fill="${p.k}" transform="rotate(-30 90 480)"/>` +
      cable(p, 'M210 400q20 80 120 90', 8),
  },
  welding_mask: {
    box: [110, 100, 490, 510],
    focus: [300, 290],
    draw: (p) =>
      `<path d="M110 300Q104 220 150 190M490 300Q496 220 450 190" stroke="${p.cord}" stroke-width="16" fill="none"/>` +
      `<path d="M300 100C430 100 484 196 480 320C476 440 396 510 300 510C204 510 124 440 120 320C116 196 170 100 300 100Z" fill="${p.k}"/>` +
      `<path d="M300 120C410 120 456 200 456 300L420 300C420 210 380 150 300 150Z" fill="${p.c}"/><path d="M160 430Q210 490 300 492Q390 490 440 430L420 420Q370 470 300 470Q230 470 180 420Z" fill="${p.c}"/>` +
      `<rect x="214" y="252" width="172" height="96" rx="10" fill="${p.g}"/><rect x="226" y="264" width="148" height="72" rx="6" fill="${p.glass}"/><path d="M236 276L290 276L246 326Z" fill="#fff" opacity=".15"/>` +
      `<circle cx="240" cy="370" r="6" fill="${p.md}"/><circle cx="360" cy="370" r="6" fill="${p.md}"/>`,
  },
  welding_gloves: {
    box: [180, 100, 450, 530],
    focus: [300, 200],
    draw: (p) => glove(p, p.c, '#b9733b', true) + `<path d="M230 300q40 20 110 0" stroke="#8a5226" stroke-width="4" fill="none"/>`,
  },
  compressor: {
    box: [70, 170, 530, 510],
    focus: [210, 260],
    draw: (p) =>
      `<rect x="80" y="330" width="440" height="136" rx="68" fill="${p.c}"/><rect x="110" y="342" width="360" height="16" rx="8" fill="${p.l}" opacity=".45"/>` +
      `<rect x="160" y="190" width="100" height="150" rx="6" fill="${p.md}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="150" y="${200 + i * 20}" width="120" height="9" rx="3" fill="${p.m}"/>`).join('')}` +
      `<rect x="270" y="236" width="170" height="104" rx="22" fill="${p.k}"/>${hatch(300, 250, 420, 326, 14, 0, p.g, 5)}<circle cx="444" cy="288" r="44" fill="${p.g}"/><circle cx="444" cy="288" r="30" fill="${p.k}"/>` +
      gauge(p, 470, 196, 26) +
      `<rect x="462" y="218" width="16" height="120" fill="${p.md}"/>` +
      wheel(p, 150, 470, 38) +
      `<rect x="430" y="452" width="26" height="52" rx="6" fill="${p.k}"/><rect x="70" y="300" width="20" height="60" rx="6" fill="${p.k}"/>`,
  },
  compressor_oilfree: {
    box: [150, 90, 450, 520],
    focus: [300, 160],
    draw: (p) =>
      `<rect x="200" y="190" width="200" height="300" rx="90" fill="${p.c}"/><rect x="222" y="220" width="22" height="230" rx="11" fill="${p.l}" opacity=".4"/>` +
      `<path d="M180 190Q180 120 240 110L360 110Q420 120 420 190L420 210L180 210Z" fill="${p.k}"/>${hatch(220, 130, 380, 190, 16, 0, p.g, 6)}` +
      loop(250, 90, 100, 46, 16, 14, p.k) +
      gauge(p, 300, 300, 30) + gauge(p, 360, 380, 22) +
      `<rect x="180" y="480" width="70" height="26" rx="8" fill="${p.k}"/><rect x="350" y="480" width="70" height="26" rx="8" fill="${p.k}"/><rect x="386" y="420" width="40" height="20" rx="6" fill="${p.gold}"/>`,
  },
  air_impact: {
    box: [70, 150, 540, 530],
    focus: [150, 230],
    draw: (p) =>
      `<rect x="74" y="196" width="70" height="64" rx="6" fill="${p.m}"/><path d="M74 212h70M74 244h70" stroke="${p.md}" stroke-width="4"/><rect x="142" y="214" width="22" height="28" fill="${p.md}"/>` +
      `<rect x="160" y="168" width="260" height="120" rx="40" fill="${p.k}"/><rect x="160" y="168" width="110" height="120" rx="30" fill="${p.md}"/><rect x="300" y="180" width="100" height="14" rx="7" fill="${p.c}"/>` +
      `<path d="M300 282L390 282L380 446L314 446Z" fill="${p.k}"/><path d="M312 296L378 296L370 430L320 430Z" fill="${p.g}"/><rect x="270" y="300" width="26" height="52" rx="10" fill="${p.c}"/>` +
      `<rect x="330" y="444" width="34" height="30" rx="4" fill="${p.gold}"/>` +
      cable(p, 'M347 474q0 40 50 46t110 -40', 14),
  },
  spray_gun: {
    box: [60, 100, 470, 520],
    focus: [300, 160],
    draw: (p) =>
      `<path d="M230 110L370 110L356 220L244 220Z" fill="${p.w}" opacity=".9"/><rect x="222" y="96" width="156" height="26" rx="8" fill="${p.c}"/><rect x="286" y="216" width="28" height="40" fill="${p.md}"/>` +
      `<rect x="120" y="250" width="300" height="70" rx="22" fill="${p.m}"/><rect x="70" y="262" width="60" height="46" rx="12" fill="${p.md}"/><circle cx="74" cy="285" r="14" fill="${p.gold}"/>` +
      `<path d="M330 310L410 310L396 470L344 470Z" fill="${p.m}"/><path d="M290 318Q270 360 300 400" stroke="${p.cord}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
      `<rect x="420" y="266" width="50" height="20" rx="8" fill="${p.k}"/><rect x="360" y="468" width="28" height="40" rx="4" fill="${p.gold}"/>${cable(p, 'M374 508q0 14 40 10', 12)}`,
  },
  concrete_mixer: {
    box: [60, 90, 540, 520],
    focus: [300, 200],
    draw: (p) =>
      `<path d="M150 500L270 300M450 500L330 300" stroke="${p.cord}" stroke-width="18" stroke-linecap="round"/>` +
      `<g transform="rotate(32 330 260)"><path d="M150 200L260 140L420 140Q470 140 470 260Q470 380 420 380L260 380L150 320Z" fill="${p.c}"/><rect x="270" y="156" width="150" height="16" rx="8" fill="${p.l}" opacity=".45"/>` +
      `<rect x="330" y="136" width="28" height="248" rx="6" fill="${p.md}"/><path d="M200 172L200 348M230 156L230 364" stroke="${p.d}" stroke-width="6"/><ellipse cx="150" cy="260" rx="20" ry="60" fill="${p.k}"/></g>` +
      `<circle cx="380" cy="330" r="46" fill="${p.md}"/><circle cx="380" cy="330" r="30" fill="${p.m}"/>` +
      `<rect x="420" y="380" width="110" height="80" rx="12" fill="${p.k}"/>` +
      wheel(p, 150, 486, 36) +
      `<rect x="440" y="492" width="40" height="20" rx="4" fill="${p.k}"/>`,
  },
  generator: {
    box: [70, 150, 530, 500],
    focus: [400, 380],
    draw: (p) =>
      `<rect x="120" y="230" width="220" height="210" rx="20" fill="${p.md}"/>${hatch(140, 250, 320, 300, 18, 0, p.m, 6)}<circle cx="230" cy="370" r="50" fill="${p.k}"/><circle cx="230" cy="370" r="30" fill="${p.g}"/>` +
      `<rect x="330" y="300" width="160" height="140" rx="16" fill="${p.c}"/><rect x="350" y="320" width="120" height="80" rx="8" fill="${p.k}"/><circle cx="380" cy="360" r="14" fill="${p.w}"/><circle cx="440" cy="360" r="14" fill="${p.w}"/>` +
      `<rect x="140" y="170" width="310" height="80" rx="30" fill="${p.c}"/><rect x="170" y="160" width="60" height="20" rx="8" fill="${p.k}"/>` +
      loop(80, 150, 440, 320, 20, 26, p.k) +
      wheel(p, 150, 480, 30) + wheel(p, 450, 480, 30),
  },
  inverter_generator: {
    box: [110, 110, 490, 470],
    focus: [380, 360],
    draw: (p) =>
      `<path fill-rule="evenodd" fill="${p.c}" d="M150 160Q150 120 190 120L410 120Q450 120 450 160L450 180L150 180ZM220 140h160v24h-160Z"/>` +
      `<rect x="120" y="170" width="360" height="290" rx="50" fill="${p.c}"/><rect x="140" y="190" width="320" height="20" rx="10" fill="${p.l}" opacity=".4"/>` +
      `<rect x="150" y="250" width="150" height="160" rx="20" fill="${p.k}"/>${hatch(170, 270, 280, 390, 14, 0, p.g, 5)}` +
      `<rect x="320" y="270" width="130" height="150" rx="14" fill="${p.k}"/><circle cx="350" cy="310" r="12" fill="${p.w}"/><circle cx="410" cy="310" r="12" fill="${p.w}"/><rect x="338" y="350" width="92" height="40" rx="8" fill="${p.w}"/><circle cx="350" cy="400" r="6" fill="#7ccf5a"/>` +
      `<rect x="110" y="448" width="90" height="22" rx="6" fill="${p.k}"/><rect x="400" y="448" width="90" height="22" rx="6" fill="${p.k}"/>`,
  },
  heater_electric: {
    box: [120, 100, 480, 520],
    focus: [300, 290],
    draw: (p) =>
      `<path d="M180 430L140 520M420 430L460 520" stroke="${p.cord}" stroke-width="14" stroke-linecap="round"/><path d="M130 520h80M390 520h80" stroke="${p.cord}" stroke-width="10" stroke-linecap="round"/>` +
      `<rect x="140" y="140" width="320" height="300" rx="40" fill="${p.c}"/>` +
      loop(220, 100, 160, 60, 16, 18, p.k) +
      `<circle cx="300" cy="290" r="122" fill="${p.k}"/><circle cx="300" cy="290" r="104" fill="${p.hot}"/><circle cx="300" cy="290" r="70" fill="#f6b55a"/>` +
      `${[112, 92, 72, 52, 32].map((r) => `<circle cx="300" cy="290" r="${r}" fill="none" stroke="${p.cord}" stroke-width="5"/>`).join('')}<path d="M180 290H420M300 170V410" stroke="${p.cord}" stroke-width="5"/>` +
      `<circle cx="430" cy="410" r="14" fill="${p.w}"/>`,
  },
  heater_diesel: {
    box: [70, 170, 550, 500],
    focus: [130, 280],
    draw: (p) =>
      `<rect x="120" y="350" width="380" height="110" rx="30" fill="${p.c}"/><rect x="150" y="364" width="200" height="14" rx="7" fill="${p.l}" opacity=".45"/>` +
      `<rect x="110" y="210" width="380" height="130" rx="44" fill="${p.md}"/><rect x="110" y="250" width="380" height="26" fill="${p.c}"/>` +
      `<ellipse cx="110" cy="275" rx="34" ry="66" fill="${p.k}"/><ellipse cx="110" cy="275" rx="22" ry="48" fill="${p.hot}"/>` +
      `<rect x="470" y="230" width="50" height="90" rx="14" fill="${p.k}"/>${hatch(478, 240, 512, 310, 10, 0, p.g, 3)}` +
      loop(200, 170, 240, 60, 14, 16, p.k) +
      `<rect x="320" y="300" width="110" height="40" rx="8" fill="${p.k}"/><circle cx="360" cy="320" r="8" fill="#7ccf5a"/>` +
      wheel(p, 170, 470, 32) + wheel(p, 450, 470, 32) + `<rect x="500" y="380" width="50" height="20" rx="8" fill="${p.k}"/>`,
  },
  work_gloves: {
    box: [180, 100, 450, 480],
    focus: [300, 200],
    draw: (p) => glove(p, p.w, p.c, false),
  },
  safety_glasses: {
    box: [60, 200, 540, 420],
    focus: [220, 300],
    draw: (p) =>
      `<path d="M90 260L40 230M510 260L560 230" stroke="${p.cord}" stroke-width="14" stroke-linecap="round"/>` +
      `<path d="M80 250Q300 200 520 250L510 340Q470 410 380 390Q330 380 300 340Q270 380 220 390Q130 410 90 340Z" fill="#cfe6f5" opacity=".85"/>` +
      `<path d="M80 250Q300 200 520 250L516 270Q300 224 84 270Z" fill="${p.c}"/><path d="M284 336Q300 316 316 336" stroke="${p.k}" stroke-width="10" fill="none"/>` +
      `<path d="M140 270Q170 262 200 262L150 350Z" fill="#fff" opacity=".45"/>`,
  },
};
