/**
 * A streaming reader of CommerceML 2 files (docs/decisions/0200-exchange-1c.md). The file is read in
 * 64 KB chunks and fed to saxes; only the records the import needs are kept, each as a small tree of
 * its own (a Товар, an Предложение, the group tree…), and handed over in file order after every chunk,
 * so memory stays bounded by the largest record, not by the file.
 *
 * No DTD and no entity but XML's five: a `<!DOCTYPE` stops the file (XML bombs and external entities
 * never get a chance), and saxes refuses any undefined entity reference.
 */
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';

/** One element: its attributes, text and children in order. */
export type XmlNode = { name: string; attrs: Record<string, string>; text: string; children: XmlNode[] };

/** The first child named `name` (several names: a path). */
export function child(n: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let cur = n;
  for (const p of path) cur = cur?.children.find((c) => c.name === p);
  return cur;
}

export function children(n: XmlNode | undefined, name: string): XmlNode[] {
  return n ? n.children.filter((c) => c.name === name) : [];
}

/** The trimmed text of a child path ('' when absent). */
export function textOf(n: XmlNode | undefined, ...path: string[]): string {
  return (child(n, ...path)?.text ?? '').trim();
}

/** A record the reader hands over: where it was (element names from the root) and the element. */
export type XmlRecord = { path: string; node: XmlNode };

/** Raised for a file that is not well-formed or not allowed; `message` is Russian and names the place. */
export class XmlRefused extends Error {}

/**
 * Reads `file`, calling `onOpen` for every element opened (path and attributes: for flags such as
 * СодержитТолькоИзменения), and `onRecord` for every element whose path `isRecord` selects, once it is
 * closed. `onRecord` may be async: the reader waits for the records of a chunk before reading the next.
 */
export async function readRecords(
  file: string,
  isRecord: (path: string) => boolean,
  onRecord: (r: XmlRecord) => Promise<void> | void,
  onOpen?: (path: string, attrs: Record<string, string>) => void,
): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  const building: XmlNode[] = [];
  let recordDepth = -1;
  let ready: XmlRecord[] = [];
  let failure: Error | null = null;
  const fail = (why: string) => {
    failure ??= new XmlRefused(`${why} (строка ${parser.line}, столбец ${parser.column})`);
  };
  parser.on('doctype', () => fail('объявление DOCTYPE (DTD) не допускается'));
  parser.on('error', (e) => fail(`XML повреждён: ${e.message.replace(/^\S+:\d+:\d+: /, '')}`));
  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    const path = stack.join('/');
    const attrs = tag.attributes as Record<string, string>;
    onOpen?.(path, attrs);
    if (recordDepth < 0 && isRecord(path)) recordDepth = stack.length;
    if (recordDepth > 0) {
      const node: XmlNode = { name: tag.name, attrs, text: '', children: [] };
      building[building.length - 1]?.children.push(node);
      building.push(node);
    }
  });
  const onText = (t: string) => {
    const top = building[building.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (recordDepth > 0) {
      const node = building.pop()!;
      if (stack.length === recordDepth) {
        ready.push({ path: stack.join('/'), node });
        recordDepth = -1;
      }
    }
    stack.pop();
  });

  const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  const decoder = new StringDecoder('utf8');
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let s = decoder.write(chunk);
      if (!s) continue;
      if (first) {
        first = false;
        if (!s.trimStart().startsWith('<') && !s.startsWith('\uFEFF')) throw new XmlRefused('это не XML-файл');
        const decl = /^\uFEFF?<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(s);
        if (decl && !/^utf-?8$/i.test(decl[1]!)) throw new XmlRefused(`кодировка ${decl[1]} не поддерживается, нужен UTF-8`);
        s = s.replace(/^\uFEFF/, '');
      }
      parser.write(s);
      if (failure) throw failure;
      const batch = ready;
      ready = [];
      for (const r of batch) await onRecord(r);
    }
    parser.close();
    if (failure) throw failure;
    for (const r of ready) await onRecord(r);
  } finally {
    stream.destroy();
  }
}
