// After `astro build`: writes .br and .gz next to every compressible file of dist/client, once, at the
// highest settings, so the server answers static files precompressed (src/server/page-cache/front.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|csv|map)$/;
let files = 0;
let before = 0;
let after = 0;
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, e.name);
    if (e.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(e.name)) {
      const body = fs.readFileSync(full);
      if (body.length < 256) continue;
      const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      const gz = zlib.gzipSync(body, { level: 9 });
      fs.writeFileSync(full + '.br', br);
      fs.writeFileSync(full + '.gz', gz);
      files++;
      before += body.length;
      after += br.length;
    }
  }
};
walk(dir);
console.log(`compress-assets: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
