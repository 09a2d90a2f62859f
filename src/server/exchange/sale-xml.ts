/**
 * A small, safe XML reader and writer for the order exchange with 1C (sale.ts). CommerceML order
 * files are small; this reads them into a tree without any DTD support: a DOCTYPE or ENTITY
 * declaration anywhere is refused (no entity expansion, no external entities — no XML bombs), and
 * only the five predefined entities and character references are decoded.
 */

export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

export class XmlRefused extends Error {
  constructor(
    readonly kind: 'doctype' | 'syntax',
    message: string,
  ) {
    super(message);
  }
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (m, ref: string | undefined) => {
    if (!ref) throw new XmlRefused('syntax', 'символ & без ссылки');
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code > 0x10ffff) throw new XmlRefused('syntax', `неверная ссылка ${m}`);
      return String.fromCodePoint(code);
    }
    const v = PREDEFINED[ref];
    if (v === undefined) throw new XmlRefused('syntax', `неизвестная сущность ${m}`);
    return v;
  });
}

const NAME = /^[^\s/>=<"']+/;

/** Parses `xml` into its root element. Throws XmlRefused on a DOCTYPE/ENTITY or malformed input. */
export function parseXml(xml: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlRefused('doctype', 'DOCTYPE');
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const raw = xml.slice(i, textEnd);
      if (stack.length) stack[stack.length - 1]!.text += decode(raw);
      else if (raw.trim()) throw new XmlRefused('syntax', 'текст вне корневого элемента');
    }
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i);
      if (end < 0) throw new XmlRefused('syntax', 'незакрытая инструкция');
      i = end + 2;
    } else if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i);
      if (end < 0) throw new XmlRefused('syntax', 'незакрытый комментарий');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i);
      if (end < 0 || !stack.length) throw new XmlRefused('syntax', 'неверная секция CDATA');
      stack[stack.length - 1]!.text += xml.slice(i + 9, end);
      i = end + 3;
    } else if (xml.startsWith('<!', i)) {
      throw new XmlRefused('doctype', 'объявление <!…>');
    } else if (xml.startsWith('</', i)) {
      const end = xml.indexOf('>', i);
      if (end < 0) throw new XmlRefused('syntax', 'незакрытый тег');
      const name = xml.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlRefused('syntax', `закрывающий тег </${name}> не соответствует открытому`);
      i = end + 1;
    } else {
      i += 1;
      const m = NAME.exec(xml.slice(i, i + 200));
      if (!m) throw new XmlRefused('syntax', 'неверное имя тега');
      const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
      i += m[0].length;
      let selfClosing = false;
      for (;;) {
        while (i < n && /\s/.test(xml[i]!)) i++;
        if (i >= n) throw new XmlRefused('syntax', 'незакрытый тег');
        if (xml[i] === '>') { i++; break; }
        if (xml.startsWith('/>', i)) { i += 2; selfClosing = true; break; }
        const a = NAME.exec(xml.slice(i, i + 200));
        if (!a) throw new XmlRefused('syntax', `неверный атрибут в <${el.name}>`);
        i += a[0].length;
        while (i < n && /\s/.test(xml[i]!)) i++;
        if (xml[i] !== '=') throw new XmlRefused('syntax', `неверный атрибут в <${el.name}>`);
        i++;
        while (i < n && /\s/.test(xml[i]!)) i++;
        const q = xml[i];
        if (q !== '"' && q !== "'") throw new XmlRefused('syntax', `неверный атрибут в <${el.name}>`);
        const close = xml.indexOf(q, i + 1);
        if (close < 0) throw new XmlRefused('syntax', 'незакрытое значение атрибута');
        el.attrs[a[0]] = decode(xml.slice(i + 1, close));
        i = close + 1;
      }
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else if (root) throw new XmlRefused('syntax', 'второй корневой элемент');
      else root = el;
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length) throw new XmlRefused('syntax', `незакрытый элемент <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new XmlRefused('syntax', 'пустой документ');
  return root;
}

/** Children of `el` named `name`. */
export const kids = (el: XmlElement | undefined, name: string): XmlElement[] => (el ? el.children.filter((c) => c.name === name) : []);
/** The first child named `name`. */
export const kid = (el: XmlElement | undefined, name: string): XmlElement | undefined => el?.children.find((c) => c.name === name);
/** The trimmed text of the first child named `name` ('' when absent). */
export const kidText = (el: XmlElement | undefined, name: string): string => kid(el, name)?.text.trim() ?? '';

/** Text escaped for element content and attribute values; characters XML 1.0 forbids are dropped. */
export function esc(value: string | number | null | undefined): string {
  return String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A tiny element builder: el('Ид', '42') → <Ид>42</Ид>; children given as already-built strings. */
export const el = (name: string, ...content: (string | null | undefined | false)[]): string => `<${name}>${content.filter((c) => typeof c === 'string').join('')}</${name}>`;
export const leaf = (name: string, value: string | number | null | undefined): string => `<${name}>${esc(value)}</${name}>`;
