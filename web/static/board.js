// The board: the cells of the grid in the page, drawn from a game and the
// view (selection, hint, mistakes, settings).

import { geometry, symbol, symbolValue, bit, values, clashes, candidates } from './grid.js';
import { value } from './game.js';
import { t, lang } from './i18n.js';

export class Board {
  // el is the element of the grid; its cells get the ids prefix0,
  // prefix1 ...
  constructor(el, prefix = 'c') {
    this.el = el;
    this.prefix = prefix;
    this.cells = [];
    this.order = 0;
  }

  // build makes the cells of a grid of the given order.
  build(order) {
    const geo = geometry(order);
    this.order = order;
    this.el.textContent = '';
    this.el.style.setProperty('--side', geo.side);
    this.el.dataset.order = order;
    this.el.style.setProperty('--order', order);
    this.el.classList.toggle('big', order >= 4);
    this.cells = [];
    for (let i = 0; i < geo.n; i++) {
      const d = document.createElement('div');
      d.className = 'cell';
      d.id = this.prefix + i;
      d.dataset.i = i;
      d.setAttribute('role', 'gridcell');
      const r = geo.row(i), c = geo.col(i);
      if (c % order === order - 1) d.classList.add(c === geo.side - 1 ? 'last-col' : 'br');
      if (r % order === order - 1) d.classList.add(r === geo.side - 1 ? 'last-row' : 'bb');
      const v = document.createElement('span'); v.className = 'v';
      const cm = document.createElement('div'); cm.className = 'cm';
      const ce = document.createElement('div'); ce.className = 'ce';
      d.append(v, cm, ce);
      this.el.append(d);
      this.cells.push({ el: d, v, cm, ce });
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
    if (this.order !== g.order) this.build(g.order);
    const geo = geometry(g.order);
    const vals = g.givens.map((x, i) => x || g.values[i]);
    const cur = v.cursor, hv = vals[cur];
    const bad = v.settings.clashes ? clashes(geo, vals) : new Set();
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
        marks(c.ce, ce | (coloured & ~g.corner[i]), hv, g.order, cc, auto);
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
      cl.toggle('peer', cur >= 0 && i !== cur && (geo.row(i) === geo.row(cur) || geo.col(i) === geo.col(cur) || geo.box(i) === geo.box(cur)));
      cl.toggle('same', !!hv && x === hv);
      cl.toggle('conflict', bad.has(i));
      cl.toggle('wrong', wrong);
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
    place(s, v, g.order);
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
