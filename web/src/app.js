// The page: a game on the board, hints from the player's own position, the
// solution path and grades, the source documents' searches, a library of
// puzzles in the browser. All Sudoku work is sudokit's, in a worker.

import * as board from './board.js';
import { setLang, t, lang } from './i18n.js';

const $ = (id) => document.getElementById(id);
const CELLS = board.CELLS;

// ---------------------------------------------------------------- engine --

let worker = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = ({ data }) => {
    const done = pending.get(data.id);
    pending.delete(data.id);
    if (data.fatal) {
      // A trapped module cannot be trusted again: start a fresh one.
      worker.terminate();
      startWorker();
      for (const [, p] of pending) p.resolve({ error: data.error });
      pending.clear();
    }
    done?.resolve(data.answer ?? { error: data.error });
  };
}

/** Stops whatever the engine is doing (a long search or generation): the
 * worker is replaced, and every pending request answers `stopped`. */
function stopEngine() {
  worker.terminate();
  startWorker();
  for (const [, p] of pending) p.resolve({ error: t('stopped') });
  pending.clear();
}

/** Sends a request to sudokit; resolves to its answer object. */
function engine(request) {
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, { resolve });
    worker.postMessage({ id, request });
  });
}

/** Runs `work` with the status line saying so. */
async function busy(work) {
  document.body.classList.add('busy');
  $('stop').hidden = false;
  const before = $('status').textContent;
  $('status').textContent = t('working');
  try {
    return await work();
  } finally {
    document.body.classList.remove('busy');
    $('stop').hidden = true;
    if ($('status').textContent === t('working')) $('status').textContent = before;
    updateStatus();
  }
}

// ----------------------------------------------------------------- state --

const state = {
  givens: Array(81).fill(0),
  values: Array(81).fill(0),
  marks: Array(81).fill(0),
  unique: false,
  selected: -1,
  pencil: false,
  highlight: 0,
  history: [],
  future: [],
  hint: null, // {answer, level}
  wrong: new Set(),
  removedTrue: new Set(),
  techniques: null, // names ticked, or null for the default set
  defaults: [],
  started: Date.now(),
  solvedAt: null,
  solved: false,
  override: null, // {values, marks, step, label, kind} shown instead of the game
  path: null, // {steps, index}
  titles: new Map(), // technique name -> title, in the page's language
  events: [],
};

const line = (cells) => cells.map((v) => (v ? String(v) : '.')).join('');
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => (mask >> (d - 1)) & 1);
const maskOf = (s) => [...s].reduce((m, ch) => m | (1 << (Number(ch) - 1)), 0);

/** The player's position as sudokit's requests take it. */
function position() {
  return {
    givens: line(state.givens),
    values: line(state.values),
    marks: state.marks.map((m, i) => (state.values[i] ? '' : digitsOf(m).join(''))),
    lang: lang(),
    techniques: techniqueList(),
  };
}

function techniqueList() {
  if (!state.techniques) return undefined;
  return state.techniques.length ? state.techniques.join(',') : 'full-house';
}

function snapshot() {
  return { values: [...state.values], marks: [...state.marks] };
}

/** Records the position before a change, for undo. */
function remember() {
  state.history.push(snapshot());
  if (state.history.length > 1000) state.history.shift();
  state.future = [];
}

/** Forgets what depended on the old position. */
function changed() {
  state.hint = null;
  state.wrong = new Set();
  state.removedTrue = new Set();
  $('hint-text').textContent = '';
  $('all-steps-list').textContent = '';
  render();
  saveHash();
  updateStatus();
}

// ---------------------------------------------------------------- render --

function render() {
  const o = state.override;
  const step = state.hint && state.hint.level >= 3 ? state.hint.answer.step ?? null : null;
  const shown = o ?? {
    values: state.values,
    // A step drawn in full needs its candidates on the board: cells the
    // player has not pencilled show what the digits allow, as the hint
    // took them.
    marks: step ? withAllowed(state.values, state.marks) : state.marks,
    step,
  };
  board.render($('board'), $('overlay'), {
    givens: state.givens,
    values: shown.values,
    marks: shown.marks,
    step: shown.step,
    selected: o ? -1 : state.selected,
    highlight: state.highlight,
    wrong: o ? new Set() : state.wrong,
    removedTrue: o ? null : state.removedTrue,
    conflicts: board.conflicts(shown.values),
  });
  $('replay-banner').hidden = !o;
  $('replay-text').textContent = o ? o.label : '';
  $('pencil').setAttribute('aria-pressed', String(state.pencil));
  $('pencil').classList.toggle('on', state.pencil);
  $('undo').disabled = state.history.length === 0;
  $('redo').disabled = state.future.length === 0;
  renderPad();
}

