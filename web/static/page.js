// The page's state, shared by its modules: the game on the board (game,
// changed only by play), the view of this page (selection, mode, hint,
// walk), the board, saving, the status line and the yes/no dialog.

import { Board } from './board.js';
import { draw, drawPad } from './controls.js';
import { clearHint } from './hinting.js';
import { record } from './stats.js';
import { putGame, setCurrentID, writeJournal, dropJournal, settings } from './store.js';

export const MODES = ['digit', 'corner', 'centre', 'colour', 'cand'];
export const MAX_PLAY_ORDER = 5; // the page plays grids up to 25x25

export const $ = (id) => document.getElementById(id);
export const board = new Board($('board'));

// game is the game on the board; view is the state of this page only.
export let game = null;
export const view = {
  sel: new Set([0]), cursor: 0, mode: 'digit', hint: null, mistakes: new Set(), settings,
  dragging: false, lastTick: 0, lastSave: 0, hintBusy: false, before: null, sheet: null,
  candColour: 1, // the colour the cand mode gives candidates
};

// ---- keeping games ----------------------------------------------------

export let saving = Promise.resolve();
// save stores the game (in order, after the saves before it).
export function save(g = game) {
  if (!g) return saving;
  g.played = Date.now();
  view.lastSave = performance.now();
  record(g);
  writeJournal(g);
  const played = g.played;
  saving = saving.then(() => putGame(g)).then(() => dropJournal(g.id, played))
    .catch(() => { /* storage off or full: play goes on */ });
  return saving;
}

// play puts game g on the board with a fresh view, and keeps it.
export function play(g, msg, kind) {
  game = g;
  view.walk = null;
  $('walkbar').hidden = true;
  view.sel = new Set([0]); view.cursor = 0; view.before = null;
  clearHint();
  view.lastTick = performance.now();
  setCurrentID(g.id);
  save();
  drawPad();
  status(msg || '', kind);
  draw();
}

// status shows a message under the board; kind 'good' or 'bad' colours it.
export function status(msg, kind) {
  const s = $('status');
  s.textContent = msg;
  s.className = kind || '';
}

// ---- changes ----------------------------------------------------------

// changed follows every change of the game: the hint is over, the game is
// saved and drawn.
export function changed(did) {
  if (!did) return;
  view.walk = null;
  $('walkbar').hidden = true;
  clearHint();
  status('');
  save();
  draw();
}

// ---- dialogs ----------------------------------------------------------

// confirmDialog asks a yes/no question; it resolves to the answer.
export function confirmDialog(text, yes) {
  const d = $('confirm-dialog');
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = yes;
  d.returnValue = '';
  d.showModal();
  $('confirm-cancel').focus();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue === 'ok'), { once: true }));
}
