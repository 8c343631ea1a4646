// Variant puzzles in the page: the rules JSON the server answers with
// ("rules": size, grid, regions, rules), the geometry it gives the grid
// (regions, rectangular boxes, the extra groups whose digits differ), and
// the drawing of every rule as players know it from SudokuPad, one entry
// of KINDS per rule kind (the names of the Go package variant's Kinds).

// SVG's namespace: a name, not an address the page fetches (written in
// two parts, as TestPageAssets looks for addresses).
export const NS = 'http:' + '//www.w3.org/2000/svg';

// cell returns the index of a cell named "r1c2" in a grid of side n, or -1.
export function cell(name, n) {
  const m = /^r(\d+)c(\d+)$/.exec(name || '');
  if (!m) return -1;
  const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
  return r >= 0 && c >= 0 && r < n && c < n ? r * n + c : -1;
}

// boxShape returns the most square boxes r x c (r <= c) of a side, as
// variant.BoxShape does; r is 1 for a prime side.
export function boxShape(n) {
  let r = 1;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) r = d;
  return [r, n / r];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// regionsOf returns the region of each cell: the rules' "regions" (a
// string of letters or an array of numbers), the usual boxes when absent,
// null for "none".
export function regionsOf(rules) {
  const n = rules.size, reg = rules.regions;
  if (reg === 'none') return null;
  if (typeof reg === 'string') return [...reg].map((ch) => LETTERS.indexOf(ch));
  if (Array.isArray(reg)) return reg.slice();
  const [br, bc] = boxShape(n);
  if (br === 1) return null;
  const out = [];
  for (let i = 0; i < n * n; i++) out.push(Math.floor(Math.floor(i / n) / br) * (n / bc) + Math.floor((i % n) / bc));
  return out;
}

const cellsOf = (rule, n) => (rule.cells || []).map((c) => cell(c, n)).filter((i) => i >= 0);

// windows returns the windoku windows of a side n = k*k: k-1 squares of
// k x k cells along each axis, one cell apart.
function windows(n) {
  const k = Math.round(Math.sqrt(n));
  if (k * k !== n) return [];
  const out = [];
  for (let wr = 0; wr < k - 1; wr++) {
    for (let wc = 0; wc < k - 1; wc++) {
      const cells = [];
      for (let r = 0; r < k; r++) for (let c = 0; c < k; c++) cells.push((1 + wr * (k + 1) + r) * n + 1 + wc * (k + 1) + c);
      out.push(cells);
    }
  }
  return out;
}

// disjointGroups returns the cells at each place of the boxes.
function disjointGroups(n, regions) {
  const [br, bc] = boxShape(n);
  if (!regions || br === 1) return [];
  const out = [];
  for (let k = 0; k < n; k++) out.push([]);
  for (let i = 0; i < n * n; i++) out[(Math.floor(i / n) % br) * bc + (i % n) % bc].push(i);
  return out;
}

// ---- drawing ----------------------------------------------------------

function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// Centre of cell i, in cells.
const cx = (i, n) => (i % n) + 0.5;
const cy = (i, n) => Math.floor(i / n) + 0.5;
const pts = (cells, n) => cells.map((i) => cx(i, n).toFixed(3) + ',' + cy(i, n).toFixed(3)).join(' ');

