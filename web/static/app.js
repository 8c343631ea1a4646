// The Sudoku page: play, enter, check, share and print puzzles, several
// games kept in the browser. ES modules, no build step: grid.js (rules),
// game.js (a game and its history), store.js (IndexedDB and settings),
// share.js (links), board.js (drawing), hints.js, api.js (the server).

import { geometry, symbol, symbolValue, bit, orderOfLength } from './grid.js';
import {
  valid, newGame, value, puzzleLine, gridLine, line, filled, over, canUndo, canRedo, undo, redo,
  input, erase, reveal, restart, applyStep, eliminated, hasProgress, fullState, LAYERS,
} from './game.js';
import {
  putGame, getGame, deleteGame, allGames, currentID, setCurrentID, legacyGame, dropLegacy,
  writeJournal, dropJournal, withJournal,
  settings, saveSettings,
} from './store.js';
import { shareURL, fromHash, marksParam } from './share.js';
import { Board, thumbnail } from './board.js';
import { hintOf } from './hints.js';
import { api } from './api.js';
import { record, summary, dayOf, exportData, importResults } from './stats.js';
import { t, tIn, setLang, pickLang, lang, LANGS } from './i18n.js';
import { vague, sentence, mistakeText, techName } from './steps.js';

// The modules are loaded: the script's own work starts (a figure for the
// tests to report, with sudoku-ready at its end).
performance.mark('sudoku-start');

const MODES = ['digit', 'corner', 'centre', 'colour'];
const MAX_PLAY_ORDER = 5; // the page plays grids up to 25x25

const $ = (id) => document.getElementById(id);
const board = new Board($('board'));

// game is the game on the board; view is the state of this page only.
let game = null;
const view = {
  sel: new Set([0]), cursor: 0, mode: 'digit', hint: null, mistakes: new Set(), settings,
  dragging: false, lastTick: 0, lastSave: 0, hintBusy: false, before: null, sheet: null,
};

// ---- keeping games ----------------------------------------------------

