// The page end to end in headless Chromium: load a puzzle, play digits and
// pencil marks, undo, the three hint levels, the print style sheet, apply
// hints to the end, a wrong digit flagged, the deepening search and its
// tree, Spanish. Screenshots go to web/test-results/. Serves web/dist itself on 127.0.0.1 and fails if the
// page asks for anything elsewhere.
//
//   node web/test/e2e.mjs        (after web/build.sh)

import { chromium } from 'playwright-core';
import http from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';
import { instantiate } from '../src/sudokit-core.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../dist');
const shots = path.resolve(here, '../test-results');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

// The puzzle played: hard enough for locked candidates and a search tree.
const PUZZLE = '...3..89.8......42..92....5.....5.7..6......3..19...8..3..9...67...2.......138...';
const engine = await instantiate(readFileSync(path.join(dist, 'sudokit.wasm')));
const SOLUTION = engine.call({ cmd: 'check', puzzle: PUZZLE }).solution;

const server = http.createServer(async (req, res) => {
  const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = path.join(dist, name === '/' ? 'index.html' : name);
  if (!file.startsWith(dist)) return res.writeHead(403).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run'],
});
let failed = false;
const steps = [];

/** Runs one named check; a failure is reported and the run goes on. */
async function check(name, body) {
  const start = Date.now();
  try {
    await body();
    steps.push(`ok - ${name} (${Date.now() - start} ms)`);
  } catch (e) {
    failed = true;
    steps.push(`not ok - ${name}\n  ${String(e.stack ?? e).split('\n').slice(0, 4).join('\n  ')}`);
  }
  console.log(steps.at(-1));
}

