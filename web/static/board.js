// The board: the cells of the grid in the page, drawn from a game and the
// view (selection, hint, mistakes, settings).

import { geometry, geoOf, symbol, symbolValue, bit, values, clashes, candidates } from './grid.js';
import { value } from './game.js';
import { drawRules, newSVG, hasOutside, regionsOf, cell as cellIndex, NS } from './variant.js';
import { t, lang } from './i18n.js';

export class Board {
  // el is the element of the grid; its cells get the ids prefix0,
  // prefix1 ...
  constructor(el, prefix = 'c') {
    this.el = el;
    this.prefix = prefix;
    this.cells = [];
    this.order = 0;
    this.shape = null; // the order, or a variant's rules, the cells are built for
    this.svg = null; // a variant's rules, drawn over the cells
    this.bad = '';
  }

  // build makes the cells of game g's grid: of its order, or of its
  // variant's side with its regions, and the drawing of its rules.
  build(g) {
    const geo = geoOf(g);
    const order = geo.order;
    this.order = order;
    this.shape = g.rules || g.order;
    this.el.textContent = '';
    this.el.style.setProperty('--side', geo.side);
    this.el.dataset.order = order;
    this.el.style.setProperty('--order', order);
    this.el.classList.toggle('big', order >= 4);
    this.el.classList.toggle('variant', !!g.rules);
    this.el.style.setProperty('--out', g.rules && hasOutside(g.rules) ? 1 : 0);
    this.cells = [];
    const reg = g.rules ? geo.regions : null;
    const sums = new Set();
    if (g.rules) {
      for (const r of g.rules.rules || []) {
        if (r.kind !== 'killer' || !r.sum) continue;
        const cs = (r.cells || []).map((c) => cellIndex(c, geo.side)).filter((i) => i >= 0);
        if (cs.length) sums.add(Math.min(...cs));
      }
    }
    for (let i = 0; i < geo.n; i++) {
      const d = document.createElement('div');
      d.className = 'cell';
      d.id = this.prefix + i;
      d.dataset.i = i;
      d.setAttribute('role', 'gridcell');
      const r = geo.row(i), c = geo.col(i);
      if (reg) {
        // Thick lines between regions: boxes of any shape, jigsaws.
        if (c === geo.side - 1) d.classList.add('last-col');
        else if (reg.length && reg[i] !== reg[i + 1]) d.classList.add('br');
        if (r === geo.side - 1) d.classList.add('last-row');
        else if (reg.length && reg[i] !== reg[i + geo.side]) d.classList.add('bb');
        if (sums.has(i)) d.classList.add('has-sum');
      } else {
        if (c % order === order - 1) d.classList.add(c === geo.side - 1 ? 'last-col' : 'br');
        if (r % order === order - 1) d.classList.add(r === geo.side - 1 ? 'last-row' : 'bb');
      }
      const v = document.createElement('span'); v.className = 'v';
      const cm = document.createElement('div'); cm.className = 'cm';
      const ce = document.createElement('div'); ce.className = 'ce';
      d.append(v, cm, ce);
      this.el.append(d);
      this.cells.push({ el: d, v, cm, ce });
    }
    this.svg = null;
    this.bad = '';
    if (g.rules) {
      this.svg = newSVG('rules under');
      this.over = newSVG('rules over');
      drawRules(this.svg, g.rules, null, this.over);
      this.el.append(this.svg, this.over);
    }
  }

  // cellAt returns the cell under a pointer event, or -1.
  cellAt(e) {
    const t = document.elementFromPoint(e.clientX, e.clientY);
    const c = t && t.closest && t.closest('.cell');
    return c && this.el.contains(c) ? Number(c.dataset.i) : -1;
  }