/** The player's marks, and in empty cells without any the candidates the
 * digits allow. */
function withAllowed(values, marks) {
  const allowed = board.allowed(values);
  return marks.map((m, i) => (values[i] || m ? m : allowed[i]));
}

function renderPad() {
  const pad = $('pad');
  if (!pad.children.length) {
    for (let d = 1; d <= 9; d++) {
      const b = document.createElement('button');
      b.textContent = String(d);
      b.dataset.digit = String(d);
      b.addEventListener('click', () => input(d));
      pad.appendChild(b);
    }
    const x = document.createElement('button');
    x.textContent = '⌫';
    x.title = 'Backspace';
    x.addEventListener('click', () => erase());
    pad.appendChild(x);
  }
  for (let d = 1; d <= 9; d++) {
    const count = state.values.filter((v) => v === d).length;
    pad.children[d - 1].classList.toggle('done', count >= 9);
    pad.children[d - 1].classList.toggle('lit', state.highlight === d);
  }
}

function updateStatus() {
  const el = $('status');
  if (document.body.classList.contains('busy')) return;
  if (!state.givens.some((v) => v)) {
    el.textContent = t('no_puzzle');
  } else if (state.solved) {
    el.textContent = t('solved');
  } else if (board.conflicts(state.values).size) {
    el.textContent = t('conflicts');
  } else {
    el.textContent = t('playing');
  }
  el.classList.toggle('ok', state.solved);
}