try {
  await mkdir(shots, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const outside = [];
  const errors = [];
  page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) outside.push(r.url()); });
  page.on('pageerror', (e) => errors.push(e.message));
  const id = (t) => page.getByTestId(t);
  const cell = (r, c) => id(`cell-r${r}c${c}`);
  const text = async (t) => (await id(t).textContent()) ?? '';

  await check('the page starts and becomes interactive', async () => {
    const t0 = Date.now();
    await page.goto(origin);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    console.log(`# interactive after ${Date.now() - t0} ms`);
    assert.equal(await page.locator('[data-testid^="cell-r"]').count(), 81);
  });

  await check('a pencil-mark position opens with its placed digits and marks', async () => {
    // HoDoKu's library format: `+` before a digit the player placed, then
    // the candidates struck (digit, row, column).
    const empty = [...PUZZLE].flatMap((ch, i) => (ch === '.' ? [i] : []));
    const [placed, marked] = empty;
    const cells = [...PUZZLE].map((ch, i) => (i === placed ? `+${SOLUTION[i]}` : ch)).join('');
    const keep = SOLUTION[marked];
    const other = keep === '1' ? '2' : '1';
    const rc = `${Math.floor(marked / 9) + 1}${(marked % 9) + 1}`;
    const struck = [...'123456789'].filter((d) => d !== keep && d !== other).map((d) => d + rc);
    await id('import').fill(`:0000:x:${cells}:${struck.join(' ')}::\n`);
    await id('import-go').click();
    const at = (i) => cell(Math.floor(i / 9) + 1, (i % 9) + 1);
    const testid = `cell-r${Math.floor(placed / 9) + 1}c${(placed % 9) + 1}`;
    await page.waitForFunction(([t, d]) => document.querySelector(`[data-testid=${t}]`)?.textContent === d,
      [testid, SOLUTION[placed]]);
    assert.equal(await at(placed).textContent(), SOLUTION[placed]);
    assert.ok(!(await at(placed).getAttribute('class')).includes('given'), 'a placed digit is no given');
    const marks = await at(marked).textContent();
    assert.ok(marks.includes(keep) && [...marks].every((d) => d === keep || d === other), marks);
  });

  await check('a pasted puzzle opens', async () => {
    await id('import').fill(`# a comment\n${PUZZLE}\n`);
    await id('import-go').click();
    await page.waitForFunction((p) => [...document.querySelectorAll('.cell')].map((c) => c.textContent || '.').join('')
      .replace(/[^1-9.]/g, '') !== '' && location.hash === `#p=${p}`, PUZZLE);
    assert.equal(await cell(1, 4).textContent(), '3');
    assert.equal(await cell(1, 1).textContent(), '');
    await page.screenshot({ path: `${shots}/1-opened.png` });
  });

  const first = PUZZLE.indexOf('.');
  const [r1, c1] = [Math.floor(first / 9) + 1, (first % 9) + 1];
  const right = SOLUTION[first];
  const wrong = String((Number(right) % 9) + 1);

  await check('digits and pencil marks are played and undone', async () => {
    await cell(r1, c1).click();
    await page.keyboard.press(right);
    assert.equal(await cell(r1, c1).textContent(), right);
    await page.keyboard.press('Backspace');
    assert.equal(await cell(r1, c1).textContent(), '');
    await id('pencil').click();
    await page.keyboard.press('1');
    await page.keyboard.press('7');
    assert.equal(await cell(r1, c1).textContent(), '17');
    await id('pencil').click();
    await id('undo').click();
    assert.equal(await cell(r1, c1).textContent(), '1');
    await id('undo').click();
    assert.equal(await cell(r1, c1).textContent(), '');
  });

  await check('a wrong digit is flagged by check and by the hint', async () => {
    await cell(r1, c1).click();
    await page.keyboard.press(wrong);
    await id('check').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="hint-text"]').textContent.length > 0);
    assert.match(await cell(r1, c1).getAttribute('class'), /wrong/);
    assert.match(await text('hint-text'), new RegExp(`r${r1}c${c1} holds ${wrong}`));
    await id('hint').click();
    await page.waitForFunction(() => /holds/.test(document.querySelector('[data-testid="hint-text"]').textContent));
    await page.screenshot({ path: `${shots}/2-wrong-digit.png` });
    await id('undo').click();
    assert.equal(await cell(r1, c1).textContent(), '');
  });

  await check('each hint press goes one level deeper', async () => {
    const hint = engine.call({ cmd: 'hint', givens: PUZZLE });
    const said = [];
    for (let level = 1; level <= 3; level++) {
      const before = await text('hint-text');
      await id('hint').click();
      await page.waitForFunction((b) => document.querySelector('[data-testid="hint-text"]').textContent !== b, before);
      said.push(await text('hint-text'));
    }
    assert.ok(said[0].includes(hint.title), said[0]);
    assert.ok(!said[0].includes('=>'));
    assert.ok(said[1].includes(hint.step.cells[0] ?? hint.step.placements[0]?.cell ?? ''), said[1]);
    assert.equal(said[2], hint.step.text);
    await page.screenshot({ path: `${shots}/3-hint-drawn.png` });
  });

  await check('printing shows the board and the hint, not the controls', async () => {
    await page.emulateMedia({ media: 'print' });
    try {
      assert.ok(await page.locator('#board').isVisible());
      assert.ok(await id('hint-text').isVisible());
      assert.ok((await text('hint-text')).includes('=>'));
      for (const sel of ['header', 'footer', '.panel', '#pad', '.tools', '#all-steps-list', '.banner']) {
        assert.equal(await page.locator(`${sel}:visible`).count(), 0, `${sel} is printed`);
      }
      const [background, given] = await page.evaluate(() => [
        getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.querySelector('.cell.given .digit')).color,
      ]);
      assert.equal(background, 'rgb(255, 255, 255)');
      assert.equal(given, 'rgb(0, 0, 0)');
      await page.screenshot({ path: `${shots}/3b-print.png` });
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    assert.ok(await page.locator('.panel').isVisible());
  });

  await check('hints applied to the end solve the puzzle', async () => {
    for (let n = 0; n < 300; n++) {
      if ((await text('status')).includes('solved')) break;
      const before = await page.evaluate(() => location.hash);
      await id('apply').click();
      await page.waitForFunction((b) => location.hash !== b
        || document.querySelector('[data-testid="status"]').textContent.includes('solved'), before);
    }
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.includes('solved'));
    const grid = await page.locator('.cell').evaluateAll((cs) => cs.map((c) => c.textContent).join(''));
    assert.equal(grid, SOLUTION);
    await page.screenshot({ path: `${shots}/4-solved.png` });
  });

  await check('grades and the solution path', async () => {
    await page.getByRole('button', { name: 'Explain & grade' }).click();
    await id('grade').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="grade-text"]').textContent.includes('HoDoKu'));
    const want = engine.call({ cmd: 'grade', puzzle: PUZZLE });
    assert.ok((await text('grade-text')).includes(want.se_text));
    await page.getByTestId('explain').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="path"] li').length > 0);
    await page.screenshot({ path: `${shots}/5-path.png` });
  });

  await check('the deepening search draws its tree', async () => {
    await id('tab-search').click();
    await id('algorithm').selectOption('deepening');
    await id('run').click();
    await page.waitForSelector('[data-testid="tree"] svg');
    const want = engine.call({ cmd: 'search', puzzle: PUZZLE, algorithm: 'deepening', max_solutions: 2, max_iterations: 100000 });
    const nodes = await page.locator('[data-testid="tree"] svg g.node, [data-testid="tree"] svg rect').count();
    assert.ok(nodes >= want.stats.iterations, `${nodes} nodes drawn for ${want.stats.iterations} iterations`);
    assert.ok((await text('search-summary')).includes(`${want.stats.iterations}`));
    // The tree's legend and the page's note beside it, in English.
    assert.ok((await page.locator('[data-testid="tree"] svg').innerHTML()).includes('Legend:'));
    assert.ok((await text('tree-note')).includes('rejected'));
    await page.locator('#replay-next').click();
    await page.locator('#replay-next').click();
    assert.ok(await page.locator('#replay-banner').isVisible());
    await page.screenshot({ path: `${shots}/6-search-tree.png`, fullPage: true });
  });

  await check('the page speaks Spanish', async () => {
    await id('lang').selectOption('es');
    assert.equal(await id('hint').textContent(), 'Pista');
    assert.equal(await id('run').textContent(), 'Ejecutar');
    await id('run').click();
    await page.waitForFunction(() => /soluci/.test(document.querySelector('[data-testid="search-summary"]').textContent));
    assert.ok((await page.locator('[data-testid="tree"] svg').innerHTML()).includes('Leyenda:'));
    assert.ok((await text('tree-note')).includes('rechazado'));
    await page.screenshot({ path: `${shots}/7-spanish.png`, fullPage: true });
  });

  await check('a phone-sized screen shows the whole board', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${origin}/#p=${PUZZLE}`);
    await phone.waitForSelector('body[data-ready="true"]');
    const box = await phone.locator('#board').boundingBox();
    assert.ok(box.width <= 390 && box.x >= 0, JSON.stringify(box));
    await phone.getByTestId('cell-r9c9').tap();
    // Nothing pushes the page sideways (a select as wide as its options did).
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide`);
    await phone.screenshot({ path: `${shots}/8-phone.png` });
    await phone.close();
  });

  await check('a store of puzzles and a link that are not the page\'s own are survived', async () => {
    const other = await browser.newPage();
    const broken = [];
    other.on('pageerror', (e) => broken.push(e.message));
    await other.goto(origin);
    await other.evaluate(() => localStorage.setItem('sudokit.library', '{"x": 1}'));
    // Placed digits that drop the givens: a cut or edited link.
    await other.goto(`${origin}/#p=${PUZZLE}&v=${'.'.repeat(81)}`);
    await other.reload();
    await other.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    const said = await other.getByTestId('hint-text').textContent();
    assert.match(said, /^The link in the address bar holds no position that can be read/);
    assert.equal(await other.locator('[data-testid="library"] li').count(), 0);
    await other.getByTestId('lib-save').click();
    assert.equal(await other.locator('[data-testid="library"] li').count(), 1);
    // Pasted JSON opens as the command line reads it.
    await other.getByTestId('import').fill(JSON.stringify({ puzzle: PUZZLE }));
    await other.getByTestId('import-go').click();
    await other.waitForFunction((p) => location.hash === `#p=${p}`, PUZZLE);
    assert.equal(await other.getByTestId('cell-r1c4').textContent(), '3');
    assert.deepEqual(broken, []);
    await other.close();
  });

  await check('a long search is stopped and the engine answers again', async () => {
    await page.goto(`${origin}/#p=${'.'.repeat(81)}`);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await id('lang').selectOption('en');
    await id('tab-search').click();
    await id('algorithm').selectOption('backtracking');
    await page.fill('#max-solutions', '100000000');
    await page.fill('#max-iterations', '100000000000');
    await id('run').click();
    await id('stop').waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    await id('stop').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-summary"]').textContent === 'stopped');
    assert.equal(await id('stop').isHidden(), true);
    await page.fill('#max-solutions', '0');
    await id('run').click();
    assert.equal(await text('search-summary'), 'Solutions up to: “0” is not a whole number of at least 1.');
    await page.fill('#max-solutions', '3');
    await id('run').click();
    await page.waitForFunction(() => /^3 /.test(document.querySelector('[data-testid="search-summary"]').textContent));
  });

  await check('nothing was asked of the network and no script failed', async () => {
    assert.deepEqual(outside, []);
    assert.deepEqual(errors, []);
  });
} finally {
  await browser.close();
  server.close();
}
console.log(failed ? 'FAILED' : `all ${steps.filter((s) => s.startsWith('ok')).length} checks passed; screenshots in web/test-results/`);
process.exit(failed ? 1 : 0);
