// Lighthouse CI: the built server on a fresh demo database, mobile, in the Chromium scripts/chromium.mjs finds.
const { execFileSync } = require('node:child_process');

const chromePath = execFileSync(process.execPath, ['-e', "import('./scripts/chromium.mjs').then((m) => process.stdout.write(m.findChromium() ?? '/usr/bin/chromium'))"], { encoding: 'utf8' });
const config = {
  "ci": {
    "collect": {
      "startServerCommand": "node scripts/e2e-server.mjs",
      "startServerReadyPattern": "Store ready",
      "startServerReadyTimeout": 180000,
      "url": [
        "http://127.0.0.1:4399/",
        "http://127.0.0.1:4399/catalog/elektroinstrument/dreli/dreli-udarnye/",
        "http://127.0.0.1:4399/drel-udarnaya-wester-db195/",
        "http://127.0.0.1:4399/filial/",
        "http://127.0.0.1:4399/where-buy/",
        "http://127.0.0.1:4399/media/"
      ],
      "numberOfRuns": 2,
      "chromePath": "/usr/bin/chromium",
      "settings": {
        "formFactor": "mobile",
        "chromeFlags": "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic"
      }
    },
    "assert": {
      "assertions": {
        "categories:performance": [
          "error",
          {
            "minScore": 0.95
          }
        ],
        "categories:accessibility": [
          "error",
          {
            "minScore": 0.95
          }
        ],
        "categories:seo": [
          "error",
          {
            "minScore": 1
          }
        ],
        "categories:best-practices": [
          "warn",
          {
            "minScore": 0.9
          }
        ]
      }
    },
    "upload": {
      "target": "filesystem",
      "outputDir": ".lighthouseci/reports"
    }
  }
};
config.ci.collect.chromePath = chromePath;
module.exports = config;