function tick() {
  const end = state.solvedAt ?? Date.now();
  const s = Math.floor((end - state.started) / 1000);
  $('timer').textContent = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

// ------------------------------------------------------------------ play --

/** Opens a puzzle (and optionally a position in it). */
async function load(givens, values = null, marks = null) {
  state.givens = [...givens];
  state.values = values ? [...values] : [...givens];
  state.marks = marks ? [...marks] : Array(81).fill(0);
  Object.assign(state, {
    history: [], future: [], selected: -1, highlight: 0, override: null, path: null,
    solved: false, solvedAt: null, started: Date.now(), unique: false,
  });
  $('path').textContent = '';
  $('path-pos').textContent = '';
  $('grade-text').textContent = '';
  changed();
  const answer = await engine({ cmd: 'check', puzzle: line(state.givens) });
  state.unique = answer.status === 'unique';
  if (!state.unique) {
    const why = answer.error ?? (answer.status === 'multiple' ? t('status_multiple')
      : answer.status === 'none' ? t('status_none') : answer.reason ?? answer.status);
    $('hint-text').textContent = t('not_unique', why);
  }
  await checkSolved();
}

async function checkSolved() {
  const full = state.values.every((v) => v);
  if (!full || !state.unique || board.conflicts(state.values).size) {
    state.solved = false;
    state.solvedAt = null;
    updateStatus();
    return;
  }
  const answer = await engine({ cmd: 'mistakes', ...position() });
  state.solved = answer.solved === true;
  if (state.solved && !state.solvedAt) state.solvedAt = Date.now();
  if (!state.solved) state.solvedAt = null;
  if (!state.solved && answer.wrong) {
    state.wrong = new Set(answer.wrong.map((w) => board.cellIndex(w.cell)));
    render();
  }
  updateStatus();
}

/** A digit typed: placed, or toggled as a pencil mark. */
function input(d, asMark = state.pencil) {
  const i = state.selected;
  if (state.override) return;
  if (i < 0 || state.givens[i]) {
    state.highlight = state.highlight === d ? 0 : d;
    render();
    return;
  }
  if (asMark && state.values[i]) return;
  remember();
  if (asMark) {
    state.marks[i] ^= 1 << (d - 1);
  } else {
    state.values[i] = state.values[i] === d ? 0 : d;
    if (state.values[i]) {
      for (const p of board.PEERS[i]) state.marks[p] &= ~(1 << (d - 1));
    }
    state.highlight = state.values[i] || state.highlight;
  }
  changed();
  checkSolved();
}

function erase() {
  const i = state.selected;
  if (state.override || i < 0 || state.givens[i]) return;
  if (!state.values[i] && !state.marks[i]) return;
  remember();
  if (state.values[i]) state.values[i] = 0;
  else state.marks[i] = 0;
  changed();
  checkSolved();
}

function undo() {
  if (!state.history.length) return;
  state.future.push(snapshot());
  Object.assign(state, state.history.pop());
  changed();
  checkSolved();
}

function redo() {
  if (!state.future.length) return;
  state.history.push(snapshot());
  Object.assign(state, state.future.pop());
  changed();
  checkSolved();
}

function fillCandidates() {
  remember();
  const allowed = board.allowed(state.values);
  state.marks = state.marks.map((_, i) => (state.values[i] ? 0 : allowed[i]));
  changed();
}

function clearMarks() {
  remember();
  state.marks = Array(81).fill(0);
  changed();
}

function restart() {
  remember();
  state.values = [...state.givens];
  state.marks = Array(81).fill(0);
  state.solved = false;
  state.solvedAt = null;
  state.started = Date.now();
  changed();
}

async function check() {
  const answer = await engine({ cmd: 'mistakes', ...position() });
  if (answer.error) {
    $('hint-text').textContent = answer.error;
    return;
  }
  state.wrong = new Set(answer.wrong.map((w) => board.cellIndex(w.cell)));
  state.removedTrue = new Set(answer.removed.map((r) => `${board.cellIndex(r.cell)}:${r.digit}`));
  for (const r of answer.removed) state.wrong.add(board.cellIndex(r.cell));
  state.solved = answer.solved;
  $('hint-text').textContent = answer.solved ? t('check_solved')
    : answer.text ? t('mistakes_first', answer.text) : t('check_ok');
  render();
  updateStatus();
}

// ----------------------------------------------------------------- hints --

/** Each press goes one level deeper: the technique and where, the cells
 * and digits, the whole step drawn with its words. */
async function hint() {
  if (state.override) exitOverride();
  if (!state.hint) {
    const answer = await busy(() => engine({ cmd: 'hint', ...position() }));
    state.hint = { answer, level: 0 };
  }
  const h = state.hint;
  h.level = Math.min(h.level + 1, 3);
  showHint();
}

function showHint() {
  const h = state.hint;
  const a = h.answer;
  const out = $('hint-text');
  if (a.error) {
    out.textContent = a.error;
  } else if (a.status === 'mistakes') {
    state.wrong = new Set(a.mistakes.wrong.map((w) => board.cellIndex(w.cell)));
    for (const r of a.mistakes.removed) state.wrong.add(board.cellIndex(r.cell));
    state.removedTrue = new Set(a.mistakes.removed.map((r) => `${board.cellIndex(r.cell)}:${r.digit}`));
    out.textContent = t('mistakes_first', a.text);
  } else if (a.status === 'solved') {
    out.textContent = t('hint_solved');
  } else if (a.status === 'stuck') {
    out.textContent = t('hint_stuck');
  } else if (h.level === 1) {
    const where = a.houses_text.join(', ');
    out.textContent = where ? t('hint_vague', a.title, where) : t('hint_vague_nohouse', a.title);
  } else if (h.level === 2) {
    const s = a.step;
    const cells = [...new Set([...s.cells, ...s.placements.map((p) => p.cell),
      ...s.eliminations.map((e) => e.cell)])];
    const digits = [...new Set([...s.digits, ...s.placements.map((p) => p.digit),
      ...s.eliminations.map((e) => e.digit)])].sort();
    out.textContent = t('hint_cells', a.title, cells.join(', ')) + t('hint_digits', digits.join(', '));
  } else {
    out.textContent = a.step.text;
  }
  render();
}

/** Applies the hint's step to the player's position. */
async function apply() {
  if (state.override) exitOverride();
  if (!state.hint) {
    const answer = await busy(() => engine({ cmd: 'hint', ...position() }));
    state.hint = { answer, level: 0 };
  }
  const a = state.hint.answer;
  if (a.status !== 'step') {
    state.hint.level = 3;
    showHint();
    return;
  }
  applyStep(a.step);
  checkSolved();
}

/** Places and strikes what `step` says; cells without marks get the
 * candidates their digits allow first, so that a strike means something. */
function applyStep(step) {
  remember();
  const allowed = board.allowed(state.values);
  if (step.eliminations.length) {
    for (const i of CELLS) if (!state.values[i] && !state.marks[i]) state.marks[i] = allowed[i];
  }
  for (const e of step.eliminations) state.marks[board.cellIndex(e.cell)] &= ~(1 << (e.digit - 1));
  for (const p of step.placements) {
    const i = board.cellIndex(p.cell);
    state.values[i] = p.digit;
    state.marks[i] = 0;
    for (const q of board.PEERS[i]) state.marks[q] &= ~(1 << (p.digit - 1));
  }
  changed();
}

async function allSteps() {
  const answer = await busy(() => engine({ cmd: 'all_steps', ...position() }));
  const list = $('all-steps-list');
  list.textContent = '';
  if (answer.error || answer.status === 'mistakes') {
    $('hint-text').textContent = answer.error ?? t('mistakes_first', answer.text);
    return;
  }
  $('hint-text').textContent = t('all_steps_count', answer.count);
  answer.steps.forEach((step) => {
    const li = document.createElement('li');
    li.textContent = step.text;
    activate(li, () => {
      state.hint = { answer: { status: 'step', step, title: step.technique, houses_text: [] }, level: 3 };
      $('hint-text').textContent = step.text;
      render();
    });
    list.appendChild(li);
  });
}

/** Makes `el` focusable and chosen by a click, Enter or Space. */
function activate(el, action) {
  el.tabIndex = 0;
  el.addEventListener('click', action);
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    action();
  });
}