let saving = Promise.resolve();
// save stores the game (in order, after the saves before it).
function save(g = game) {
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
function play(g, msg, kind) {
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

// ---- the board and the controls ---------------------------------------

function draw() {
  if (!game) return;
  if (view.walk) { drawWalk(); return; }
  board.draw(game, view);
  const g = game, playing = !g.entering && !over(g);
  $('paused').hidden = !g.paused;
  $('pause').textContent = t(g.paused ? 'resume' : 'pause');
  $('pause').disabled = g.done || g.entering;
  $('undo').disabled = !canUndo(g);
  $('redo').disabled = !canRedo(g);
  $('erase').disabled = !playing && !g.entering;
  $('hint').disabled = !playing || g.done;
  $('explain').disabled = !playing || g.done;
  $('reveal').disabled = !playing || g.done;
  $('restart').disabled = g.entering || !hasProgress(g);
  $('next').hidden = !g.done;
  $('entering').hidden = !g.entering;
  $('auto').checked = settings.auto;
  $('mistakes').checked = settings.mistakes;
  $('clear-marks').checked = settings.clearMarks;
  $('hide-timer').checked = settings.hideTimer;
  $('timer').hidden = settings.hideTimer;
  $('clash-check').checked = settings.clashes;
  $('cb-palette').checked = settings.palette === 'cb';
  $('theme').value = settings.theme;
  $('title').textContent = title(g);
  $('print-info').textContent = g.info ? g.info + ' \u00b7 ' + puzzleLine(g) : puzzleLine(g);
  $('timer').textContent = fmtTime(g.elapsed);
  drawGameStatus();
  drawDownloads();
  drawPadCounts();
}

// titleIn is the title of a game of the order, level and meta (kind
// generated, daily, entered or entering; clues or givens, er, seed, day)
// in language l.
function titleIn(l, order, level, m) {
  const tr = (k, ...a) => tIn(l, k, ...a);
  const side = order * order;
  if (m.kind === 'entering') return tr('entering');
  const parts = [];
  if (m.kind === 'daily') parts.push(tr('dailyOf', m.day));
  else parts.push((m.kind === 'entered' ? tr('yourPuzzle') + ' ' : '') + side + 'x' + side);
  if (m.clues) parts.push(tr('clues', m.clues));
  if (m.givens) parts.push(tr('givens', m.givens));
  if (level) parts.push(tr(level) + (m.er ? ' ' + m.er.toFixed(1) : ''));
  if (m.seed) parts.push('#' + m.seed);
  return parts.join(' \u00b7 ');
}

// title is the title of game g in the page's language; englishTitle the
// one that captions its files and share links.
const title = (g) => (g.meta ? titleIn(lang, g.order, g.level, g.meta) : g.info || '');
const englishTitle = (order, level, meta) => titleIn('en', order, level, meta);

// drawGameStatus says what the state of the game is, when it is over or
// full.
function drawGameStatus() {
  const g = game;
  if (g.done && g.revealed) status(t('revealed'), 'bad');
  else if (g.done) status(t('solvedIn', fmtTime(g.elapsed)), 'good');
  else if (fullState(g) === 'clash') status(t('fullClash'), 'bad');
  else if (fullState(g) === 'differs') status(t('fullDiffers'), 'bad');
}

function drawPad() {
  const pad = $('pad');
  pad.textContent = '';
  const colour = view.mode === 'colour';
  pad.classList.toggle('colour', colour);
  const count = colour ? 9 : geometry(game.order).side;
  pad.style.setProperty('--cols', String(count <= 4 ? 4 : Math.ceil(Math.sqrt(count))));
  pad.style.setProperty('--phone-cols', String(count <= 9 ? count : Math.ceil(count / 2)));
  for (let v = 1; v <= count; v++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.v = v;
    if (colour) {
      b.className = 'swatch'; b.dataset.c = v; b.setAttribute('aria-label', t('padColour', v));
      b.textContent = String(v);
    } else {
      b.textContent = symbol(v);
      b.setAttribute('aria-label', t({ digit: 'padDigit', corner: 'padCorner', centre: 'padCentre' }[view.mode], symbol(v)));
    }
    b.addEventListener('click', () => doInput(v, view.mode));
    pad.append(b);
  }
  drawPadCounts();
}

// drawPadCounts dims the digits placed side times.
function drawPadCounts() {
  if (view.mode === 'colour' || !game) return;
  const geo = geometry(game.order);
  const count = new Array(geo.side + 1).fill(0);
  for (let i = 0; i < geo.n; i++) count[value(game, i)]++;
  for (const b of $('pad').children) b.classList.toggle('done', count[b.dataset.v] >= geo.side);
}

function status(msg, kind) {
  const s = $('status');
  s.textContent = msg;
  s.className = kind || '';
}

// downloadName names the files of the game: size, level and a short
// fingerprint of the puzzle.
function downloadName() {
  const side = geometry(game.order).side;
  let h = 0;
  for (const ch of puzzleLine(game)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 'sudoku-' + side + 'x' + side + (game.level ? '-' + game.level : '') + '-' + h.toString(36);
}

function drawDownloads() {
  const name = downloadName();
  const base = '/api/render?puzzle=' + encodeURIComponent(puzzleLine(game)) +
    (game.info ? '&caption=' + encodeURIComponent(game.info) : '');
  for (const [id, q, suffix] of [['dl-pdf', '&format=pdf', ''], ['dl-pdf-sol', '&format=pdf&solutions=1', '-solution'], ['dl-svg', '&format=svg', ''], ['dl-png', '&format=png', '']]) {
    const a = $(id);
    if (game.entering) { a.removeAttribute('href'); continue; }
    a.href = base + q + '&name=' + encodeURIComponent(name + suffix);
  }
}

// ---- changes ----------------------------------------------------------

// changed follows every change of the game: the hint is over, the game is
// saved and drawn.
function changed(did) {
  if (!did) return;
  view.walk = null;
  $('walkbar').hidden = true;
  clearHint();
  status('');
  save();
  draw();
}

function doInput(v, mode) {
  if (view.walk) return;
  changed(input(game, [...view.sel], v, mode, settings));
}

function setMode(m) {
  view.mode = m;
  drawPad();
  for (const b of document.querySelectorAll('#modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === m));
}

function select(i, add) {
  if (!add) view.sel.clear();
  view.sel.add(i);
  view.cursor = i;
  draw();
}

function move(dr, dc, add) {
  const geo = geometry(game.order), s = geo.side;
  const r = (geo.row(view.cursor) + dr + s) % s, c = (geo.col(view.cursor) + dc + s) % s;
  select(r * s + c, add);
}

// ---- keys and pointer -------------------------------------------------

// keyValue returns the value a key press writes, or 0.
function keyValue(e) {
  const side = geometry(game.order).side;
  const code = e.code || '';
  let v = 0;
  if (code.startsWith('Digit') || code.startsWith('Numpad')) v = Number(code.slice(-1)) || 0;
  else if (code.startsWith('Key') && code.length === 4 && side > 9) v = 10 + code.charCodeAt(3) - 65;
  else if (e.key && e.key.length === 1) v = symbolValue(e.key.toUpperCase());
  return v >= 1 && v <= side ? v : 0;
}

function onKey(e) {
  if (!game || document.querySelector('dialog[open]')) return;
  if (view.walk) {
    // Stepping through the path: arrows move along it, Escape ends it.
    const move = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (move) { e.preventDefault(); walkTo(view.walk.k + move); }
    if (e.key === 'Escape') endWalk();
    return;
  }
  const t = e.target;
  if (t && ((t.tagName === 'INPUT' && !t.readOnly) || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
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
    if (ctrl) mode = 'centre'; else if (e.shiftKey && mode === 'digit') mode = 'corner';
    doInput(v, mode);
    return;
  }
  if (ctrl || e.altKey) return;
  if (key === 'h' && geometry(game.order).side <= 16) { hint(); return; }
  const modeKeys = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };
  if (modeKeys[key]) { setMode(modeKeys[key]); return; }
  if (key === ' ' && (t === board.el || t === document.body)) {
    e.preventDefault();
    setMode(MODES[(MODES.indexOf(view.mode) + 1) % MODES.length]);
  }
}

function onPointerDown(e) {
  const i = board.cellAt(e);
  if (i < 0 || game.paused || view.walk) return;
  e.preventDefault();
  board.el.focus({ preventScroll: true });
  view.dragging = true;
  const add = e.ctrlKey || e.metaKey || e.shiftKey;
  if (add && view.sel.has(i) && !e.shiftKey) { view.sel.delete(i); draw(); return; }
  select(i, add);
}
function onPointerMove(e) {
  if (!view.dragging) return;
  const i = board.cellAt(e);
  if (i >= 0 && !view.sel.has(i)) select(i, true);
}
function onDoubleClick(e) {
  const i = board.cellAt(e);
  if (i < 0) return;
  const v = value(game, i), c = game.colour[i];
  if (!v && !c) return;
  view.sel = new Set();
  for (let j = 0; j < game.givens.length; j++) if (v ? value(game, j) === v : game.colour[j] === c) view.sel.add(j);
  view.cursor = i;
  draw();
}

// ---- timer ------------------------------------------------------------

function fmtTime(ms) {
  const t = Math.floor(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;
  const ss = String(s).padStart(2, '0');
  return h ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
}
function tick() {
  const now = performance.now();
  const g = game;
  if (g && !g.paused && !g.done && !g.entering && !document.hidden) g.elapsed += now - view.lastTick;
  view.lastTick = now;
  if (!g) return;
  $('timer').textContent = fmtTime(g.elapsed);
  if (now - view.lastSave > 5000 && !g.done) save();
}
function setPaused(p) {
  if (game.done) return;
  tick();
  game.paused = p;
  save();
  draw();
  if (!p) board.el.focus({ preventScroll: true });
}

// ---- dialogs ----------------------------------------------------------

// confirmDialog asks a yes/no question; it resolves to the answer.
function confirmDialog(text, yes) {
  const d = $('confirm-dialog');
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = yes;
  d.returnValue = '';
  d.showModal();
  $('confirm-cancel').focus();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue === 'ok'), { once: true }));
}

// ---- new games --------------------------------------------------------

async function generate(order, level) {
  level = order === 3 ? level : '';
  const side = order * order;
  status(t('making', (level ? t(level) + ' ' : '') + side + 'x' + side));
  $('new').disabled = true;
  const kept = game && hasProgress(game) && !game.done;
  try {
    const t0 = performance.now();
    const j = await api('generate', level ? { order, level } : { order });
    document.body.dataset.generateMs = (performance.now() - t0).toFixed(1);
    const meta = { kind: 'generated', clues: j.clues, er: j.er || 0, seed: j.seed };
    play(newGame(order, j.puzzle, { solution: j.solution, level: j.level || '', meta, info: englishTitle(order, j.level, meta) }),
      kept ? t('keptOther') : '');
  } catch (err) {
    status(t('noPuzzle', err.message), 'bad');
  } finally {
    $('new').disabled = false;
  }
}

const newFromControls = () => generate(Number($('size').value), $('level').value);

const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];

// dailySeed is the seed of the daily puzzle of a level on a day
// (YYYY-MM-DD): the date's digits and the level's number, 1 for easy to 5
// for extreme. Anyone can make it again: sudoku generate -level hard -seed
// 202611263 is the hard puzzle of 26 November 2026.
export function dailySeed(day, level) {
  return Number(day.split('-').join('')) * 10 + LEVELS.indexOf(level) + 1;
}

// daily plays today's 9x9 puzzle of the chosen level (medium for any):
// the same for everyone on this date; a game of it already begun resumes.
async function daily() {
  const level = $('level').value || 'medium';
  const day = dayOf(Date.now());
  const id = 'daily-' + day + '-' + level;
  const had = withJournal(id, await getGame(id).catch(() => null));
  if (had) { play(had); return; }
  const seed = dailySeed(day, level);
  status(t('dailyMaking', t(level)));
  try {
    const j = await api('generate', { order: 3, level, seed });
    const meta = { kind: 'daily', day, er: j.er, seed };
    play(newGame(3, j.puzzle, { id, daily: day + ' ' + level, solution: j.solution, level: j.level, meta, info: englishTitle(3, j.level, meta) }),
      t('dailyMsg', level, seed));
  } catch (err) {
    status(t('dailyFailed', err.message), 'bad');
  }
}

// ensureSolution asks the server for the solution of a game that has none
// (a shared link or an old game), for checks and Reveal.
async function ensureSolution() {
  const g = game;
  if (!g || g.solution || g.entering) return;
  try {
    const j = await api('solve', { puzzle: puzzleLine(g) });
    g.solution = j.solution;
    if (g === game) { save(); draw(); }
  } catch (_) { /* checks stay off for this puzzle */ }
}

// verdict turns a /api/check answer into a message and whether play can start.
function verdict(j) {
  switch (j.status) {
    case 'unique': return { ok: true, msg: t('proper', j.givens) };
    case 'conflict': {
      const geo = geometry(j.order);
      return { ok: false, msg: t('givensClash') + '\n' + j.conflicts.map((c) => (lang === 'zh' ? t('bothHold', geo.name(c.cells[0]), geo.name(c.cells[1]), c.symbol) : c.text)).join('\n') };
    }
    case 'none': return { ok: false, msg: t('noSolution') };
    case 'multiple': return { ok: false, msg: t('multiple') };
    case 'solved': return { ok: false, msg: t('complete') };
  }
  return { ok: false, msg: j.message || j.status };
}

async function pasteGo() {
  const msg = $('paste-msg');
  msg.className = 'msg';
  msg.textContent = t('checking');
  try {
    const j = await api('check', { puzzle: $('paste').value });
    const v = verdict(j);
    if (j.order > MAX_PLAY_ORDER) {
      msg.className = 'msg bad';
      msg.textContent = t('tooBig');
      return;
    }
    if (!v.ok) { msg.className = 'msg bad'; msg.textContent = v.msg; return; }
    $('enter-dialog').close();
    const meta = { kind: 'entered', givens: j.givens };
    const g = newGame(j.order, j.puzzle, { solution: j.solution, meta, info: englishTitle(j.order, '', meta) });
    // Pencil marks pasted with the puzzle become centre marks.
    if (j.marks) j.marks.forEach((m, i) => { for (const ch of m) g.centre[i] |= bit(symbolValue(ch)); });
    play(g, v.msg, 'good');
    rateInBackground();
  } catch (err) {
    msg.className = 'msg bad';
    msg.textContent = err.message;
  }
}

function enterInGrid() {
  $('enter-dialog').close();
  const before = game;
  play(newGame(Number($('size').value), '', { entering: true, meta: { kind: 'entering' }, info: tIn('en', 'entering') }), t('typeThen'));
  view.before = before;
  board.el.focus();
}

async function enterDone() {
  try {
    const j = await api('check', { puzzle: puzzleLine(game) });
    const v = verdict(j);
    if (!v.ok) { status(v.msg, 'bad'); return; }
    const meta = { kind: 'entered', givens: j.givens };
    play(newGame(j.order, j.puzzle, { id: game.id, solution: j.solution, meta, info: englishTitle(j.order, '', meta) }), v.msg, 'good');
    rateInBackground();
  } catch (err) {
    status(err.message, 'bad');
  }
}

// enterCancel goes back to the game played before the entry.
async function enterCancel() {
  if (game.givens.some(Boolean) && !await confirmDialog(t('dropGivens'), t('drop'))) return;
  const dropped = game, before = view.before;
  await saving;
  dropJournal(dropped.id, Infinity);
  deleteGame(dropped.id).catch(() => {});
  if (before) { play(before); return; }
  const all = await allGames().catch(() => []);
  const last = all.find((g) => g.id !== dropped.id && !g.entering);
  if (last) play(last); else newFromControls();
}

// rateInBackground adds the rating of an entered puzzle to its title.
async function rateInBackground() {
  const g = game;
  if (g.order !== 3 || g.entering) return;
  try {
    const j = await api('rate', { puzzle: puzzleLine(g) });
    g.level = j.level;
    g.meta = Object.assign({}, g.meta, { er: j.er });
    g.info = englishTitle(g.order, g.level, g.meta);
    save(g);
    if (g === game) draw();
  } catch (_) { /* unrated */ }
}

// ---- reveal, restart --------------------------------------------------

async function doReveal() {
  if (!game || game.entering || game.done) return;
  if (!await confirmDialog(t('askReveal'), t('reveal'))) return;
  await ensureSolution();
  if (!game.solution) { status(t('cannotReveal'), 'bad'); return; }
  const did = reveal(game);
  changed(did);
  drawGameStatus();
}

async function doRestart() {
  if (!game || game.entering) return;
  if (!await confirmDialog(t('askRestart'), t('restart'))) return;
  if (over(game)) {
    // A won game stays won: the puzzle starts again as a new game.
    const g = game;
    play(newGame(g.order, puzzleLine(g), { solution: g.solution, info: g.info, level: g.level, meta: g.meta }));
    return;
  }
  changed(restart(game));
  view.lastTick = performance.now();
  draw();
}

// ---- hints ------------------------------------------------------------

function showHint(text) {
  const el = $('hint-text');
  el.textContent = text;
  el.hidden = !text;
}
function clearHint() {
  view.hint = null;
  view.mistakes = new Set();
  showHint('');
  $('hint').textContent = t('hint');
}

// hint goes one stage further: the technique and region, then the pattern
// on the grid, then the step applied.
async function hint() {
  if (!game || game.entering || game.done || game.paused) return;
  if (view.walk) endWalk();
  const h = view.hint;
  const t0 = performance.now();
  // hintTime keeps how long the stage took, from the press to the grid
  // drawn (a figure for the tests to report).
  const hintTime = (stage) => { view.hintMs = { stage, ms: performance.now() - t0 }; };
  if (h && h.stage === 1) {
    h.stage = 2;
    showHint(sentence(h.step, game.order));
    $('hint').textContent = t('applyHint');
    draw();
    hintTime(2);
    return;
  }
  if (h && h.stage === 2) { changed(applyStep(game, h.at, settings)); hintTime(3); return; }
  if (view.hintBusy) return; // one request at a time
  view.hintBusy = true;
  const g = game;
  try {
    const j = await api('hint', { puzzle: puzzleLine(g), grid: gridLine(g), eliminated: eliminated(g) });
    if (g !== game) return;
    if (j.status === 'solved') { showHint(t('gridSolved')); return; }
    if (j.status === 'mistakes') {
      view.mistakes = new Set(j.mistakes.map((m) => m.cell));
      showHint(t('fixFirst', j.mistakes.map((m) => mistakeText(m, g.order)).join('; ')));
      draw();
      return;
    }
    g.hints++;
    save();
    view.hint = hintOf(g.order, j.step, j.vague);
    showHint(vague(j.step, j.vague));
    $('hint').textContent = t('more');
    draw();
    hintTime(1);
  } catch (err) {
    showHint(t('noHint', err.message));
  } finally {
    view.hintBusy = false;
  }
}

async function explainAll() {
  if (!game || game.entering) return;
  const list = $('explain-steps');
  list.textContent = '';
  $('explain-summary').textContent = t('working');
  $('walk').hidden = true;
  $('explain-dialog').showModal();
  try {
    const j = await api('explain', { puzzle: puzzleLine(game), grid: gridLine(game), eliminated: eliminated(game) });
    if (j.status === 'mistakes') {
      $('explain-summary').textContent = t('fixFirst', j.mistakes.map((m) => mistakeText(m, game.order)).join('; '));
      return;
    }
    if (j.status === 'solved') { $('explain-summary').textContent = t('gridSolved'); return; }
    for (const st of j.steps) {
      const li = document.createElement('li');
      const r = document.createElement('span');
      r.className = 'r';
      r.textContent = '[' + st.rating.toFixed(1) + '] ';
      li.append(r, document.createTextNode(lang === 'zh' ? sentence(st, game.order) : st.text));
      list.append(li);
    }
    view.path = { steps: j.steps, game };
    $('walk').hidden = !j.steps.length;
    let sum = t('stepsFrom', j.steps.length);
    if (j.rating) {
      const hard = j.steps.reduce((a, st) => (st.rating > a.rating ? st : a), j.steps[0]);
      sum += t('hardest', techName(hard), j.rating.er.toFixed(1), t(j.rating.level));
    }
    if (j.stuck) sum += t('stuck');
    $('explain-summary').textContent = sum;
  } catch (err) {
    $('explain-summary').textContent = t('cannotExplain', err.message);
  }
}

// ---- stepping through the path on the grid -----------------------------

// startWalk shows the explained path on the grid step by step, on a copy
// of the game: the game itself does not change.
function startWalk() {
  const p = view.path;
  if (!p || p.game !== game || !p.steps.length) return;
  $('explain-dialog').close();
  view.walk = { steps: p.steps, k: 0, grids: [] };
  const copy = { order: game.order, solution: game.solution, entering: false, paused: false, done: false, revealed: false, undo: [], redo: [] };
  for (const k of LAYERS) copy[k] = game[k].slice();
  // grids[k] is the grid before step k.
  for (const st of p.steps) {
    const g = Object.assign({}, copy);
    for (const k of LAYERS) g[k] = copy[k].slice();
    view.walk.grids.push(g);
    applyStep(copy, st.at, settings);
  }
  clearHint();
  draw();
  $('walk-next').focus();
}

function walkTo(k) {
  const w = view.walk;
  if (!w) return;
  w.k = Math.max(0, Math.min(w.steps.length - 1, k));
  draw();
}

function endWalk() {
  view.walk = null;
  clearHint();
  $('walkbar').hidden = true;
  draw();
  board.el.focus({ preventScroll: true });
}

// drawWalk draws step k of the path on the grid before it, as the second
// stage of a hint draws it.
function drawWalk() {
  const w = view.walk, st = w.steps[w.k];
  const h = hintOf(game.order, st, '');
  h.stage = 2;
  board.draw(w.grids[w.k], Object.assign({}, view, { hint: h, mistakes: new Set() }));
  $('walkbar').hidden = false;
  $('walk-pos').textContent = t('stepOf', w.k + 1, w.steps.length);
  $('walk-prev').disabled = w.k === 0;
  $('walk-next').disabled = w.k === w.steps.length - 1;
  showHint(sentence(st, game.order));
}

// ---- share ------------------------------------------------------------

async function share() {
  const url = shareURL(game);
  const box = $('share-url');
  box.value = url;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    status(t('copied'), 'good');
  } catch (_) {
    status(t('copyBelow'));
  }
  box.setSelectionRange(0, url.length);
  board.el.focus({ preventScroll: true }); // typed digits go on to the grid
}

// loadHash plays the game in the address, if any, as a new game (no game
// is overwritten), and clears the hash.
function loadHash() {
  const g = fromHash(location.hash);
  if (!g) return false;
  history.replaceState(null, '', location.pathname + location.search);
  play(g, t('sharedLoaded'));
  ensureSolution();
  return true;
}

// ---- my games ---------------------------------------------------------

async function showGames() {
  const list = $('games-list');
  list.textContent = '';
  const d = $('games-dialog');
  if (!d.open) d.showModal();
  await saving;
  let all = [];
  try { all = await allGames(); } catch (_) { /* none */ }
  drawStats();
  if (!all.length) { list.textContent = t('noGames'); return; }
  for (const g of all) {
    const li = document.createElement('li');
    if (game && g.id === game.id) li.className = 'current';
    const side = g.order * g.order, n = side * side;
    const givens = g.givens.filter(Boolean).length;
    const pct = Math.round(100 * (filled(g) - givens) / Math.max(1, n - givens));
    const state = g.entering ? t('beingEntered') : g.done ? t(g.revealed ? 'stRevealed' : 'stWon') : (g.revealed ? t('stRevealed') + ', ' : '') + t('filledPct', pct);
    const text = document.createElement('span');
    text.className = 'game-text';
    text.textContent = title(g) + ' \u00b7 ' + fmtTime(g.elapsed) + ' \u00b7 ' + state +
      ' \u00b7 ' + new Date(g.played).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
    const resume = document.createElement('button');
    resume.type = 'button';
    resume.className = 'resume';
    resume.append(thumbnail(g, 56), text);
    resume.setAttribute('aria-label', t('resumeGame', text.textContent));
    resume.addEventListener('click', () => { d.close(); if (!game || g.id !== game.id) play(withJournal(g.id, g)); });
    const del = document.createElement('button');
    del.type = 'button';
    del.textContent = t('delete');
    del.setAttribute('aria-label', t('deleteGame', text.textContent));
    del.disabled = !!game && g.id === game.id;
    del.addEventListener('click', async () => {
      d.close();
      if (await confirmDialog(t('askDelete'), t('delete'))) {
        dropJournal(g.id, Infinity);
        await deleteGame(g.id).catch(() => {});
      }
      showGames();
    });
    li.append(resume, del);
    list.append(li);
  }
}

function drawStats() {
  const st = summary(dayOf(Date.now()));
  $('stats-streaks').textContent = t('streaks', st.run, st.bestRun, st.dailyDays);
  const body = $('stats-table').tBodies[0];
  body.textContent = '';
  const sec = (t) => (t ? fmtTime(t * 1000) : '\u2013');
  for (const r of st.rows) {
    const tr = document.createElement('tr');
    const [sz, lv] = r.key.split(' ');
    for (const v of [sz + (lv ? ' ' + t(lv) : ''), r.played, r.won, r.revealed, sec(r.best), sec(r.average), r.hints]) {
      const td = document.createElement('td');
      td.textContent = String(v);
      tr.append(td);
    }
    body.append(tr);
  }
}

// exportGames saves every game, the statistics and the settings in a file.
async function exportGames() {
  await saving;
  const data = exportData(await allGames().catch(() => []), settings);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
  a.download = 'sudoku-games-' + dayOf(Date.now()) + '.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  $('import-msg').textContent = t('saved', data.games.length, a.download);
}

// importGames loads a file that exportGames made: its games join ours (a
// game kept here stays unless the file's was played later), its results
// too.
async function importGames(file) {
  const msg = $('import-msg');
  try {
    const data = JSON.parse(await file.text());
    if (!data || data.format !== 'sudoku-games' || !Array.isArray(data.games)) throw new Error(t('notGames'));
    let n = 0;
    for (const g of data.games) {
      if (!valid(g)) continue;
      const mine = await getGame(g.id).catch(() => null);
      if (mine && mine.played >= g.played) continue;
      await putGame(g);
      n++;
    }
    const r = importResults(data.results);
    msg.className = 'msg good';
    msg.textContent = t('loaded', n, r, file.name);
    showGames();
  } catch (err) {
    msg.className = 'msg bad';
    msg.textContent = t('cannotLoad', file.name, err.message);
  }
}

// ---- sheets -----------------------------------------------------------

// makeSheet generates puzzles of the chosen size and level and has the
// server lay them out as a PDF, several a page, solutions after.
async function makeSheet() {
  const n = Math.max(1, Math.min(24, Number($('sheet-n').value) || 1));
  const order = Number($('size').value);
  const level = order === 3 ? $('level').value : '';
  const link = $('sheet-link');
  link.hidden = true;
  $('sheet-go').disabled = true;
  try {
    const puzzles = [], captions = [];
    for (let k = 0; k < n; k++) {
      status(t('sheetMaking', k + 1, n));
      const j = await api('generate', level ? { order, level } : { order });
      puzzles.push(j.puzzle);
      captions.push((j.level ? j.level + ' ' + j.er.toFixed(1) + ' \u00b7 ' : '') + j.clues + ' clues \u00b7 #' + j.seed);
    }
    const r = await fetch('/api/render', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ puzzles, captions, format: 'pdf', per_page: Number($('sheet-per').value), solutions: $('sheet-sol').checked, name: 'sudoku-sheet' }),
    });
    if (!r.ok) throw new Error((await r.json().catch(() => ({}))).error || r.statusText);
    const blob = await r.blob();
    view.sheet = blob;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(blob);
    link.hidden = false;
    link.textContent = t('sheetLink', n, Math.round(blob.size / 1024));
    status(t('sheetReady', n), 'good');
    link.click();
  } catch (err) {
    status(t('sheetFailed', err.message), 'bad');
  } finally {
    $('sheet-go').disabled = false;
  }
}

