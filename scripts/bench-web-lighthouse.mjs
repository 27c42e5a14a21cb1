// bench:web's Lighthouse runs: the default (mobile) preset, performance and accessibility, on
// Debian's Chromium started by chrome-launcher with a fresh profile for every run. A logged-in
// page gets the session in localStorage first (keys `accessToken`, `role`) and a cleared HTTP
// cache, and Lighthouse is told to keep storage (else it would clear the session).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

const sum = (xs, pick) => xs.reduce((total, x) => total + (pick(x) ?? 0), 0);

/** One Lighthouse run of `url`; `session` = {origin, accessToken, role} puts a login in place first. */
async function once(url, { chromium, session, connectOverCDP }) {
  const chrome = await launch({ chromePath: chromium, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (session) {
      const browser = await connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [context] = browser.contexts();
      const page = await context.newPage();
      // a same-origin answer that loads no app code, so the cache stays cold
      await page.goto(`${session.origin}/api/health`);
      await page.evaluate(({ accessToken, role }) => {
        localStorage.setItem('accessToken', accessToken);
        localStorage.setItem('role', role);
      }, session);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(session),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      // CPU time, which the machine's load moves less than the score: the main thread's script
      // time (bootup-time, by bundle) and its long tasks
      scriptMs: sum(lhr.audits['bootup-time'].details?.items ?? [], (i) => i.scripting),
      scriptByUrl: Object.fromEntries(
        (lhr.audits['bootup-time'].details?.items ?? []).map((i) => [i.url, Math.round(i.scripting)]),
      ),
      longTasks: lhr.audits['long-tasks'].details?.items?.length ?? 0,
      // the longest main-thread task as Lighthouse gives it (under its CPU slowdown), and whose
      longestTaskMs: Math.max(0, ...(lhr.audits['long-tasks'].details?.items ?? []).map((i) => i.duration)),
      longestTaskUrl:
        [...(lhr.audits['long-tasks'].details?.items ?? [])].sort((a, b) => b.duration - a.duration)[0]
          ?.url ?? null,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // every byte the page loaded as the browser received it (compressed), until it was loaded
      totalBytes: lhr.audits['total-byte-weight'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
      failedA11y: Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `runs` Lighthouse runs of a page; the median of each figure (the score and LCP vary run to run). */
export async function lighthousePage(url, options, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(url, options));
  return {
    runs: all,
    performance: median(all.map((r) => r.performance)),
    accessibility: median(all.map((r) => r.accessibility)),
    lcpMs: median(all.map((r) => r.lcpMs)),
    fcpMs: median(all.map((r) => r.fcpMs)),
    tbtMs: median(all.map((r) => r.tbtMs)),
    scriptMs: median(all.map((r) => r.scriptMs)),
    longTasks: median(all.map((r) => r.longTasks)),
    longestTaskMs: median(all.map((r) => r.longestTaskMs)),
    cls: median(all.map((r) => r.cls)),
    totalBytes: median(all.map((r) => r.totalBytes)),
    finalUrl: all[0]?.finalUrl,
    failedA11y: [...new Set(all.flatMap((r) => r.failedA11y))],
  };
}