/** A technique's title in the page's language (its name if unknown). */
const titleOf = (name) => state.titles.get(name) ?? name;

// -------------------------------------------------------- explain, grade --

async function grade() {
  const a = await busy(() => engine({ cmd: 'grade', puzzle: line(state.givens) }));
  $('grade-text').textContent = a.error ?? `${t('grade_line', t(`lvl_${a.level}`), a.score, a.se_text)}; ${a.hardest ? t('hardest', titleOf(a.hardest)) : t('stuck_grade')}`;
}

async function explain() {
  const a = await busy(() => engine({
    cmd: 'explain', puzzle: line(state.givens), lang: lang(), techniques: techniqueList(),
  }));
  const list = $('path');
  list.textContent = '';
  if (a.error) {
    $('grade-text').textContent = a.error;
    return;
  }
  state.path = { steps: a.steps, boards: replayPath(a.steps), index: -1, stuck: !a.solved };
  a.steps.forEach((step, k) => {
    const li = document.createElement('li');
    li.textContent = step.text;
    activate(li, () => showPathStep(k));
    list.appendChild(li);
  });
  if (!a.solved) {
    const li = document.createElement('li');
    li.textContent = t('path_stuck');
    li.className = 'stuck';
    list.appendChild(li);
  }
  showPathStep(0);
}

/** The position before each step of a path (digits and candidates). */
function replayPath(steps) {
  let values = [...state.givens];
  let marks = board.allowed(values);
  const boards = [];
  for (const s of steps) {
    boards.push({ values: [...values], marks: [...marks] });
    values = [...values];
    marks = [...marks];
    for (const e of s.eliminations) marks[board.cellIndex(e.cell)] &= ~(1 << (e.digit - 1));
    for (const p of s.placements) {
      const i = board.cellIndex(p.cell);
      values[i] = p.digit;
      marks[i] = 0;
      for (const q of board.PEERS[i]) marks[q] &= ~(1 << (p.digit - 1));
    }
  }
  boards.push({ values, marks });
  return boards;
}

function showPathStep(k) {
  const p = state.path;
  if (!p || !p.steps.length) return;
  p.index = Math.max(0, Math.min(k, p.steps.length - 1));
  const b = p.boards[p.index];
  const label = t('path_pos', p.index + 1, p.steps.length);
  state.override = { values: b.values, marks: b.marks, step: p.steps[p.index], label };
  $('path-pos').textContent = label;
  [...$('path').children].forEach((li, j) => li.classList.toggle('current', j === p.index));
  $('path').children[p.index]?.scrollIntoView({ block: 'nearest' });
  render();
}

function exitOverride() {
  state.override = null;
  render();
}

// ---------------------------------------------------------------- search --

let zoom = 1;

