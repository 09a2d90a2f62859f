// Lighthouse CI: the built server on a fresh demo database, mobile, in the Chromium scripts/chromium.mjs finds.
// Three runs per URL; performance and Total Blocking Time are asserted on the median run (issue 9).
// LHCI_PORT moves the server off the default 4399 (another checkout's e2e or lhci may be using it).
const { execFileSync } = require('node:child_process');

const port = Number(process.env.LHCI_PORT ?? 4399);
const base = `http://127.0.0.1:${port}`;

const chromePath = execFileSync(process.execPath, ['-e', "import('./scripts/chromium.mjs').then((m) => process.stdout.write(m.findChromium() ?? '/usr/bin/chromium'))"], { encoding: 'utf8' });
const config = {
  "ci": {
    "collect": {
      "startServerCommand": `PORT=${port} node scripts/e2e-server.mjs`,
      "startServerReadyPattern": "Store ready",
      "startServerReadyTimeout": 180000,
      "url": [
        `${base}/`,
        `${base}/catalog/elektroinstrument/dreli/dreli-udarnye/`,
        `${base}/drel-udarnaya-wester-db195/`,
        `${base}/filial/`,
        `${base}/where-buy/`,
        `${base}/media/`
      ],
      "numberOfRuns": 3,
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
            "minScore": 0.95,
            "aggregationMethod": "median"
          }
        ],
        "total-blocking-time": [
          "error",
          {
            "maxNumericValue": 150,
            "aggregationMethod": "median"
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