function polyline(g, cells, n, cls, width) {
  if (cells.length === 1) return el('circle', { cx: cx(cells[0], n), cy: cy(cells[0], n), r: width / 2, class: cls + ' fill' }, g);
  return el('polyline', { points: pts(cells, n), class: cls, 'stroke-width': width, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, g);
}

function text(g, x, y, s, size, cls, anchor = 'middle') {
  const t = el('text', { x, y, 'font-size': size, class: cls, 'text-anchor': anchor, 'dominant-baseline': 'central' }, g);
  t.textContent = s;
  return t;
}

function shade(g, cells, n, cls) {
  for (const i of cells) el('rect', { x: i % n, y: Math.floor(i / n), width: 1, height: 1, class: cls }, g);
}

// edgeMid returns the middle of the edge between two neighbouring cells.
function edgeMid(a, b, n) {
  return [(cx(a, n) + cx(b, n)) / 2, (cy(a, n) + cy(b, n)) / 2];
}

// cageOutline draws the dashed outline of a cage inset in its cells: each
// cell's sides that border a cell outside the cage, pulled in by d, with
// the corners joined.
function cageOutline(g, cells, n, d) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  let path = '';
  const seg = (x1, y1, x2, y2) => { path += 'M' + x1.toFixed(3) + ' ' + y1.toFixed(3) + 'L' + x2.toFixed(3) + ' ' + y2.toFixed(3); };
  // An end of a side: inset where the outline turns away, on the edge
  // where it goes straight on into the next cell, beyond the edge at an
  // inner corner.
  const lo = (edge, on, corner) => (on ? (corner ? edge - d : edge) : edge + d);
  const hi = (edge, on, corner) => (on ? (corner ? edge + d : edge) : edge - d);
  for (const i of cells) {
    const r = Math.floor(i / n), c = i % n;
    const x0 = c, y0 = r, x1 = c + 1, y1 = r + 1;
    const up = has(r - 1, c), down = has(r + 1, c), left = has(r, c - 1), right = has(r, c + 1);
    if (!up) seg(lo(x0, left, has(r - 1, c - 1)), y0 + d, hi(x1, right, has(r - 1, c + 1)), y0 + d);
    if (!down) seg(lo(x0, left, has(r + 1, c - 1)), y1 - d, hi(x1, right, has(r + 1, c + 1)), y1 - d);
    if (!left) seg(x0 + d, lo(y0, up, has(r - 1, c - 1)), x0 + d, hi(y1, down, has(r + 1, c - 1)));
    if (!right) seg(x1 - d, lo(y0, up, has(r - 1, c + 1)), x1 - d, hi(y1, down, has(r + 1, c + 1)));
  }
  return el('path', { d: path, class: 'cage' }, g);
}

// headOf returns the cell of a cage where its sum is written: the top
// one, leftmost among them.
const headOf = (cells) => cells.reduce((a, b) => (b < a ? b : a), cells[0]);

// arrowHead draws a head at the end of a line going from a to b.
function arrowHead(g, ax, ay, bx, by, size, cls) {
  const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy) || 1, ux = dx / len, uy = dy / len;
  const p = (s, t) => (bx - ux * s + -uy * t).toFixed(3) + ',' + (by - uy * s + ux * t).toFixed(3);
  el('polyline', { points: p(size, size * 0.8) + ' ' + bx.toFixed(3) + ',' + by.toFixed(3) + ' ' + p(size, -size * 0.8), class: cls, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, g);
}

// A line rule drawn as a coloured line through its cells (whisper, renban
// ... and any new line kind): cls names its colour in the style sheet.
const lineKind = (cls, label) => ({
  layer: 'under', label,
  draw: (g, r, n) => polyline(g, cellsOf(r, n), n, 'line ' + cls, 0.22),
});

// A line with a shape at both ends (between lines, double arrows: circles;
// lockout lines: diamonds).
const endsKind = (cls, label, end) => ({
  layer: 'under', label,
  draw: (g, r, n) => {
    const cells = cellsOf(r, n);
    if (!cells.length) return;
    polyline(g, cells, n, 'line ' + cls, 0.1);
    for (const i of [cells[0], cells[cells.length - 1]]) {
      const x = cx(i, n), y = cy(i, n);
      if (end === 'diamond') el('polygon', { points: [[x, y - 0.38], [x + 0.38, y], [x, y + 0.38], [x - 0.38, y]].map((p) => p.join(',')).join(' '), class: 'end ' + cls }, g);
      else el('circle', { cx: x, cy: y, r: 0.38, class: 'end ' + cls }, g);
    }
  },
});

// A clue outside the grid at the start of a row (left) or column (top), or
// at its end with reverse (right, bottom): x-sums, skyscrapers.
const edgeClue = (label, value) => ({
  layer: 'outside', label,
  draw: (g, r, n) => {
    const k = (r.index || 1) - 1, far = r.reverse ? n + 0.45 : -0.45;
    if (r.column) text(g, k + 0.5, far, String(value(r)), 0.42, 'clue');
    else text(g, far, k + 0.5, String(value(r)), 0.42, 'clue');
  },
});

