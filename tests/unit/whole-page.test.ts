import { describe, expect, it } from 'vitest';
import { wholeHtml } from '../../src/server/http/whole-page';

/** A body that sends `chunks`, then fails the way a component throwing mid-page does (or ends). */
function streamed(chunks: string[], failure?: Error): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else if (failure) controller.error(failure);
      else controller.close();
    },
  });
}

describe('an HTML page is rendered whole before it is sent', () => {
  it('a page that fails after its first chunk rejects, so Astro answers its 500 page instead of half a page', async () => {
    const response = new Response(streamed(['<!doctype html><html><head>', '<title>Избранное</title>'], new Error('island failed')), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    await expect(wholeHtml(response)).rejects.toThrow('island failed');
  });

  it('a page that renders keeps its bytes, status and headers, every cookie included', async () => {
    const headers = new Headers({ 'content-type': 'text/html', 'cache-control': 'no-store' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    const html = await wholeHtml(new Response(streamed(['<p>Дрель', ' ударная</p>']), { status: 404, statusText: 'Not Found', headers }));
    expect(await html.text()).toBe('<p>Дрель ударная</p>');
    expect(html.status).toBe(404);
    expect(html.statusText).toBe('Not Found');
    expect(html.headers.get('cache-control')).toBe('no-store');
    expect(html.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('other bodies (an export feed, a file) and empty answers are passed on as they are, still streaming', async () => {
    const feed = new Response(streamed(['артикул;цена\n']), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    expect(await wholeHtml(feed)).toBe(feed);
    expect(feed.bodyUsed).toBe(false);
    const redirect = Response.redirect('https://shop.by/login/', 302);
    expect(await wholeHtml(redirect)).toBe(redirect);
    const head = new Response(null, { headers: { 'content-type': 'text/html' } });
    expect(await wholeHtml(head)).toBe(head);
  });
});