async function runSearch() {
  const algorithm = $('algorithm').value;
  const fields = {
    max_solutions: wholeField('max-solutions', 'max_solutions', 1),
    max_iterations: wholeField('max-iterations', 'max_iterations', 1),
  };
  if (algorithm === 'deepening') fields.seed = wholeField('search-seed', 'seed', 0);
  const bad = Object.values(fields).find((f) => f.error);
  if (bad) {
    $('search-summary').textContent = bad.error;
    return;
  }
  const request = {
    cmd: 'search', puzzle: line(state.givens), algorithm, lang: lang(),
    max_solutions: fields.max_solutions.value ?? '2',
    max_iterations: fields.max_iterations.value ?? '100000',
  };
  if (algorithm === 'deepening') {
    Object.assign(request, {
      select: $('select').value,
      seed: fields.seed.value ?? '0',
      techniques: $('search-techniques').value,
    });
  }
  const a = await busy(() => engine(request));
  if (state.override) exitOverride();
  if (a.error) {
    $('search-summary').textContent = a.error;
    for (const id of ['search-stats', 'trace', 'tree']) $(id).textContent = '';
    $('tree-note').hidden = true;
    state.events = [];
    $('replay-pos').textContent = '';
    return;
  }
  $('search-summary').textContent = a.summary ?? `${a.found} · ${stopText(a.stop)}`;
  const rows = [['stat_found', a.found], ['stat_stop', stopText(a.stop)],
    ...Object.entries(a.stats).map(([k, v]) => [`stat_${k}`, v])];
  $('search-stats').innerHTML = '';
  for (const [k, v] of rows) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    const td = document.createElement('td');
    th.textContent = t(k);
    td.textContent = String(v);
    tr.append(th, td);
    $('search-stats').appendChild(tr);
  }
  $('trace').textContent = (a.trace ?? '') + (a.trace_truncated ? `\n${t('trace_cut')}\n` : '');
  $('tree').innerHTML = a.tree ?? '';
  // The words of the tree's legend, in the page's language, beside it.
  $('tree-note').hidden = !a.tree;
  zoom = 1;
  fitTree();
  state.events = a.events ?? [];
  $('replay').max = String(Math.max(0, state.events.length - 1));
  $('replay').value = '0';
  $('replay-pos').textContent = state.events.length ? t('replay_pos', 0, state.events.length) : '';
}

/** A whole-number field of the page, as the string of its digits (the
 * engine takes them as text: JavaScript's numbers lose digits above 2^53);
 * blank gives no value, anything else below `min` an error in the page's
 * words. */
function wholeField(id, key, min) {
  const text = $(id).value.trim();
  if (text === '') return { value: undefined };
  if (!/^[0-9]+$/.test(text) || BigInt(text) < BigInt(min) || BigInt(text) >= 2n ** 64n) {
    return { error: t('bad_whole', t(key), text, min) };
  }
  return { value: text };
}

/** The library's reason for stopping, in the page's language. */
function stopText(stop) {
  const key = {
    'search complete': 'stop_exhausted',
    'solution limit reached': 'stop_solutions',
    'iteration limit reached': 'stop_iterations',
  }[stop];
  return key ? t(key) : stop;
}

function showEvent(k) {
  const ev = state.events[k];
  if (!ev) return;
  const values = [...ev.board].map((ch) => (ch === '.' ? 0 : Number(ch)));
  const head = ev.cell ? t(`ev_${ev.verdict}`, ev.iteration, ev.cell, ev.digit) : t('ev_start');
  const step = ev.cell ? {
    cells: [ev.cell],
    placements: ev.verdict === 'failed' ? [] : [{ cell: ev.cell, digit: ev.digit }],
    eliminations: ev.verdict === 'failed' ? [{ cell: ev.cell, digit: ev.digit }] : [],
  } : null;
  state.override = {
    values, marks: board.allowed(values), step,
    label: `${t('replay', k + 1, state.events.length)} — ${head}`,
  };
  $('replay-pos').textContent = t('replay_pos', k + 1, state.events.length);
  render();
}

function fitTree() {
  const svg = $('tree').querySelector('svg');
  if (!svg) return;
  svg.style.transformOrigin = '0 0';
  svg.style.transform = `scale(${zoom})`;
}

function panTree() {
  const box = $('tree');
  let drag = null;
  box.addEventListener('mousedown', (e) => { drag = { x: e.clientX, y: e.clientY, l: box.scrollLeft, t: box.scrollTop }; });
  window.addEventListener('mouseup', () => { drag = null; });
  box.addEventListener('mousemove', (e) => {
    if (!drag) return;
    box.scrollLeft = drag.l - (e.clientX - drag.x);
    box.scrollTop = drag.t - (e.clientY - drag.y);
  });
  box.addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoom = Math.max(0.1, Math.min(4, zoom * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
    fitTree();
  }, { passive: false });
}

