/**
 * The shortest reference from the page at `fromPath` (a directory-style path, /a/b/) to `target`
 * (an absolute path with optional query and hash). A listing's facet, sort and page links all share
 * the listing's long path: written relative, they weigh a third as much. Browsers and crawlers
 * resolve them exactly as the absolute form.
 */
export function relativeTo(fromPath: string, target: string): string {
  if (!target.startsWith('/') || target.startsWith('//')) return target;
  const cut = target.search(/[?#]/);
  const path = cut < 0 ? target : target.slice(0, cut);
  const tail = cut < 0 ? '' : target.slice(cut);
  const fromDir = fromPath.endsWith('/') ? fromPath : fromPath.slice(0, fromPath.lastIndexOf('/') + 1);
  let rel: string;
  if (path === fromDir) rel = tail.startsWith('?') ? tail : `./${tail}`;
  else {
    const from = fromDir.split('/').filter(Boolean);
    const to = path.split('/').filter(Boolean);
    let common = 0;
    while (common < from.length && common < to.length - (path.endsWith('/') ? 0 : 1) && from[common] === to[common]) common++;
    const rest = to.slice(common).join('/') + (path.endsWith('/') && to.length > common ? '/' : '');
    rel = '../'.repeat(from.length - common) + (rest || './') + tail;
  }
  return rel.length < target.length ? rel : target;
}
