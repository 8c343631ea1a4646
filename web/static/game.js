// A game: a puzzle and a player's progress on it, with its whole history,
// so that undo and redo work across reloads. Pure data and rules, no page:
// the app draws it and the store keeps it.

import { geoOf, symbol, symbolValue, bit, clashes } from './grid.js';

// LAYERS are the per-cell arrays of a game that a step of the history
// changes: givens (only while the puzzle is typed in), the player's values,
// corner and centre marks (bit sets), colours (1-9), the candidates the
// applied hints eliminated (bit sets) and the colours of candidates (0 for
// none, else a string with one character per value: '0' for none, '1'-'9'
// its colour). A step names its layer by its place here: new layers go at
// the end.
export const LAYERS = ['givens', 'values', 'corner', 'centre', 'colour', 'elim', 'candColour'];
export const MAX_HISTORY = 5000;

// newGame returns a game of the given order for the puzzle line p; a
// variant has its rules (the server's rules JSON) and size in extra, and
// the order of its square boxes or 0.
export function newGame(order, p, extra) {
  const n = extra && extra.rules ? extra.rules.size ** 2 : order ** 4;
  const zeros = () => new Array(n).fill(0);
  const g = {
    id: newID(), order, givens: zeros(), values: zeros(), corner: zeros(), centre: zeros(),
    colour: zeros(), elim: zeros(), candColour: zeros(), solution: '', info: '', level: '', daily: '',
    elapsed: 0, paused: false, done: false, revealed: false, entering: false, hints: 0,
    created: Date.now(), played: Date.now(), undo: [], redo: [],
  };
  for (let i = 0; i < n; i++) g.givens[i] = symbolValue((p || '')[i] || '.');
  return Object.assign(g, extra || {});
}

function newID() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

// valid reports whether g, read back from storage, is a whole game. A game
// kept before candidates had colours gets that layer, empty.
export function valid(g) {
  if (!g || typeof g.id !== 'string') return false;
  if (g.rules ? !(g.rules.size >= 4 && g.rules.size <= 25) : !(g.order >= 2 && g.order <= 5)) return false;
  const n = g.rules ? g.rules.size ** 2 : g.order ** 4;
  if (g.candColour === undefined) g.candColour = new Array(n).fill(0);
  return LAYERS.every((k) => Array.isArray(g[k]) && g[k].length === n) && Array.isArray(g.undo) && Array.isArray(g.redo);
}

export const value = (g, i) => g.givens[i] || g.values[i];
export const line = (vals) => vals.map(symbol).join('');
export const puzzleLine = (g) => line(g.givens);
// puzzleText is the puzzle as the API takes it: its line, or for a
// variant its rules JSON with the givens.
export const puzzleText = (g) => (g.rules ? JSON.stringify(Object.assign({}, g.rules, { grid: puzzleLine(g) })) : puzzleLine(g));
// sideOf is the side of a game's grid.
export const sideOf = (g) => (g.rules ? g.rules.size : g.order * g.order);
export const gridLine = (g) => line(g.givens.map((v, i) => v || g.values[i]));
export const filled = (g) => g.givens.filter((v, i) => v || g.values[i]).length;

// over reports whether the game is won (no more play: only a new game).
export const over = (g) => g.done && !g.revealed;

// edit runs fn(g) as one step of the history; it returns whether anything
// changed. A step is the list of [layer, cell, before, after] it changed.
export function edit(g, fn) {
  if (g.paused || over(g)) return false;
  const before = LAYERS.map((k) => g[k].slice());
  fn(g);
  const step = [];
  LAYERS.forEach((k, l) => {
    const a = before[l], b = g[k];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) step.push([l, i, a[i], b[i]]);
  });
  if (!step.length) return false;
  g.undo.push(step);
  if (g.undo.length > MAX_HISTORY) g.undo.shift();
  g.redo = [];
  settle(g);
  return true;
}

function replay(g, step, back) {
  for (const [l, i, a, b] of step) g[LAYERS[l]][i] = back ? a : b;
}

export const canUndo = (g) => g.undo.length > 0 && !g.paused && !over(g);
export const canRedo = (g) => g.redo.length > 0 && !g.paused && !over(g);

export function undo(g) {
  if (!canUndo(g)) return false;
  const step = g.undo.pop();
  replay(g, step, true);
  g.redo.push(step);
  settle(g);
  return true;
}

export function redo(g) {
  if (!canRedo(g)) return false;
  const step = g.redo.pop();
  replay(g, step, false);
  g.undo.push(step);
  settle(g);
  return true;
}

// settle sets done: the grid full, without clashes and, if the solution
// is known, equal to it.
function settle(g) {
  if (g.entering) { g.done = false; return; }
  const geo = geoOf(g);
  const vals = g.givens.map((v, i) => v || g.values[i]);
  g.done = vals.every(Boolean) && clashes(geo, vals).size === 0 && (!g.solution || line(vals) === g.solution);
}

// fullState says why a full grid is not done, or ''.
export function fullState(g) {
  const geo = geoOf(g);
  const vals = g.givens.map((v, i) => v || g.values[i]);
  if (g.done || g.entering || !vals.every(Boolean)) return '';
  return clashes(geo, vals).size ? 'clash' : 'differs';
}

