/** A PDF document as a private download (invoice, receipt). */
export function pdfResponse(pdf: Buffer, ascii: string, name: string, inline = false): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${encodeURIComponent(ascii)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'private, no-store',
    },
  });
}
