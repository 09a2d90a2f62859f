/**
 * The content editor's enhancement (/desk/content/edit/): the form works without it. Adds the Markdown
 * toolbar, the preview tab (the server renders and sanitises the text exactly as a save does: POST
 * api/desk/content/preview/) and pictures in the text (uploaded at once through api/desk/content/upload/,
 * alt text asked first). No framework: a few hundred bytes for one form.
 */
type Envelope<T> = { status: string; data: T; errors: { message: string }[] };

async function call<T>(url: string, body: BodyInit, json = true): Promise<Envelope<T>> {
  const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: json ? { 'content-type': 'application/json' } : {}, body });
  return (await res.json()) as Envelope<T>;
}

function wrap(area: HTMLTextAreaElement, before: string, after = before, placeholder = 'текст') {
  const { selectionStart: s, selectionEnd: e, value } = area;
  const picked = value.slice(s, e) || placeholder;
  area.setRangeText(before + picked + after, s, e, 'end');
  area.focus();
}

function linePrefix(area: HTMLTextAreaElement, prefix: string) {
  const start = area.value.lastIndexOf('\n', area.selectionStart - 1) + 1;
  area.setRangeText(prefix, start, start, 'end');
  area.focus();
}

export function enhanceContentEditor(): void {
  const form = document.querySelector<HTMLFormElement>('[data-content-editor]');
  const area = form?.querySelector<HTMLTextAreaElement>('#f-body');
  if (!form || !area) return;
  const toolbar = form.querySelector<HTMLElement>('[data-toolbar]')!;
  const tabs = form.querySelector<HTMLElement>('[data-tabs]')!;
  const preview = form.querySelector<HTMLElement>('[data-preview]')!;
  toolbar.hidden = false;
  tabs.hidden = false;

  toolbar.addEventListener('click', async (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('[data-md]');
    if (!b) return;
    const kind = b.dataset.md;
    if (kind === 'bold') wrap(area, '**');
    else if (kind === 'italic') wrap(area, '_');
    else if (kind === 'h2') linePrefix(area, '## ');
    else if (kind === 'list') linePrefix(area, '- ');
    else if (kind === 'link') wrap(area, '[', '](/catalog/)', 'текст ссылки');
    else if (kind === 'image') {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
      input.addEventListener('change', async () => {
        const file = input.files?.[0];
        if (!file) return;
        const alt = prompt('Что на картинке? Описание обязательно: его читают незрячие посетители.')?.trim();
        if (!alt) return alert('Картинка не добавлена: нужно описание.');
        const fd = new FormData();
        fd.append('file', file);
        fd.append('alt', alt);
        const r = await call<{ id: number; src: string }>('/api/desk/content/upload/', fd, false).catch(() => null);
        if (!r || r.status !== 'success') return alert(r?.errors[0]?.message ?? 'Не удалось загрузить картинку. Попробуйте ещё раз.');
        area.setRangeText(`\n![${alt.replace(/[[\]]/g, '')}](${r.data.src})\n`, area.selectionStart, area.selectionEnd, 'end');
        area.focus();
      });
      input.click();
    }
  });

  tabs.addEventListener('click', async (ev) => {
    const b = (ev.target as HTMLElement).closest<HTMLButtonElement>('[data-tab]');
    if (!b) return;
    const showPreview = b.dataset.tab === 'preview';
    for (const t of tabs.querySelectorAll<HTMLButtonElement>('[data-tab]')) t.setAttribute('aria-pressed', String(t === b));
    area.hidden = showPreview;
    toolbar.hidden = showPreview;
    preview.hidden = !showPreview;
    if (!showPreview) return area.focus();
    preview.textContent = 'Готовим предпросмотр…';
    const r = await call<{ html: string }>('/api/desk/content/preview/', JSON.stringify({ body: area.value })).catch(() => null);
    // The server's HTML is the sanitised one a save would store.
    if (r?.status === 'success') preview.innerHTML = r.data.html || '<p>Текста пока нет.</p>';
    else preview.textContent = r?.errors[0]?.message ?? 'Предпросмотр не удался: проверьте связь.';
  });

  for (const f of document.querySelectorAll<HTMLFormElement>('form[data-confirm]')) {
    f.addEventListener('submit', (ev) => {
      if (!confirm(f.dataset.confirm!)) ev.preventDefault();
    });
  }
}
