// Lighthouse CI: the built server on a fresh demo database, mobile, in the Chromium scripts/chromium.mjs finds.
// Run by scripts/lhci.mjs (`npm run lhci`): the three pages issue 9 budgets (home, a level-3 listing, a product)
// three times each (issue 9: the median of three), asserted on the median run — performance >= 0.95 and
// Total Blocking Time <= 150 ms; the content pages once each, for accessibility, SEO and a performance floor.
// Five runs were used while one run in four went over 150 ms; since decision 0053 the 30 runs measured
// have all stayed under 150 (most at 0), so three are enough and save CI two minutes.
// LHCI_PORT moves the server off the default 4399 (another checkout's e2e or lhci may be using it).
const { execFileSync } = require('node:child_process');

const port = Number(process.env.LHCI_PORT ?? 4399);
const base = `http://127.0.0.1:${port}`;

const chromePath = execFileSync(process.execPath, ['-e', "import('./scripts/chromium.mjs').then((m) => process.stdout.write(m.findChromium() ?? '/usr/bin/chromium'))"], { encoding: 'utf8' });

/** Budgeted by issue 9: three runs each, the median asserted. */
const BUDGETED = ['/', '/catalog/elektroinstrument/dreli/dreli-udarnye/', '/drel-udarnaya-wester-db195/'].map((p) => `${base}${p}`);
/** Content pages: one run each. */
const CONTENT = ['/filial/', '/where-buy/', '/media/'].map((p) => `${base}${p}`);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (urls) => `^(${urls.map(escape).join('|')})$`;

const everyPage = {
  'categories:accessibility': ['error', { minScore: 0.95 }],
  'categories:seo': ['error', { minScore: 1 }],
  'categories:best-practices': ['warn', { minScore: 0.9 }],
};

const config = {
  ci: {
    collect: {
      startServerCommand: `PORT=${port} node scripts/e2e-server.mjs`,
      startServerReadyPattern: 'Store ready',
      startServerReadyTimeout: 180000,
      url: BUDGETED,
      numberOfRuns: 3,
      chromePath,
      settings: {
        formFactor: 'mobile',
        chromeFlags: '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
      },
    },
    assert: {
      assertMatrix: [
        {
          matchingUrlPattern: exactly(BUDGETED),
          assertions: {
            ...everyPage,
            'categories:performance': ['error', { minScore: 0.95, aggregationMethod: 'median' }],
            'total-blocking-time': ['error', { maxNumericValue: 150, aggregationMethod: 'median' }],
          },
        },
        {
          matchingUrlPattern: exactly(CONTENT),
          assertions: { ...everyPage, 'categories:performance': ['error', { minScore: 0.9 }] },
        },
      ],
    },
    upload: { target: 'filesystem', outputDir: '.lighthouseci/reports' },
  },
};
config.CONTENT_URLS = CONTENT;
module.exports = config;