// ---------------------------------------------------------- puzzles tab --

async function importText() {
  const a = await engine({ cmd: 'parse', text: $('import').value });
  const err = $('import-error');
  if (a.error) {
    err.textContent = a.error;
    return;
  }
  if (!a.puzzles.length) {
    err.textContent = a.errors.length ? t('import_error', a.errors[0].line, a.errors[0].reason) : t('import_none');
    return;
  }
  err.textContent = a.errors.length ? t('import_error', a.errors[0].line, a.errors[0].reason)
    : a.puzzles.length > 1 ? t('imported_first', a.puzzles.length, a.puzzles[0].line) : '';
  const p = a.puzzles[0];
  await load(cellsOf(p.puzzle), p.values ? cellsOf(p.values) : null, p.marks ? p.marks.map(maskOf) : null);
}

const cellsOf = (s) => [...s].map((ch) => (/[1-9]/.test(ch) ? Number(ch) : 0));

async function generate() {
  const field = wholeField('gen-seed', 'seed', 0);
  if (field.error) {
    $('gen-info').textContent = field.error;
    return;
  }
  const seed = field.value ?? String(Math.floor(Math.random() * 2 ** 31));
  const request = {
    cmd: 'generate', seed,
    level: $('gen-level').value || undefined,
    technique: $('gen-technique').value || undefined,
    symmetry: $('gen-symmetry').value,
    rating: $('gen-rating').value || undefined,
    minimal: $('gen-minimal').checked,
    max_attempts: 2000,
  };
  const a = await busy(() => engine(request));
  if (a.error) {
    $('gen-info').textContent = t('gen_failed', a.error);
    return;
  }
  $('gen-info').textContent = t('generated', a.attempts, seed);
  await load(cellsOf(a.puzzle));
  $('grade-text').textContent = `${t('grade_line', t(`lvl_${a.level}`), a.score, a.se_text)}`;
}

const LIBRARY = 'sudokit.library';

/** The stored puzzles; entries that are not what this page writes (edited
 * by hand, another page's) are left out rather than trusted. */