// KINDS draws each rule kind; layer 'shade' (shaded cells) goes first,
// then 'under', below the digits' ink
// (thermometers, lines, shading), 'over' above (cages, dots, letters),
// 'outside' is a clue outside the grid; global kinds draw nothing and are
// named in the rules caption. label names the kind for the caption.
export const KINDS = {
  diagonal: {
    layer: 'under', label: (r) => (r.positive ? 'diagonal ↗' : 'diagonal ↘'),
    draw: (g, r, n) => el('line', r.positive ? { x1: 0, y1: n, x2: n, y2: 0, class: 'diag' } : { x1: 0, y1: 0, x2: n, y2: n, class: 'diag' }, g),
  },
  windoku: { layer: 'shade', label: 'windoku', draw: (g, r, n) => { for (const w of windows(n)) shade(g, w, n, 'window'); } },
  disjoint: { global: true, label: 'disjoint groups' },
  region: { layer: 'shade', label: 'extra region', draw: (g, r, n) => shade(g, cellsOf(r, n), n, 'extra') },
  antiknight: { global: true, label: 'anti-knight' },
  antiking: { global: true, label: 'anti-king' },
  nonconsecutive: { global: true, label: 'non-consecutive' },
  'kropki-negative': { global: true, label: (r) => 'no dot: ' + [r.white !== false ? 'not consecutive' : '', r.black !== false ? 'no ratio 2' : ''].filter(Boolean).join(', ') },
  'xv-negative': { global: true, label: 'no X or V: sums to neither 10 nor 5' },
  killer: {
    layer: 'over', label: 'killer',
    draw: (g, r, n) => {
      const cells = cellsOf(r, n);
      if (!cells.length) return;
      cageOutline(g, cells, n, 0.08);
      if (r.sum) {
        const h = headOf(cells);
        const x = h % n + 0.06, y = Math.floor(h / n) + 0.05;
        const s = String(r.sum);
        el('rect', { x: x - 0.02, y: y - 0.01, width: 0.13 * s.length + 0.06, height: 0.24, class: 'cage-sum-bg' }, g);
        text(g, x + 0.01, y + 0.11, s, 0.22, 'cage-sum', 'start');
      }
    },
  },
  littlekiller: {
    layer: 'outside', label: 'little killer',
    draw: (g, r, n) => {
      const cells = cellsOf(r, n);
      if (!cells.length) return;
      const a = cells[0], b = cells.length > 1 ? cells[1] : a;
      const dx = Math.sign((b % n) - (a % n)) || 1, dy = Math.sign(Math.floor(b / n) - Math.floor(a / n)) || 1;
      const x = cx(a, n) - dx, y = cy(a, n) - dy;
      text(g, x - dx * 0.1, y - dy * 0.1, String(r.sum), 0.42, 'clue');
      el('line', { x1: x + dx * 0.18, y1: y + dy * 0.18, x2: x + dx * 0.45, y2: y + dy * 0.45, class: 'lk' }, g);
      arrowHead(g, x, y, x + dx * 0.45, y + dy * 0.45, 0.12, 'lk');
    },
  },
  thermo: {
    layer: 'under', label: 'thermometer',
    draw: (g, r, n) => {
      const cells = cellsOf(r, n);
      if (!cells.length) return;
      polyline(g, cells, n, 'thermo', 0.3);
      el('circle', { cx: cx(cells[0], n), cy: cy(cells[0], n), r: 0.38, class: 'thermo fill' }, g);
    },
  },
  arrow: {
    layer: 'under', label: 'arrow',
    draw: (g, r, n) => {
      const circle = (r.circle || []).map((c) => cell(c, n)).filter((i) => i >= 0);
      const line = (r.line || []).map((c) => cell(c, n)).filter((i) => i >= 0);
      if (!circle.length) return;
      if (circle.length === 1) el('circle', { cx: cx(circle[0], n), cy: cy(circle[0], n), r: 0.4, class: 'arrow-circle' }, g);
      else { polyline(g, circle, n, 'arrow-circle pill', 0.8); polyline(g, circle, n, 'arrow-pill-inner', 0.7); }
      if (!line.length) return;
      // The shaft starts at the circle's edge, from the circle cell it touches.
      const last = circle.reduce((best, i) => (Math.hypot(cx(i, n) - cx(line[0], n), cy(i, n) - cy(line[0], n)) < Math.hypot(cx(best, n) - cx(line[0], n), cy(best, n) - cy(line[0], n)) ? i : best), circle[0]);
      const x0 = cx(last, n), y0 = cy(last, n), x1 = cx(line[0], n), y1 = cy(line[0], n);
      const len = Math.hypot(x1 - x0, y1 - y0) || 1;
      const sx = x0 + (x1 - x0) / len * 0.4, sy = y0 + (y1 - y0) / len * 0.4;
      const points = sx.toFixed(3) + ',' + sy.toFixed(3) + ' ' + pts(line, n);
      el('polyline', { points, class: 'arrow-line', fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, g);
      const e = line[line.length - 1], p = line.length > 1 ? line[line.length - 2] : last;
      arrowHead(g, cx(p, n), cy(p, n), cx(e, n), cy(e, n), 0.25, 'arrow-line');
    },
  },
  kropki: {
    layer: 'over', label: 'kropki',
    draw: (g, r, n) => {
      const [a, b] = cellsOf(r, n);
      if (a === undefined || b === undefined) return;
      const [x, y] = edgeMid(a, b, n);
      el('circle', { cx: x, cy: y, r: 0.13, class: r.black ? 'dot black' : 'dot white' }, g);
      if (r.value && r.value !== (r.black ? 2 : 1)) text(g, x, y, String(r.value), 0.16, r.black ? 'dot-text on-black' : 'dot-text');
    },
  },
  xv: {
    layer: 'over', label: 'XV',
    draw: (g, r, n) => {
      const [a, b] = cellsOf(r, n);
      if (a === undefined || b === undefined) return;
      const [x, y] = edgeMid(a, b, n);
      const s = r.sum === 10 ? 'X' : r.sum === 5 ? 'V' : String(r.sum);
      el('rect', { x: x - 0.14, y: y - 0.15, width: 0.28, height: 0.3, rx: 0.05, class: 'xv-bg' }, g);
      text(g, x, y, s, 0.3, 'xv');
    },
  },
  parity: {
    layer: 'under', label: 'odd/even',
    draw: (g, r, n) => {
      const i = cell(r.cell, n);
      if (i < 0) return;
      if (r.even) el('rect', { x: i % n + 0.15, y: Math.floor(i / n) + 0.15, width: 0.7, height: 0.7, class: 'parity' }, g);
      else el('circle', { cx: cx(i, n), cy: cy(i, n), r: 0.36, class: 'parity' }, g);
    },
  },
  whisper: lineKind('whisper', (r) => (r.diff && r.diff !== 5 ? 'whisper (' + r.diff + ')' : 'whisper')),
  renban: lineKind('renban', 'renban'),
  palindrome: lineKind('palindrome', 'palindrome'),
  regionsum: lineKind('regionsum', 'region-sum line'),
  entropic: lineKind('entropic', 'entropic line'),
  modular: lineKind('modular', 'modular line'),
  zipper: lineKind('zipper', 'zipper line'),
  nabner: lineKind('nabner', 'nabner line'),
  tenline: lineKind('tenline', (r) => (r.sum && r.sum !== 10 ? r.sum + '-line' : '10-line')),
  lockout: endsKind('lockout', 'lockout line', 'diamond'),
  between: endsKind('between', 'between line', 'circle'),
  doublearrow: endsKind('doublearrow', 'double arrow', 'circle'),
  quadruple: {
    layer: 'over', label: 'quadruple',
    draw: (g, r, n) => {
      const cells = cellsOf(r, n);
      if (!cells.length) return;
      // The circle sits on the corner the cells share (their middle).
      const x = cells.reduce((a, i) => a + cx(i, n), 0) / cells.length, y = cells.reduce((a, i) => a + cy(i, n), 0) / cells.length;
      el('circle', { cx: x, cy: y, r: 0.3, class: 'quad' }, g);
      const vs = (r.values || []).map(String);
      const rows = vs.length > 2 ? [vs.slice(0, 2), vs.slice(2)] : [vs];
      rows.forEach((row, k) => text(g, x, y + (rows.length === 1 ? 0 : k ? 0.11 : -0.11), row.join(' '), 0.2, 'quad-text'));
    },
  },
  xsum: edgeClue('x-sum', (r) => r.sum),
  skyscraper: edgeClue('skyscraper', (r) => r.count),
  extremum: {
    layer: 'under', label: (r) => (r.max ? 'maximum' : 'minimum'),
    draw: (g, r, n) => {
      const i = cell(r.cell, n);
      if (i < 0) return;
      const x = cx(i, n), y = cy(i, n);
      // Four chevrons at the cell's sides: pointing out of a maximum, into a minimum.
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        const tip = r.max ? 0.38 : 0.24, base = r.max ? 0.24 : 0.38;
        const bx = x + dx * base, by = y + dy * base, tx = x + dx * tip, ty = y + dy * tip;
        el('polyline', { points: [[bx - dy * 0.12, by + dx * 0.12], [tx, ty], [bx + dy * 0.12, by - dx * 0.12]].map((p) => p.join(',')).join(' '), class: 'chevron', fill: 'none' }, g);
      }
    },
  },
  clone: {
    layer: 'shade', label: 'clone',
    draw: (g, r, n) => {
      shade(g, cellsOf(r, n), n, 'clone');
      shade(g, (r.clones || []).map((c) => cell(c, n)).filter((i) => i >= 0), n, 'clone');
    },
  },
  indexer: { layer: 'shade', label: (r) => (r.box ? 'box indexer' : r.column ? 'column indexer' : 'row indexer'), draw: (g, r, n) => shade(g, cellsOf(r, n), n, r.box ? 'indexer box' : r.column ? 'indexer column' : 'indexer') },
  marks: {
    layer: 'under', label: 'given marks',
    draw: (g, r, n) => {
      const i = cell(r.cell, n);
      if (i < 0) return;
      text(g, cx(i, n), Math.floor(i / n) + 0.82, (r.values || []).join(''), 0.2, 'given-marks');
    },
  },
  sandwich: {
    layer: 'outside', label: 'sandwich',
    draw: (g, r, n) => {
      const k = (r.index || 1) - 1;
      if (r.column) text(g, k + 0.5, -0.45, String(r.sum), 0.42, 'clue');
      else text(g, -0.45, k + 0.5, String(r.sum), 0.42, 'clue');
    },
  },
};

