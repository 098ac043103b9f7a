// The board: 81 cells with their digits or pencil marks, and a drawing of
// a step on top (houses and cells shaded, placements and eliminations
// marked, chains and links as arrows).

export const CELLS = [...Array(81).keys()];
const SVG = 'http://www.w3.org/2000/svg';

/** `r3c4` for cell index 29. */
export function cellName(i) {
  return `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
}

/** The index of `r3c4`. */
export function cellIndex(name) {
  const m = /^r(\d)c(\d)$/.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

/** The 20 cells that share a house with cell `i`. */
export const PEERS = CELLS.map((i) => {
  const r = Math.floor(i / 9), c = i % 9, b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
  return CELLS.filter((j) => j !== i && (Math.floor(j / 9) === r || j % 9 === c
    || Math.floor(Math.floor(j / 9) / 3) * 3 + Math.floor((j % 9) / 3) === b));
});

/** The cells of a house named as the library names them (`row 1`, `column 9`, `box 5`). */
export function houseCells(name) {
  const m = /^(row|column|box) (\d)$/.exec(name);
  if (!m) return [];
  const n = Number(m[2]) - 1;
  if (m[1] === 'row') return CELLS.filter((i) => Math.floor(i / 9) === n);
  if (m[1] === 'column') return CELLS.filter((i) => i % 9 === n);
  return CELLS.filter((i) => Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor((i % 9) / 3) === n);
}

/** Candidates (9-bit masks) that the digits of `values` allow. */
export function allowed(values) {
  return CELLS.map((i) => {
    if (values[i]) return 0;
    let mask = 0x1ff;
    for (const p of PEERS[i]) if (values[p]) mask &= ~(1 << (values[p] - 1));
    return mask;
  });
}

/** The cells whose digit repeats in one of their houses. */
export function conflicts(values) {
  return new Set(CELLS.filter((i) => values[i] && PEERS[i].some((p) => values[p] === values[i])));
}

/** Builds the 81 cells into `root`; `onPick(i)` is called on a click. */
export function build(root, onPick) {
  root.textContent = '';
  for (const i of CELLS) {
    const cell = document.createElement('div');
    const r = Math.floor(i / 9), c = i % 9;
    cell.className = 'cell';
    if (c % 3 === 2 && c < 8) cell.classList.add('box-right');
    if (r % 3 === 2 && r < 8) cell.classList.add('box-bottom');
    cell.dataset.testid = `cell-${cellName(i)}`;
    cell.setAttribute('data-testid', `cell-${cellName(i)}`);
    cell.setAttribute('role', 'gridcell');
    cell.tabIndex = -1;
    cell.addEventListener('mousedown', (e) => { e.preventDefault(); onPick(i); });
    root.appendChild(cell);
  }
}

/**
 * Draws a position: `view` has `givens`, `values`, `marks` (masks shown per
 * cell), `selected`, `highlight` (a digit), `wrong` (set of cells),
 * `conflicts` (set), and `step` (a step object of the library, or null).
 */
export function render(root, overlay, view) {
  const step = view.step;
  const shade = stepShading(step);
  CELLS.forEach((i) => {
    const el = root.children[i];
    const v = view.values[i];
    el.className = el.className.split(' ').filter((k) => k === 'cell' || k.startsWith('box-')).join(' ');
    const add = (k, on) => on && el.classList.add(k);
    add('given', view.givens[i] !== 0);
    add('selected', view.selected === i);
    add('peer', view.selected >= 0 && view.selected !== i && PEERS[view.selected].includes(i));
    add('same', view.highlight && v === view.highlight);
    add('has-mark', view.highlight && !v && (view.marks[i] >> (view.highlight - 1)) & 1);
    add('wrong', view.wrong.has(i));
    add('conflict', view.conflicts.has(i));
    add('house', shade.houses.has(i));
    add('focus', shade.cells.has(i));
    add('fin', shade.fins.has(i));
    el.setAttribute('aria-label', `${cellName(i)} ${v || ''}`);
    el.textContent = '';
    if (v) {
      const d = document.createElement('span');
      d.className = 'digit';
      d.textContent = String(v);
      el.appendChild(d);
      return;
    }
    const grid = document.createElement('div');
    grid.className = 'marks';
    for (let d = 1; d <= 9; d++) {
      const m = document.createElement('span');
      const key = `${i}:${d}`;
      if ((view.marks[i] >> (d - 1)) & 1) {
        m.textContent = String(d);
        if (view.highlight === d) m.classList.add('lit');
      }
      if (shade.place.has(key)) { m.textContent = String(d); m.classList.add('place'); }
      if (shade.elim.has(key)) { m.textContent = String(d); m.classList.add('elim'); }
      if (shade.chain.has(key)) { m.textContent = String(d); m.classList.add(shade.chain.get(key)); }
      if (view.removedTrue && view.removedTrue.has(key)) { m.textContent = String(d); m.classList.add('missing'); }
      grid.appendChild(m);
    }
    el.appendChild(grid);
  });
  drawLinks(overlay, step);
}

/** What a step shades: cells by role, and candidates by role. */
function stepShading(step) {
  const s = {
    houses: new Set(), cells: new Set(), fins: new Set(),
    place: new Set(), elim: new Set(), chain: new Map(),
  };
  if (!step) return s;
  for (const h of step.houses ?? []) for (const c of houseCells(h)) s.houses.add(c);
  for (const c of step.cells ?? []) s.cells.add(cellIndex(c));
  for (const c of step.fins ?? []) s.fins.add(cellIndex(c));
  for (const p of step.placements ?? []) s.place.add(`${cellIndex(p.cell)}:${p.digit}`);
  for (const e of step.eliminations ?? []) s.elim.add(`${cellIndex(e.cell)}:${e.digit}`);
  for (const link of step.links ?? []) {
    s.chain.set(`${cellIndex(link.from.cell)}:${link.from.digit}`, 'chain');
    s.chain.set(`${cellIndex(link.to.cell)}:${link.to.digit}`, 'chain');
  }
  for (const chain of step.chains ?? []) {
    for (const node of chain.nodes) {
      for (const c of node.cells) s.chain.set(`${cellIndex(c)}:${node.digit}`, 'chain');
    }
  }
  return s;
}

/** The centre of candidate `d` of cell `i` in the overlay's 900×900 box. */
function spot(i, d) {
  const r = Math.floor(i / 9), c = i % 9;
  return [c * 100 + ((d - 1) % 3) * 33.3 + 16.7, r * 100 + Math.floor((d - 1) / 3) * 33.3 + 16.7];
}

/** The centre of a chain node (the mean of its cells' candidates). */
function nodeSpot(node) {
  const pts = node.cells.map((c) => spot(cellIndex(c), node.digit));
  return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
}

/** Arrows for the step's links and chains: strong solid, weak dashed. */
function drawLinks(overlay, step) {
  overlay.textContent = '';
  if (!step) return;
  const defs = document.createElementNS(SVG, 'defs');
  defs.innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#c0392b"/></marker>';
  overlay.appendChild(defs);
  const arrows = [];
  for (const l of step.links ?? []) {
    arrows.push([spot(cellIndex(l.from.cell), l.from.digit), spot(cellIndex(l.to.cell), l.to.digit), l.strong]);
  }
  for (const chain of step.chains ?? []) {
    for (let k = 0; k + 1 < chain.nodes.length; k++) {
      arrows.push([nodeSpot(chain.nodes[k]), nodeSpot(chain.nodes[k + 1]), chain.strong[k]]);
    }
  }
  for (const [a, b, strong] of arrows) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const pull = 12 / len;
    const [x1, y1, x2, y2] = [a[0] + dx * pull, a[1] + dy * pull, b[0] - dx * pull, b[1] - dy * pull];
    // A slight bend keeps arrows along one row apart from the digits.
    const mx = (x1 + x2) / 2 - dy * 0.15, my = (y1 + y2) / 2 + dx * 0.15;
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', `M${x1.toFixed(1)} ${y1.toFixed(1)}Q${mx.toFixed(1)} ${my.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}`);
    path.setAttribute('class', strong ? 'link strong' : 'link weak');
    path.setAttribute('marker-end', 'url(#arrow)');
    overlay.appendChild(path);
  }
}