function library() {
  let list;
  try {
    list = JSON.parse(localStorage.getItem(LIBRARY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.map(libraryEntry).filter((e) => e);
}

function libraryEntry(e) {
  if (!e || typeof e !== 'object') return null;
  const pos = readPosition(e.givens, e.values, Array.isArray(e.marks) ? e.marks : undefined);
  if (!pos) return null;
  const name = typeof e.name === 'string' && e.name.trim() ? e.name : '?';
  return { name, givens: e.givens, values: pos.values.map((v) => v || '.').join(''),
    marks: pos.marks.map((m) => digitsOf(m).join('')), saved: e.saved };
}

/** A position from its givens, placed digits (optional) and marks
 * (optional, 81 strings of digits), as links and the library keep it; null
 * when any part is malformed or the digits do not keep the givens. */
function readPosition(p, v, m) {
  const LINE = /^[.0-9]{81}$/;
  if (typeof p !== 'string' || !LINE.test(p)) return null;
  const givens = cellsOf(p);
  let values = givens;
  if (v !== undefined && v !== null) {
    if (typeof v !== 'string' || !LINE.test(v)) return null;
    values = cellsOf(v);
    if (givens.some((g, i) => g && values[i] !== g)) return null;
  }
  let marks = Array(81).fill(0);
  if (m !== undefined && m !== null) {
    if (m.length !== 81 || !m.every((x) => typeof x === 'string' && /^[1-9]*$/.test(x))) return null;
    marks = m.map(maskOf);
  }
  return { givens, values, marks };
}

function storeLibrary(list) {
  localStorage.setItem(LIBRARY, JSON.stringify(list));
  renderLibrary();
}

function saveCurrent() {
  const list = library();
  const name = t('puzzle_name', list.length + 1);
  const p = position();
  list.push({ name, givens: p.givens, values: p.values, marks: p.marks, saved: new Date().toISOString() });
  storeLibrary(list);
  $('gen-info').textContent = t('saved', name);
}

function renderLibrary() {
  const ul = $('library');
  ul.textContent = '';
  library().forEach((item, k) => {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = item.name;
    name.className = 'name';
    const button = (key, action) => {
      const b = document.createElement('button');
      b.textContent = t(key);
      b.addEventListener('click', action);
      return b;
    };
    li.append(name,
      button('open', () => load(cellsOf(item.givens), cellsOf(item.values), item.marks.map(maskOf))),
      button('rename', () => {
        // One line of text: the export writes the name as a comment line.
        const n = prompt(t('rename_prompt'), item.name)?.replace(/\s+/g, ' ').trim();
        if (n) { const list = library(); list[k].name = n; storeLibrary(list); }
      }),
      button('delete', () => { const list = library(); list.splice(k, 1); storeLibrary(list); }));
    ul.appendChild(li);
  });
}

function exportLibrary() {
  const text = library().map((p) => `# ${p.name.replace(/\s+/g, ' ')}\n${p.givens}\n`).join('');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = 'sudokit-puzzles.txt';
  a.click();
  URL.revokeObjectURL(a.href);
}

// ------------------------------------------------------ share by the URL --

function saveHash() {
  const p = position();
  const params = new URLSearchParams({ p: p.givens });
  if (p.values !== p.givens) params.set('v', p.values);
  if (state.marks.some((m, i) => m && !state.values[i])) params.set('m', p.marks.join(','));
  history.replaceState(null, '', `#${params}`);
}

/** Opens the position of the address (`#p=givens&v=digits&m=marks`);
 * false when there is none, and a link that cannot be read says so. */
async function loadHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has('p')) return false;
  const pos = readPosition(params.get('p'), params.get('v') ?? undefined,
    params.has('m') ? params.get('m').split(',') : undefined);
  if (!pos) {
    $('hint-text').textContent = t('link_bad');
    return false;
  }
  await load(pos.givens, pos.values, pos.marks);
  return true;
}

async function share() {
  saveHash();
  try {
    await navigator.clipboard.writeText(location.href);
    $('hint-text').textContent = t('copied');
  } catch {
    $('hint-text').textContent = t('link_ready');
  }
}

// ------------------------------------------------------------ techniques --

async function loadTechniques() {
  const a = await engine({ cmd: 'techniques', lang: lang() });
  const table = $('techniques');
  table.textContent = '';
  const head = document.createElement('tr');
  for (const k of ['col_use', 'col_name', 'col_level', 'col_score', 'col_se', 'col_summary']) {
    const th = document.createElement('th');
    th.textContent = t(k);
    head.appendChild(th);
  }
  table.appendChild(head);
  state.defaults = a.techniques.filter((x) => x.default).map((x) => x.name);
  state.titles = new Map(a.techniques.map((x) => [x.name, x.title]));
  const ticked = new Set(state.techniques ?? state.defaults);
  const select = $('gen-technique');
  select.length = 1;
  for (const x of a.techniques) {
    const tr = document.createElement('tr');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = ticked.has(x.name);
    box.dataset.name = x.name;
    box.addEventListener('change', readTechniques);
    const cells = [box, `${x.title} (${x.name})`, x.level ? t(`lvl_${x.level}`) : '–', x.score ?? '–', x.se.toFixed(1), x.summary];
    for (const c of cells) {
      const td = document.createElement('td');
      if (c instanceof Node) td.appendChild(c);
      else td.textContent = String(c);
      tr.appendChild(td);
    }
    table.appendChild(tr);
    const o = document.createElement('option');
    o.value = x.name;
    o.textContent = x.title;
    select.appendChild(o);
  }
}

function readTechniques() {
  const names = [...$('techniques').querySelectorAll('input:checked')].map((b) => b.dataset.name);
  const same = names.length === state.defaults.length && names.every((n) => state.defaults.includes(n));
  state.techniques = same ? null : names;
  state.hint = null;
}

function tickAll(names) {
  for (const b of $('techniques').querySelectorAll('input')) b.checked = names.includes(b.dataset.name);
  readTechniques();
}

// -------------------------------------------------------------- keyboard --

function onKey(e) {
  if (e.target.closest('input, textarea, select')) return;
  const i = state.selected;
  const move = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 }[e.key];
  if (move !== undefined) {
    e.preventDefault();
    const from = i < 0 ? 0 : i;
    const r = Math.floor(from / 9), c = from % 9;
    const next = move === -9 ? ((r + 8) % 9) * 9 + c : move === 9 ? ((r + 1) % 9) * 9 + c
      : move === -1 ? r * 9 + (c + 8) % 9 : r * 9 + (c + 1) % 9;
    select(i < 0 ? 0 : next);
    return;
  }
  const digit = /^Digit([1-9])$/.exec(e.code)?.[1] ?? /^Numpad([1-9])$/.exec(e.code)?.[1]
    ?? (/^[1-9]$/.test(e.key) ? e.key : null);
  if (digit) {
    e.preventDefault();
    input(Number(digit), state.pencil !== (e.shiftKey || e.ctrlKey || e.altKey));
  } else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0') {
    e.preventDefault();
    erase();
  } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
    e.preventDefault();
    if (e.shiftKey) redo(); else undo();
  } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
    e.preventDefault();
    redo();
  } else if (e.key === 'p' || e.key === 'P') {
    state.pencil = !state.pencil;
    render();
  } else if (e.key === 'h' || e.key === 'H') {
    hint();
  } else if (e.key === 'Escape') {
    if (state.override) exitOverride();
    else { state.selected = -1; render(); }
  }
}