// fallback draws a kind the page does not know yet (a new one of the
// engine): a line through its cells, or a circle on its cell, in a
// neutral colour.
const fallback = {
  layer: 'under',
  draw: (g, r, n) => {
    const cells = cellsOf(r, n);
    if (cells.length) polyline(g, cells, n, 'line other', 0.18);
    else if (r.cell && cell(r.cell, n) >= 0) el('circle', { cx: cx(cell(r.cell, n), n), cy: cy(cell(r.cell, n), n), r: 0.35, class: 'parity' }, g);
  },
};

export const kindOf = (name) => KINDS[name] || fallback;

// hasOutside reports whether a puzzle has clues outside the grid.
export const hasOutside = (rules) => (rules.rules || []).some((r) => kindOf(r.kind).layer === 'outside');

// labelOf names a rule's kind for the caption.
function labelOf(r) {
  const k = KINDS[r.kind];
  if (!k) return r.kind;
  return typeof k.label === 'function' ? k.label(r) : k.label;
}

// caption lists the puzzle's kinds in words, each once: "killer,
// thermometer, anti-knight".
export function caption(rules) {
  const seen = new Set();
  const out = [];
  if (rules.regions && rules.regions !== 'none') { seen.add('jigsaw'); out.push('jigsaw'); }
  for (const r of rules.rules || []) {
    const s = labelOf(r);
    if (!seen.has(s)) { seen.add(s); out.push(s); }
  }
  return out.join(', ');
}

