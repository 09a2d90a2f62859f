// Renders page 1 of a PDF as a 360-px-wide phone screenshot (pdf.js from unpdf, in Chromium): `node scripts/pdf-screenshot.mjs in.pdf out.png`.
// Used for docs/screenshots/pay-receipt.png (issue 26: "the receipt PDF opened and looked at").
import { chromium } from '@playwright/test';
import fs from 'node:fs';
const [pdfPath, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2.75 });
await page.route('http://pdf.local/**', (route) => {
  const u = new URL(route.request().url());
  if (u.pathname === '/pdfjs.mjs') return route.fulfill({ body: fs.readFileSync('node_modules/unpdf/dist/pdfjs.mjs'), contentType: 'text/javascript' });
  if (u.pathname === '/doc.pdf') return route.fulfill({ body: fs.readFileSync(pdfPath), contentType: 'application/pdf' });
  return route.fulfill({ contentType: 'text/html', body: `<!doctype html><body style="margin:0;background:#fff"><canvas id="c" style="width:360px;display:block"></canvas><script type="module">
    const pdfjs = await import('/pdfjs.mjs');
    const lib = pdfjs.getDocument ? pdfjs : (await pdfjs.resolvePDFJS?.()) ?? pdfjs;
    const doc = await lib.getDocument({ data: new Uint8Array(await (await fetch('/doc.pdf')).arrayBuffer()), disableWorker: true }).promise;
    const p = await doc.getPage(1);
    const vp = p.getViewport({ scale: (360 * 2.75) / p.getViewport({ scale: 1 }).width });
    const c = document.getElementById('c'); c.width = vp.width; c.height = vp.height;
    await p.render({ canvasContext: c.getContext('2d'), viewport: vp }).promise;
    document.body.dataset.done = '1';
  </script></body>` });
});
page.on('console', (m) => console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto('http://pdf.local/');
await page.waitForSelector('body[data-done="1"]', { timeout: 30000 });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