function select(i) {
  if (state.override) exitOverride();
  state.selected = i;
  const v = state.values[i];
  if (v) state.highlight = v;
  render();
  $('board').children[i].focus({ preventScroll: true });
}

// ------------------------------------------------------------------ wire --

function wire() {
  board.build($('board'), select);
  const on = (id, f) => $(id).addEventListener('click', f);
  on('pencil', () => { state.pencil = !state.pencil; render(); });
  on('undo', undo);
  on('redo', redo);
  on('fill', fillCandidates);
  on('clear-marks', clearMarks);
  on('check', check);
  on('restart', restart);
  on('share', share);
  on('hint', hint);
  on('apply', apply);
  on('all-steps', allSteps);
  on('import-go', importText);
  on('generate', generate);
  on('lib-save', saveCurrent);
  on('lib-export', exportLibrary);
  on('grade', grade);
  on('explain', explain);
  on('path-prev', () => showPathStep((state.path?.index ?? 0) - 1));
  on('path-next', () => showPathStep((state.path?.index ?? -1) + 1));
  on('run', runSearch);
  on('replay-exit', exitOverride);
  on('replay-prev', () => { $('replay').value = String(Number($('replay').value) - 1); showEvent(Number($('replay').value)); });
  on('replay-next', () => { $('replay').value = String(Number($('replay').value) + 1); showEvent(Number($('replay').value)); });
  $('replay').addEventListener('input', () => showEvent(Number($('replay').value)));
  on('zoom-in', () => { zoom = Math.min(4, zoom * 1.25); fitTree(); });
  on('zoom-out', () => { zoom = Math.max(0.1, zoom / 1.25); fitTree(); });
  on('stop', stopEngine);
  on('zoom-fit', () => {
    const svg = $('tree').querySelector('svg');
    const w = svg?.viewBox?.baseVal?.width || svg?.getBBox().width || 1;
    zoom = Math.min(1, ($('tree').clientWidth - 8) / w);
    fitTree();
  });
  on('tech-default', () => tickAll(state.defaults));
  on('tech-none', () => tickAll([]));
  $('algorithm').addEventListener('change', () => {
    const deep = $('algorithm').value === 'deepening';
    for (const el of document.querySelectorAll('.deep')) el.hidden = !deep;
  });
  $('lang').addEventListener('change', async () => {
    setLang($('lang').value);
    localStorage.setItem('sudokit.lang', $('lang').value);
    if (state.override) exitOverride();
    state.hint = null;
    $('hint-text').textContent = '';
    updateStatus();
    renderLibrary();
    await loadTechniques();
    if (state.path) {
      const at = state.path.index;
      await explain();
      showPathStep(at);
    }
  });
  for (const b of document.querySelectorAll('.tabs button')) {
    b.addEventListener('click', () => {
      for (const x of document.querySelectorAll('.tabs button')) x.classList.toggle('active', x === b);
      for (const tab of document.querySelectorAll('.tab')) tab.hidden = tab.id !== `tab-${b.dataset.tab}`;
    });
  }
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', loadHash);
  panTree();
  setInterval(tick, 1000);
}

const SAMPLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

async function main() {
  startWorker();
  wire();
  const saved = localStorage.getItem('sudokit.lang');
  const wanted = saved ?? (navigator.language?.startsWith('es') ? 'es' : 'en');
  $('lang').value = wanted;
  setLang(wanted);
  renderLibrary();
  render();
  updateStatus();
  await loadTechniques();
  if (!(await loadHash())) {
    const why = $('hint-text').textContent;
    await load(cellsOf(SAMPLE));
    if (why) $('hint-text').textContent = why;
  }
  document.body.dataset.ready = 'true';
}

main();
