// The WebAssembly exports, tested in node: every answer is checked against
// the Sudoku rules or against the command line's own answer for the same
// request (the page must say what `sudokit` says).
//
// Needs web/dist/sudokit.wasm (web/build.sh) and a sudokit binary
// (SUDOKIT_BIN, else target/release/sudokit, else target/debug/sudokit).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { instantiate } from '../src/sudokit-core.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sudokit = await instantiate(readFileSync(path.join(root, 'web/dist/sudokit.wasm')));
const call = (req) => sudokit.call(req);

const bin = [process.env.SUDOKIT_BIN, 'target/release/sudokit', 'target/debug/sudokit']
  .filter(Boolean).map((p) => path.resolve(root, p)).find(existsSync);

/** The CLI's stdout for `args` (exit code ignored: errors are answers too). */
function cli(args) {
  assert.ok(bin, 'no sudokit binary: build it first');
  try {
    return execFileSync(bin, args, { cwd: root, encoding: 'utf8' });
  } catch (e) {
    return e.stdout;
  }
}

const EXAMPLES = readFileSync(path.join(root, 'examples/puzzles.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.slice(0, 81));
const [EASY, MEDIUM, HARD, EXTREME] = EXAMPLES;
const SEVERAL = EXAMPLES[6];
const CLASH = EXAMPLES[7];

/** Whether `solution` is a full grid obeying the rules that keeps the givens of `puzzle`. */
function solves(solution, puzzle) {
  if (!/^[1-9]{81}$/.test(solution)) return false;
  for (let i = 0; i < 81; i++) if (puzzle[i] !== '.' && puzzle[i] !== solution[i]) return false;
  const houses = [];
  for (let k = 0; k < 9; k++) {
    houses.push([...Array(9).keys()].map((j) => k * 9 + j));
    houses.push([...Array(9).keys()].map((j) => j * 9 + k));
    houses.push([...Array(9).keys()].map((j) => (Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)));
  }
  return houses.every((h) => new Set(h.map((i) => solution[i])).size === 9);
}

test('check counts solutions and names a clash as the CLI does', () => {
  const easy = call({ cmd: 'check', puzzle: EASY });
  assert.equal(easy.status, 'unique');
  assert.ok(solves(easy.solution, EASY));
  assert.equal(call({ cmd: 'check', puzzle: SEVERAL }).status, 'multiple');
  const clash = call({ cmd: 'check', puzzle: CLASH });
  assert.equal(clash.valid, false);
  assert.equal(clash.reason, 'r1c1 and r1c5 both hold 5');
  assert.equal(call({ cmd: 'check', puzzle: '12' }).error, '2 cells, expected 81');
});

test('requests that cannot be answered are errors, not traps', () => {
  assert.equal(call({ cmd: 'nothing' }).error, "unknown request 'nothing'");
  assert.equal(call({}).error, "missing field 'cmd'");
  assert.match(call({ cmd: 'grade', puzzle: SEVERAL }).error, /solution/);
  assert.match(sudokit.call('not an object').error, /object/);
  // A field of the wrong type is named, never taken for its default.
  assert.equal(call({ cmd: 'grade', puzzle: EASY, lang: 17 }).error,
    "field 'lang': expected a string, got 17");
  assert.equal(call({ cmd: 'search', puzzle: EASY, seed: -2 }).error,
    "field 'seed': expected a whole number (0 or more), got -2");
});

test('parse reads every format of the CLI and reports bad lines', () => {
  const block = `${EASY.match(/.{9}/g).join('\n')}\n`;
  const a = call({ cmd: 'parse', text: `# two puzzles\n${MEDIUM}\n${MEDIUM.slice(0, 80)}\n\n${block}` });
  assert.deepEqual(a.puzzles.map((p) => [p.puzzle, p.line]), [[MEDIUM, 2], [EASY, 5]]);
  assert.deepEqual(a.errors, [{ line: 3, reason: '80 cells, expected 81' }]);
});

test('grade gives the CLI grade of every example', () => {
  const out = cli(['grade', '--format', 'json', 'examples/puzzles.txt']).trim().split('\n').map(JSON.parse);
  let compared = 0;
  for (const want of out.filter((o) => o.level)) {
    const got = call({ cmd: 'grade', puzzle: want.puzzle });
    for (const key of ['level', 'score', 'rating', 'se_er', 'se_ep', 'se_ed', 'se_text', 'hardest']) {
      assert.deepEqual(got[key], want[key], `${key} of ${want.puzzle}`);
    }
    compared++;
  }
  assert.equal(compared, 6);
});

test('explain gives the CLI steps, in Spanish too', () => {
  for (const lang of ['en', 'es']) {
    const want = JSON.parse(cli(['explain', '--format', 'json', '--lang', lang, HARD]));
    const got = call({ cmd: 'explain', puzzle: HARD, lang });
    assert.equal(got.solved, true);
    assert.deepEqual(got.steps, want.steps);
  }
});

test('generate with a seed gives the CLI puzzle', () => {
  const want = cli(['generate', '--seed', '11', '--level', 'hard']).trim();
  const got = call({ cmd: 'generate', seed: 11, level: 'hard' });
  assert.equal(got.puzzle, want);
  assert.equal(got.level, 'hard');
  assert.ok(solves(got.solution, got.puzzle));
  assert.match(call({ cmd: 'generate', level: 'hardest' }).error, /hardest/);
});

test('a hint from the player position reports mistakes first', () => {
  const solution = call({ cmd: 'check', puzzle: EASY }).solution;
  const i = EASY.indexOf('.');
  const wrongDigit = String((Number(solution[i]) % 9) + 1);
  const values = EASY.slice(0, i) + wrongDigit + EASY.slice(i + 1);
  const a = call({ cmd: 'hint', givens: EASY, values });
  assert.equal(a.status, 'mistakes');
  const cell = `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
  assert.deepEqual(a.mistakes.wrong, [{ cell, digit: Number(wrongDigit), solution: Number(solution[i]) }]);
  assert.equal(a.text, `${cell} holds ${wrongDigit}, which is wrong`);
  // A true candidate struck from the marks is a mistake too.
  const marks = Array(81).fill('');
  marks[i] = wrongDigit;
  const b = call({ cmd: 'mistakes', givens: EASY, marks, lang: 'es' });
  assert.deepEqual(b.removed, [{ cell, digit: Number(solution[i]) }]);
  assert.equal(b.text, `${cell}: se quitó el candidato ${solution[i]}, que hace falta`);
});

test('hints applied one by one solve the puzzle, and agree with the CLI hint', () => {
  let values = EXTREME;
  let marks = Array(81).fill('');
  const first = call({ cmd: 'hint', givens: EXTREME });
  const cliHint = JSON.parse(cli(['hint', '--format', 'json', EXTREME]));
  assert.deepEqual(first.step, cliHint.steps[0]);
  for (let n = 0; n < 400 && values.includes('.'); n++) {
    const a = call({ cmd: 'hint', givens: EXTREME, values, marks });
    assert.equal(a.status, 'step', JSON.stringify(a));
    const cand = [...values].map((ch, k) => (ch === '.' ? (marks[k] || '123456789') : ''));
    for (const e of a.step.eliminations) {
      const k = cellIndex(e.cell);
      cand[k] = cand[k].replace(String(e.digit), '');
    }
    const v = [...values];
    for (const p of a.step.placements) v[cellIndex(p.cell)] = String(p.digit);
    values = v.join('');
    marks = cand.map((m, k) => (values[k] === '.' ? m : ''));
  }
  assert.ok(solves(values, EXTREME));
  assert.equal(call({ cmd: 'mistakes', givens: EXTREME, values }).solved, true);
});

const cellIndex = (name) => (Number(name[1]) - 1) * 9 + Number(name[3]) - 1;

test('all steps lists what the CLI hint --all lists', () => {
  const want = JSON.parse(cli(['hint', '--all', '--format', 'json', '--techniques',
    'hidden-single,naked-single,locked-candidates', MEDIUM]));
  const got = call({ cmd: 'all_steps', givens: MEDIUM, techniques: 'hidden-single,naked-single,locked-candidates' });
  assert.equal(got.count, want.count);
  assert.deepEqual(got.steps, want.steps);
});

test('the deepening search gives the CLI trace and tree', () => {
  const trace = call({ cmd: 'search', puzzle: HARD, algorithm: 'deepening', lang: 'es', max_solutions: 1 });
  const want = cli(['trace', '--limit', '1', HARD]);
  assert.equal(`${trace.trace}\n`, want);
  assert.equal(`${trace.tree}`, cli(['trace', '--limit', '1', '--tree', 'svg', HARD]));
  assert.ok(trace.tree.includes('>Leyenda: #k'));
  // The request's language reaches the tree's labels and legend.
  const en = call({ cmd: 'search', puzzle: HARD, algorithm: 'deepening', lang: 'en', max_solutions: 1 });
  assert.equal(`${en.tree}`, cli(['trace', '--limit', '1', '--lang', 'en', '--tree', 'svg', HARD]));
  assert.ok(en.tree.includes('>Legend: #k') && !en.tree.includes('FALLIDO'));
  assert.equal(trace.found, 1);
  assert.ok(solves(trace.solutions[0], HARD));
  assert.equal(trace.events.length, trace.stats.iterations + 1);
  assert.equal(trace.events.filter((e) => e.verdict === 'failed').length, trace.stats.dead_ends);
});

test('backtracking and branch and bound find every solution within the limits', () => {
  for (const algorithm of ['backtracking', 'branch-and-bound']) {
    const a = call({ cmd: 'search', puzzle: SEVERAL, algorithm, max_solutions: 1000 });
    assert.equal(a.stop, 'search complete');
    const count = Number(cli(['count', '--limit', '1000', SEVERAL]).trim());
    assert.equal(a.found, count, algorithm);
    assert.equal(new Set(a.solutions).size, Math.min(count, 100));
    assert.ok(a.solutions.every((s) => solves(s, SEVERAL)));
    const cut = call({ cmd: 'search', puzzle: HARD, algorithm, max_iterations: 10 });
    assert.equal(cut.stop, 'iteration limit reached');
  }
});

test('techniques come from the one table, in both languages', () => {
  const en = call({ cmd: 'techniques' }).techniques;
  const es = call({ cmd: 'techniques', lang: 'es' }).techniques;
  const table = cli(['techniques', '--format', 'json']).trim().split('\n').map(JSON.parse);
  const names = new Set(table.map((r) => r.name));
  assert.ok(en.length > 40);
  assert.ok(en.every((t) => names.has(t.name)));
  assert.equal(en.find((t) => t.name === 'x-wing').title, 'X-Wing');
  assert.notEqual(es.find((t) => t.name === 'hidden-single').title, en.find((t) => t.name === 'hidden-single').title);
});
