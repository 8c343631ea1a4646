// The setter's mode: draw a variant's rules on an empty grid (cages,
// lines, dots, global rules) and type its givens, with a live check after
// each change: unique, several (the cells where two solutions differ
// shaded) or none (the rules and givens that contradict named), and on
// request the true candidates in the cells. "Check and play" (the
// entering bar) then plays it; its share link, f-puzzles link and JSON
// export it.

import { api } from './api.js';
import { draw } from './controls.js';
import { newGame, puzzleText } from './game.js';
import { t } from './i18n.js';
import { $, board, game, view, play, save, status } from './page.js';
import { shareURL } from './share.js';

const name = (i, n) => 'r' + (Math.floor(i / n) + 1) + 'c' + (i % n + 1);

// TOOLS make a rule from the selected cells (in the order selected) and
// the number typed; each returns the rules to add, or a message.
const TOOLS = {
  killer: (cells, n, num) => (cells.length ? [Object.assign({ kind: 'killer', cells: cells.map((i) => name(i, n)) }, num ? { sum: num } : {})] : 'setPick'),
  thermo: (cells, n) => (cells.length >= 2 ? [{ kind: 'thermo', cells: cells.map((i) => name(i, n)) }] : 'setPickLine'),
  arrow: (cells, n) => (cells.length >= 2 ? [{ kind: 'arrow', circle: [name(cells[0], n)], line: cells.slice(1).map((i) => name(i, n)) }] : 'setPickLine'),
  whisper: (cells, n) => (cells.length >= 2 ? [{ kind: 'whisper', cells: cells.map((i) => name(i, n)) }] : 'setPickLine'),
  renban: (cells, n) => (cells.length >= 2 ? [{ kind: 'renban', cells: cells.map((i) => name(i, n)) }] : 'setPickLine'),
  palindrome: (cells, n) => (cells.length >= 2 ? [{ kind: 'palindrome', cells: cells.map((i) => name(i, n)) }] : 'setPickLine'),
  white: (cells, n) => (cells.length === 2 ? [{ kind: 'kropki', cells: cells.map((i) => name(i, n)) }] : 'setPickTwo'),
  black: (cells, n) => (cells.length === 2 ? [{ kind: 'kropki', cells: cells.map((i) => name(i, n)), black: true }] : 'setPickTwo'),
  x: (cells, n) => (cells.length === 2 ? [{ kind: 'xv', cells: cells.map((i) => name(i, n)), sum: 10 }] : 'setPickTwo'),
  v: (cells, n) => (cells.length === 2 ? [{ kind: 'xv', cells: cells.map((i) => name(i, n)), sum: 5 }] : 'setPickTwo'),
  odd: (cells, n) => (cells.length ? cells.map((i) => ({ kind: 'parity', cell: name(i, n) })) : 'setPick'),
  even: (cells, n) => (cells.length ? cells.map((i) => ({ kind: 'parity', cell: name(i, n), even: true })) : 'setPick'),
  diagonal: () => [{ kind: 'diagonal' }, { kind: 'diagonal', positive: true }],
  antiknight: () => [{ kind: 'antiknight' }],
  antiking: () => [{ kind: 'antiking' }],
};

// startSetter opens an empty grid of side n to set a puzzle on.
export function startSetter(n) {
  const before = game;
  const rules = { size: n, rules: [] };
  play(newGame(Math.round(Math.sqrt(n)) ** 2 === n ? Math.round(Math.sqrt(n)) : 0, '', {
    entering: true, setter: true, rules, meta: { kind: 'entering', size: n }, info: 'Setting a puzzle',
  }), t('setStart'));
  view.before = before;
  view.setUndo = [];
  drawSetter();
  board.el.focus();
}

// setRules replaces the game's rules by a new object (the board and the
// geometry are keyed by it), keeping the old one for undo.
function setRules(rules) {
  view.setUndo = (view.setUndo || []).concat([game.rules]);
  game.rules = rules;
  save();
  changedSetter();
}

// addRule adds the rules the tool makes from the selection.
export function addRule(tool) {
  if (!game || !game.setter) return;
  const n = game.rules.size;
  const made = TOOLS[tool]([...view.sel], n, Number($('set-num').value) || 0);
  if (typeof made === 'string') { $('set-status').textContent = t(made); return; }
  setRules(Object.assign({}, game.rules, { rules: (game.rules.rules || []).concat(made) }));
}

// undoRule takes the last change of the rules back.
export function undoRule() {
  if (!game || !game.setter || !(view.setUndo || []).length) return;
  game.rules = view.setUndo.pop();
  save();
  changedSetter();
}

// changedSetter redraws and checks the puzzle a moment after a change.
export function changedSetter() {
  view.setChecked = '';
  draw();
  drawSetter();
}

// liveCheck counts the puzzle's solutions and says why: the cells two
// solutions differ in are shaded, the rules and givens that contradict
// named; with "candidates", the true candidates fill the blank cells.
async function liveCheck() {
  const g = game;
  if (!g || !g.setter) return;
  const text = puzzleText(g);
  const msg = $('set-status');
  const t0 = performance.now();
  try {
    const j = await api('count', { puzzle: text, why: true });
    if (game !== g || puzzleText(g) !== text) return;
    view.setDiffer = new Set(j.why && j.why.differ || []);
    let s = j.count === 1 ? t('setUnique') : j.count === 0 ? t('setNone') : t('setSeveral');
    if (j.why && j.why.text && j.why.text.length && j.count !== 1) s += ': ' + j.why.text.slice(0, 6).join('; ');
    msg.textContent = s;
    msg.className = 'msg ' + (j.count === 1 ? 'good' : 'bad');
    view.setCands = null;
    if ($('set-cands').checked) {
      const c = await api('candidates', { puzzle: text });
      if (game === g && puzzleText(g) === text) view.setCands = c.candidates;
    }
    document.body.dataset.setCheckMs = (performance.now() - t0).toFixed(0);
    document.body.dataset.setStatus = j.status; // for the tests: the check of this state is drawn
    draw();
  } catch (err) {
    if (game !== g) return;
    view.setDiffer = null;
    msg.textContent = err.message;
    msg.className = 'msg bad';
    document.body.dataset.setStatus = 'error';
  }
}

// drawSetter shows the setter's bar for a game being set.
export function drawSetter() {
  const on = !!(game && game.setter && game.entering);
  $('setter').hidden = !on;
  if (!on) return;
  $('set-undo').disabled = !(view.setUndo || []).length;
  $('set-count').textContent = t('setRules', (game.rules.rules || []).length);
}

// exportSetter writes the puzzle's links into the share box: our page's
// (with its rules), f-puzzles' and the rules JSON.
export async function exportSetter() {
  const box = $('set-export-box');
  const links = [t('setOurLink') + ' ' + shareURL(game)];
  try {
    const j = await api('check', { puzzle: puzzleText(game) });
    if (j.link) links.push(t('setFLink') + ' ' + j.link);
  } catch (err) {
    status(err.message, 'bad');
  }
  links.push(t('setJSON') + ' ' + puzzleText(game));
  box.value = links.join('\n\n');
  box.hidden = false;
}

// The live check runs after every change of the grid or the rules
// (controls.js calls view.onDraw after drawing).
view.onDraw = () => {
  if (!game || !game.setter || !game.entering) return;
  const text = puzzleText(game);
  if (view.setChecked === text) return;
  view.setChecked = text;
  clearTimeout(view.setTimer);
  view.setTimer = setTimeout(liveCheck, 150);
};
