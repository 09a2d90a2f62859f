/**
 * An HTML page is rendered whole before its first byte is sent. Astro streams a page as it renders,
 * so an error inside a component (an island, a part of the layout) after the first chunk could only
 * cut the connection: the visitor got half a page, or nothing, and no 500 page. Rendered whole, the
 * error reaches Astro's error handling (500.astro, logged once). Pages here are tens of kilobytes
 * rendered in milliseconds, and the page cache and compression read them whole anyway; only bodies
 * that are not HTML (export feeds, files) keep streaming.
 */
export async function wholeHtml(response: Response): Promise<Response> {
  if (!response.body || !/^text\/html/i.test(response.headers.get('content-type') ?? '')) return response;
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