const editable = (g, i) => g.entering || !g.givens[i];

// candColour returns the colour (1-9) of candidate v in cell i, or 0.
export const candColour = (g, i, v) => Number((g.candColour[i] || '')[v - 1] || 0);

// withCandColour returns the cell's candidate colours s (0 or a string)
// with candidate v of a grid of side side in colour c (0: none).
function withCandColour(s, v, c, side) {
  const a = (s || '0'.repeat(side)).split('');
  a[v - 1] = String(c);
  const out = a.join('');
  return /^0*$/.test(out) ? 0 : out;
}

// input puts value v in the cells in a mode: digit, corner, centre,
// colour, or cand (candidate v of the blank cells in colour opt.colour). A
// value already in every cell is taken out instead. opt.clearMarks takes a
// placed digit out of the marks of its peers.
export function input(g, cells, v, mode, opt) {
  const geo = geoOf(g);
  if (v < 1 || v > (mode === 'colour' ? 9 : geo.side) || !cells.length) return false;
  return edit(g, () => {
    if (mode === 'colour') {
      const all = cells.every((i) => g.colour[i] === v);
      for (const i of cells) g.colour[i] = all ? 0 : v;
      return;
    }
    if (mode === 'cand') {
      const c = (opt && opt.colour) || 1;
      const blank = cells.filter((i) => !value(g, i));
      const all = blank.every((i) => candColour(g, i, v) === c);
      for (const i of blank) g.candColour[i] = withCandColour(g.candColour[i], v, all ? 0 : c, geo.side);
      return;
    }
    const open = cells.filter((i) => editable(g, i));
    if (mode === 'digit') {
      const arr = g.entering ? g.givens : g.values;
      const all = open.every((i) => arr[i] === v);
      for (const i of open) arr[i] = all ? 0 : v;
      if (!all && opt && opt.clearMarks && !g.entering) {
        for (const i of open) for (const j of geo.peers[i]) { g.centre[j] &= ~bit(v); g.corner[j] &= ~bit(v); }
      }
      return;
    }
    const marks = mode === 'corner' ? g.corner : g.centre;
    const blank = open.filter((i) => !value(g, i));
    const all = blank.every((i) => marks[i] & bit(v));
    for (const i of blank) marks[i] = all ? marks[i] & ~bit(v) : marks[i] | bit(v);
  });
}

// erase clears the cells one layer at a time: digits, then marks, then
// colours.
export function erase(g, cells) {
  return edit(g, () => {
    const arr = g.entering ? g.givens : g.values;
    if (cells.some((i) => editable(g, i) && arr[i])) {
      for (const i of cells) if (editable(g, i)) arr[i] = 0;
    } else if (cells.some((i) => g.corner[i] || g.centre[i])) {
      for (const i of cells) { g.corner[i] = 0; g.centre[i] = 0; }
    } else {
      for (const i of cells) { g.colour[i] = 0; g.candColour[i] = 0; }
    }
  });
}

// reveal fills the grid with the solution, as one undoable step; the game
// is marked revealed for good (not a win).
export function reveal(g) {
  if (!g.solution || g.entering) return false;
  const changed = edit(g, () => {
    for (let i = 0; i < g.givens.length; i++) if (!g.givens[i]) g.values[i] = symbolValue(g.solution[i]);
  });
  if (changed) { g.revealed = true; settle(g); }
  return changed;
}

// restart clears the player's progress, as one undoable step; the timer
// starts again.
export function restart(g) {
  const changed = edit(g, () => {
    for (const k of ['values', 'corner', 'centre', 'colour', 'elim', 'candColour']) g[k].fill(0);
  });
  g.elapsed = 0;
  return changed;
}

// applyStep applies a hint's step (as the API's "at" gives it): its
// eliminations into the elim layer and the marks, its placements.
export function applyStep(g, at, opt) {
  const geo = geoOf(g);
  return edit(g, () => {
    for (const [i, v] of at.eliminations) {
      g.elim[i] |= bit(v);
      g.centre[i] &= ~bit(v);
      g.corner[i] &= ~bit(v);
    }
    for (const [i, v] of at.placements) {
      g.values[i] = v;
      if (opt && opt.clearMarks) for (const j of geo.peers[i]) { g.centre[j] &= ~bit(v); g.corner[j] &= ~bit(v); }
    }
  });
}

// eliminated lists the candidates the player has ruled out, as the API
// takes them: those the applied hints removed and, in a blank cell with
// centre marks (the player's candidates there), every value missing from
// them.
export function eliminated(g) {
  const geo = geoOf(g);
  const out = [];
  for (let i = 0; i < geo.n; i++) {
    if (value(g, i)) continue;
    let m = g.elim[i];
    if (g.centre[i]) m |= geo.all & ~g.centre[i];
    for (let v = 1; v <= geo.side; v++) if (m & bit(v)) out.push([i, v]);
  }
  return out;
}

// hasProgress reports whether the player has done anything to g.
export const hasProgress = (g) => g.undo.length > 0 || g.values.some(Boolean);