  // draw shows game g in view v: {sel: Set, cursor (-1: none), hint,
  // mistakes: Set, settings}.
  draw(g, v) {
    if (this.shape !== (g.rules || g.order)) this.build(g);
    const geo = geoOf(g);
    const vals = g.givens.map((x, i) => x || g.values[i]);
    const cur = v.cursor, hv = vals[cur];
    const bad = v.settings.clashes ? clashes(geo, vals) : new Set();
    // A variant's broken rules (the server's check of the player's grid).
    const broken = v.settings.clashes && v.ruleBad && v.ruleBad.game === g ? v.ruleBad : null;
    if (broken) for (const i of broken.cells) bad.add(i);
    const badKey = broken ? [...broken.rules].join(',') : '';
    if (this.svg && badKey !== this.bad) {
      this.bad = badKey;
      drawRules(this.svg, g.rules, broken ? broken.rules : null, this.over);
    }
    const showWrong = v.settings.mistakes && g.solution && !g.entering;
    const h = v.hint && v.hint.stage === 2 ? v.hint : null;
    for (let i = 0; i < geo.n; i++) {
      const c = this.cells[i], x = vals[i], cl = c.el.classList;
      c.v.textContent = x ? symbol(x) : '';
      const wrong = v.mistakes.has(i) || !!(showWrong && g.values[i] && g.values[i] !== symbolValue(g.solution[i]));
      const parts = [];
      if (x) {
        parts.push(symbol(x));
        if (g.givens[i]) parts.push(t('given'));
        if (wrong) parts.push(t('wrong'));
        if (bad.has(i)) parts.push(t('clashes'));
        marks(c.cm, 0); marks(c.ce, 0);
      } else if (h && h.show.has(i)) {
        marks(c.cm, 0);
        const shown = hintMarks(c.ce, g, geo, vals, i, h);
        parts.push(t('blank'), t('hintCands', shown));
      } else {
        // Coloured candidates show even where no mark holds them.
        const cc = g.entering ? '' : g.candColour[i] || '';
        let coloured = 0;
        for (let k = 0; k < cc.length; k++) if (cc[k] !== '0') coloured |= bit(k + 1);
        marks(c.cm, g.corner[i], hv, 0, cc);
        let ce = g.centre[i], auto = false;
        if (!ce && v.settings.auto && !g.entering) { ce = candidates(geo, vals, i) & ~g.elim[i]; auto = true; }
        // A setter's true candidates (the server's, every value some
        // solution puts here).
        if (g.entering && v.setCands && v.setCands[i]) { ce = v.setCands[i].reduce((m, x) => m | bit(x), 0); auto = true; }
        marks(c.ce, ce | (coloured & ~g.corner[i]), hv, geo.order, cc, auto);
        c.ce.classList.toggle('auto', auto);
        parts.push(t('blank'));
        if (g.corner[i]) parts.push(t('cornerMarks', values(g.corner[i]).map(symbol).join(' ')));
        if (ce) parts.push(t(auto ? 'candidates' : 'centreMarks', values(ce).map(symbol).join(' ')));
        if (coloured) parts.push(values(coloured).map((x) => t('candIn', symbol(x), cc[x - 1])).join(lang === 'zh' ? '，' : ', '));
      }
      cl.toggle('hint-region', !!(v.hint && v.hint.region.has(i)));
      cl.toggle('hint-cell', !!(h && h.cells.has(i)));
      cl.toggle('given', !!g.givens[i]);
      cl.toggle('sel', v.sel.has(i));
      cl.toggle('peer', cur >= 0 && i !== cur && (geo.row(i) === geo.row(cur) || geo.col(i) === geo.col(cur) || (geo.box(i) >= 0 && geo.box(i) === geo.box(cur))));
      cl.toggle('same', !!hv && x === hv);
      cl.toggle('conflict', bad.has(i));
      cl.toggle('wrong', wrong);
      cl.toggle('differ', !!(g.entering && v.setDiffer && v.setDiffer.has(i)));
      if (g.colour[i]) { c.el.dataset.colour = g.colour[i]; parts.push(t('colourN', g.colour[i])); } else delete c.el.dataset.colour;
      c.el.setAttribute('aria-label', geo.name(i) + (lang === 'zh' ? '：' + parts.join('，') : ': ' + parts.join(', ')));
      c.el.setAttribute('aria-selected', String(v.sel.has(i)));
    }
    if (cur >= 0) this.el.setAttribute('aria-activedescendant', this.prefix + cur);
    this.el.classList.toggle('solved', g.done);
    this.el.classList.toggle('paused-board', g.paused);
  }
}

// place puts the span of value v in its place of the cell's grid of
// marks (used by the CSS of 16x16 and larger grids).
function place(s, v, order) {
  s.style.gridRow = String(Math.floor((v - 1) / order) + 1);
  s.style.gridColumn = String((v - 1) % order + 1);
}

// marks writes the values of mask as spans, hl highlighted, each in its
// colour of cc (the cell's candColour, '0' for none) if any; inPlace puts
// each in its own place of the cell (auto candidates: the player's centre
// marks read as a line).
function marks(el, mask, hl, order, cc, inPlace = false) {
  el.textContent = '';
  const vs = values(mask);
  for (const v of vs) {
    const s = document.createElement('span');
    s.textContent = symbol(v);
    if (v === hl) s.className = 'hl';
    if (cc && cc[v - 1] && cc[v - 1] !== '0') s.dataset.cc = cc[v - 1];
    if (order >= 4 || inPlace) place(s, v, order);
    el.append(s);
  }
  el.classList.toggle('long', vs.length > 5);
  el.classList.toggle('in-place', inPlace);
  el.classList.remove('auto');
}

