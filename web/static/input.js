// Play from the keyboard, the mouse and touch: input modes, selection,
// digits and marks, undo and redo; the timer and pause.

import { draw, drawPad, fmtTime } from './controls.js';
import { value, undo, redo, input, erase } from './game.js';
import { geoOf, symbolValue } from './grid.js';
import { hint, walkTo, endWalk } from './hinting.js';
import { MODES, $, board, game, view, save, changed } from './page.js';
import { settings } from './store.js';

export function doInput(v, mode) {
  if (view.walk) return;
  changed(input(game, [...view.sel], v, mode, { clearMarks: settings.clearMarks, colour: view.candColour }));
}

export function setMode(m) {
  view.mode = m;
  drawPad();
  for (const b of document.querySelectorAll('#modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === m));
}

export function select(i, add) {
  if (!add) view.sel.clear();
  view.sel.add(i);
  view.cursor = i;
  draw();
}

export function move(dr, dc, add) {
  const geo = geoOf(game), s = geo.side;
  const r = (geo.row(view.cursor) + dr + s) % s, c = (geo.col(view.cursor) + dc + s) % s;
  select(r * s + c, add);
}

// ---- keys and pointer -------------------------------------------------

// keyValue returns the value a key press writes, or 0.
export function keyValue(e) {
  const side = geoOf(game).side;
  const code = e.code || '';
  let v = 0;
  if (code.startsWith('Digit') || code.startsWith('Numpad')) v = Number(code.slice(-1)) || 0;
  else if (code.startsWith('Key') && code.length === 4 && side > 9) v = 10 + code.charCodeAt(3) - 65;
  else if (e.key && e.key.length === 1) v = symbolValue(e.key.toUpperCase());
  return v >= 1 && v <= side ? v : 0;
}

export function onKey(e) {
  if (!game || document.querySelector('dialog[open]')) return;
  if (view.walk) {
    // Stepping through the path: arrows move along it, Escape ends it.
    const move = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (move) { e.preventDefault(); walkTo(view.walk.k + move); }
    if (e.key === 'Escape') endWalk();
    return;
  }
  const t = e.target;
  // Keys typed into a field are its own; a checkbox (a setting just
  // clicked) takes none of the keys of play.
  if (t && ((t.tagName === 'INPUT' && !t.readOnly && t.type !== 'checkbox') || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl && key === 'z') { e.preventDefault(); changed(e.shiftKey ? redo(game) : undo(game)); return; }
  if (ctrl && key === 'y') { e.preventDefault(); changed(redo(game)); return; }
  if (ctrl && key === 'a') { e.preventDefault(); view.sel = new Set(game.givens.keys()); draw(); return; }
  if (game.paused) return;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[e.key]) {
    e.preventDefault();
    move(arrows[e.key][0], arrows[e.key][1], e.shiftKey || ctrl);
    return;
  }
  if (e.key === 'Escape') { view.sel.clear(); draw(); return; }
  if (e.key === 'Delete' || e.key === 'Backspace' || e.code === 'Digit0' || e.code === 'Numpad0' || e.key === '.') {
    e.preventDefault(); changed(erase(game, [...view.sel])); return;
  }
  const v = keyValue(e);
  if (v) {
    e.preventDefault();
    let mode = view.mode;
    if (mode === 'cand' && e.shiftKey && v <= 9) { view.candColour = v; drawPad(); return; } // the colour to give
    if (ctrl) mode = 'centre'; else if (e.shiftKey && mode === 'digit') mode = 'corner';
    doInput(v, mode);
    return;
  }
  if (ctrl || e.altKey) return;
  if (key === 'h' && geoOf(game).side <= 16) { hint(); return; }
  const modeKeys = { z: 'digit', x: 'corner', c: 'centre', v: 'colour', b: 'cand' };
  if (modeKeys[key]) { setMode(modeKeys[key]); return; }
  if (key === ' ' && (t === board.el || t === document.body)) {
    e.preventDefault();
    setMode(MODES[(MODES.indexOf(view.mode) + 1) % MODES.length]);
  }
}

export function onPointerDown(e) {
  const i = board.cellAt(e);
  if (i < 0 || game.paused || view.walk) return;
  e.preventDefault();
  board.el.focus({ preventScroll: true });
  view.dragging = true;
  const add = e.ctrlKey || e.metaKey || e.shiftKey;
  if (add && view.sel.has(i) && !e.shiftKey) { view.sel.delete(i); draw(); return; }
  select(i, add);
}
export function onPointerMove(e) {
  if (!view.dragging) return;
  const i = board.cellAt(e);
  if (i >= 0 && !view.sel.has(i)) select(i, true);
}
export function onDoubleClick(e) {
  const i = board.cellAt(e);
  if (i < 0) return;
  const v = value(game, i), c = game.colour[i];
  if (!v && !c) return;
  view.sel = new Set();
  for (let j = 0; j < game.givens.length; j++) if (v ? value(game, j) === v : game.colour[j] === c) view.sel.add(j);
  view.cursor = i;
  draw();
}

export function tick() {
  const now = performance.now();
  const g = game;
  if (g && !g.paused && !g.done && !g.entering && !document.hidden) g.elapsed += now - view.lastTick;
  view.lastTick = now;
  if (!g) return;
  $('timer').textContent = fmtTime(g.elapsed);
  if (now - view.lastSave > 5000 && !g.done) save();
}
export function setPaused(p) {
  if (game.done) return;
  tick();
  game.paused = p;
  save();
  draw();
  if (!p) board.el.focus({ preventScroll: true });
}