// ---- wiring -----------------------------------------------------------

function on(id, ev, fn) { $(id).addEventListener(ev, fn); }

function wire() {
  document.addEventListener('keydown', onKey);
  board.el.addEventListener('pointerdown', onPointerDown);
  board.el.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', () => { view.dragging = false; });
  window.addEventListener('pointercancel', () => { view.dragging = false; });
  board.el.addEventListener('dblclick', onDoubleClick);
  for (const b of document.querySelectorAll('#modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  on('new', 'click', newFromControls);
  on('next', 'click', newFromControls);
  on('games', 'click', () => { $('import-msg').textContent = ''; showGames(); });
  on('daily', 'click', daily);
  on('export', 'click', exportGames);
  on('import', 'click', () => $('import-file').click());
  on('import-file', 'change', (e) => { if (e.target.files[0]) importGames(e.target.files[0]); e.target.value = ''; });
  on('enter', 'click', () => { $('paste-msg').textContent = ''; $('enter-dialog').showModal(); $('paste').focus(); });
  on('paste-go', 'click', pasteGo);
  on('paste-grid', 'click', enterInGrid);
  on('enter-done', 'click', enterDone);
  on('enter-cancel', 'click', enterCancel);
  on('undo', 'click', () => changed(undo(game)));
  on('redo', 'click', () => changed(redo(game)));
  on('erase', 'click', () => changed(erase(game, [...view.sel])));
  on('auto', 'change', (e) => { settings.auto = e.target.checked; saveSettings(); draw(); });
  on('clear-marks', 'change', (e) => { settings.clearMarks = e.target.checked; saveSettings(); });
  on('hide-timer', 'change', (e) => { settings.hideTimer = e.target.checked; saveSettings(); draw(); });
  on('clash-check', 'change', (e) => { settings.clashes = e.target.checked; saveSettings(); draw(); });
  on('cb-palette', 'change', (e) => { settings.palette = e.target.checked ? 'cb' : ''; saveSettings(); applyLook(); });
  on('theme', 'change', (e) => { settings.theme = e.target.value; saveSettings(); applyLook(); });
  on('mistakes', 'change', (e) => {
    settings.mistakes = e.target.checked;
    saveSettings();
    if (settings.mistakes) ensureSolution();
    draw();
  });
  on('reveal', 'click', doReveal);
  on('restart', 'click', doRestart);
  on('hint', 'click', hint);
  on('sheet-go', 'click', makeSheet);
  on('explain', 'click', explainAll);
  on('size', 'change', () => { settings.size = $('size').value; saveSettings(); $('level').disabled = settings.size !== '3'; });
  on('level', 'change', () => { settings.level = $('level').value; saveSettings(); });
  on('share', 'click', share);
  on('walk', 'click', startWalk);
  on('walk-prev', 'click', () => walkTo(view.walk.k - 1));
  on('walk-next', 'click', () => walkTo(view.walk.k + 1));
  on('walk-close', 'click', endWalk);
  on('zoom', 'click', () => {
    settings.zoom = !settings.zoom;
    saveSettings();
    applyLook();
    board.el.focus({ preventScroll: true });
  });
  on('lang', 'change', (e) => { settings.lang = e.target.value; saveSettings(); applyLang(); });
  on('print', 'click', () => window.print());
  on('pause', 'click', () => setPaused(!game.paused));
  on('resume', 'click', () => setPaused(false));
  document.addEventListener('visibilitychange', () => { tick(); if (document.hidden) save(); });
  window.addEventListener('pagehide', () => save());
  window.addEventListener('hashchange', loadHash);
  $('size').value = settings.size;
  $('level').value = settings.level;
  $('level').disabled = $('size').value !== '3';
  setInterval(tick, 250);
}

// startGame returns the game to open: the tab's or the last one played,
// or the one kept by the page before games were kept in IndexedDB.
async function startGame() {
  try {
    const id = currentID();
    const g = id && withJournal(id, await getGame(id).catch(() => null));
    if (g) return g;
    const old = legacyGame();
    if (old) { await putGame(old); dropLegacy(); return old; }
    const all = await allGames();
    return all.find((x) => !x.entering) || null;
  } catch (_) {
    return null; // no storage: a new game
  }
}

// applyLang puts the page in the chosen language (the browser's, unless
// the player chose one).
function applyLang() {
  setLang(settings.lang || pickLang(navigator.languages || [navigator.language]));
  $('lang').value = lang;
  if (!game) return;
  clearHint();
  drawPad();
  draw();
  for (const b of document.querySelectorAll('#modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === view.mode));
}

// applyLook sets the theme and the palette the player chose.
function applyLook() {
  const root = document.documentElement;
  if (settings.theme) root.dataset.theme = settings.theme; else delete root.dataset.theme;
  if (settings.palette) root.dataset.palette = settings.palette; else delete root.dataset.palette;
  document.body.classList.toggle('zoom', !!settings.zoom);
  $('zoom').setAttribute('aria-pressed', String(!!settings.zoom));
  if (game) draw();
}

async function init() {
  applyLook();
  applyLang();
  wire();
  if (!loadHash()) {
    const g = await startGame();
    if (g) {
      play(g);
      if (settings.mistakes) ensureSolution();
    } else {
      newFromControls();
    }
  }
  board.el.focus({ preventScroll: true });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => { /* online only */ });
  performance.mark('sudoku-ready');
  document.body.dataset.ready = '1';
}

// A small window onto the state for tests and the console.
window.sudokuApp = {
  state: () => game && {
    id: game.id, order: game.order, puzzle: puzzleLine(game), grid: gridLine(game), values: line(game.values),
    corner: marksParam(game.corner), centre: marksParam(game.centre), colour: marksParam(game.colour, true),
    elim: marksParam(game.elim), done: game.done, revealed: game.revealed, won: over(game), paused: game.paused,
    entering: game.entering, mode: view.mode, selection: [...view.sel], solution: game.solution,
    undo: game.undo.length, redo: game.redo.length, info: game.info, level: game.level, elapsed: game.elapsed,
    walk: view.walk && { k: view.walk.k, n: view.walk.steps.length, grid: gridLine(view.walk.grids[view.walk.k]) },
    hints: game.hints, hintMs: view.hintMs || null, hint: view.hint && { stage: view.hint.stage, text: view.hint.step.text, vague: view.hint.vague },
  },
  games: () => saving.then(allGames),
  stats: () => summary(dayOf(Date.now())),
  exportData: () => saving.then(allGames).then((gs) => exportData(gs, settings)),
  dailySeed,
  langs: () => LANGS,
  saved: () => saving,
  shareURL: () => shareURL(game),
  sheet: () => view.sheet, // the last sheet made, a Blob
  orderOfLength,
};

init();