// hintMarks shows the candidates of a cell of the hint's pattern: those the
// step uses (cause), those it removes (elim) and the value it places
// (place), each in its own colour and shape; it returns them as words.
function hintMarks(el, g, geo, vals, i, h) {
  let mask = g.centre[i] || candidates(geo, vals, i) & ~g.elim[i];
  const cause = h.cause.get(i) || 0, elim = h.elim.get(i) || 0, placed = h.place.get(i) || 0;
  mask |= cause | elim | (placed ? bit(placed) : 0);
  el.textContent = '';
  el.classList.remove('auto');
  const words = [];
  for (const v of values(mask)) {
    const s = document.createElement('span');
    s.textContent = symbol(v);
    let k = '';
    if (elim & bit(v)) k = 'elim';
    else if (placed === v) k = 'place';
    else if (cause & bit(v)) k = 'cause';
    if (k) s.className = k;
    place(s, v, geoOf(g).order);
    words.push(symbol(v) + (k ? ' (' + t({ elim: 'removed', place: 'placed', cause: 'used' }[k]) + ')' : ''));
    el.append(s);
  }
  el.classList.toggle('long', words.length > 5);
  el.classList.add('in-place');
  return words.join(' ');
}

// thumbnail draws a small picture of a game: givens dark, the player's
// values in the player's colour.
export function thumbnail(g, px) {
  if (g.rules) return variantThumbnail(g, px);
  const geo = geometry(g.order);
  const c = document.createElement('canvas');
  const scale = window.devicePixelRatio || 1;
  c.width = c.height = px * scale;
  c.style.width = c.style.height = px + 'px';
  c.setAttribute('aria-hidden', 'true');
  const x = c.getContext('2d');
  x.scale(scale, scale);
  const cs = getComputedStyle(document.documentElement);
  const cell = px / geo.side;
  x.fillStyle = cs.getPropertyValue('--cell') || '#fff';
  x.fillRect(0, 0, px, px);
  for (let i = 0; i < geo.n; i++) {
    const v = value(g, i);
    if (!v) continue;
    x.fillStyle = g.givens[i] ? cs.getPropertyValue('--fg') : cs.getPropertyValue('--user');
    x.fillRect(geo.col(i) * cell + cell * 0.2, geo.row(i) * cell + cell * 0.2, cell * 0.6, cell * 0.6);
  }
  x.strokeStyle = cs.getPropertyValue('--line');
  for (let k = 0; k <= geo.side; k += g.order) {
    x.lineWidth = 1;
    x.beginPath(); x.moveTo(k * cell, 0); x.lineTo(k * cell, px); x.moveTo(0, k * cell); x.lineTo(px, k * cell); x.stroke();
  }
  return c;
}

// variantThumbnail draws a variant game as an <svg>: its regions, its
// rules as the board draws them, givens dark and the player's values in
// the player's colour.
function variantThumbnail(g, px) {
  const n = g.rules.size;
  const svg = drawRules(newSVG('thumb-rules'), g.rules);
  svg.setAttribute('width', px);
  svg.setAttribute('height', px);
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text) e.textContent = text;
    svg.insertBefore(e, svg.firstChild);
    return e;
  };
  const reg = regionsOf(g.rules) || [];
  let thin = '', thick = 'M0 0H' + n + 'V' + n + 'H0Z';
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    if (c < n - 1) (reg.length && reg[i] !== reg[i + 1] ? (thick += 'M' + (c + 1) + ' ' + r + 'v1') : (thin += 'M' + (c + 1) + ' ' + r + 'v1'));
    if (r < n - 1) (reg.length && reg[i] !== reg[i + n] ? (thick += 'M' + c + ' ' + (r + 1) + 'h1') : (thin += 'M' + c + ' ' + (r + 1) + 'h1'));
  }
  const vals = document.createElementNS(NS, 'g');
  for (let i = 0; i < n * n; i++) {
    const v = value(g, i);
    if (!v) continue;
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', i % n + 0.5);
    t.setAttribute('y', Math.floor(i / n) + 0.55);
    t.setAttribute('class', g.givens[i] ? 'tv given' : 'tv');
    t.textContent = symbol(v);
    vals.append(t);
  }
  svg.append(vals);
  add('path', { d: thick, class: 'thick' });
  add('path', { d: thin, class: 'thin' });
  add('rect', { x: 0, y: 0, width: n, height: n, class: 'bg' });
  return svg;
}