// drawRules fills svg (viewBox in cells, the grid from 0 to n, one cell
// of margin for the clues outside when there are any) with the rules:
// shading and lines, then cages and dots, then the clues outside. Each
// rule's shapes are a <g> with data-rule (its index), for the clash
// checker to mark. bad is a Set of the indexes of broken rules. With
// over, the cages, dots and clues outside go there (above the digits)
// and svg keeps what lies under them.
export function drawRules(svg, rules, bad, over) {
  const n = rules.size;
  const regions = regionsOf(rules);
  const m = hasOutside(rules) ? 1 : 0;
  const layers = {};
  for (const s of over ? [svg, over] : [svg]) {
    s.textContent = '';
    s.setAttribute('viewBox', (-m) + ' ' + (-m) + ' ' + (n + 2 * m) + ' ' + (n + 2 * m));
  }
  for (const name of ['shade', 'under', 'over', 'outside']) layers[name] = el('g', { class: 'layer-' + name }, (name === 'over' || name === 'outside') && over ? over : svg);
  (rules.rules || []).forEach((r, k) => {
    const kind = kindOf(r.kind);
    if (kind.global) return;
    const g = el('g', { 'data-rule': k, 'data-kind': r.kind, class: 'rule' + (bad && bad.has(k) ? ' bad' : '') }, layers[kind.layer]);
    kind.draw(g, r, n, regions);
  });
  return svg;
}

// newSVG returns an empty <svg> for drawRules.
export function newSVG(cls) {
  return el('svg', { class: cls, 'aria-hidden': 'true', preserveAspectRatio: 'xMidYMid meet' });
}

// allDifferent returns the groups of cells a puzzle's rules keep
// different beyond rows, columns and regions (diagonals, windows, disjoint
// groups, extra regions, killer cages), for the page's clash checker and
// candidates.
export function allDifferent(rules) {
  const n = rules.size, regions = regionsOf(rules);
  const out = [];
  for (const r of rules.rules || []) {
    switch (r.kind) {
      case 'diagonal': {
        const d = [];
        for (let k = 0; k < n; k++) d.push(r.positive ? (n - 1 - k) * n + k : k * n + k);
        out.push(d);
        break;
      }
      case 'windoku': out.push(...windows(n)); break;
      case 'disjoint': out.push(...disjointGroups(n, regions)); break;
      case 'region': case 'killer': case 'renban': out.push(cellsOf(r, n)); break;
    }
  }
  return out.filter((u) => u.length > 1);
}
