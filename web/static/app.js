// The Sudoku page: play, enter, check, share and print puzzles, several
// games kept in the browser. ES modules by job, no build step: this one
// wires the controls and starts the page; page.js (the shared state),
// controls.js (drawing), input.js (keys, pointer, timer), newgame.js,
// hinting.js (hints, steps), sharing.js (links, sheets), mygames.js;
// below them grid.js (rules), game.js (a game and its history), store.js
// (IndexedDB and settings), share.js (links), board.js (the grid),
// hints.js, steps.js, i18n.js, stats.js and api.js (the server).

import { draw, drawPad } from './controls.js';
import { puzzleLine, gridLine, line, over, undo, redo, erase } from './game.js';
import { orderOfLength } from './grid.js';
import { clearHint, hint, explainAll, startWalk, walkTo, endWalk } from './hinting.js';
import { setLang, pickLang, lang, LANGS } from './i18n.js';
import { setMode, onKey, onPointerDown, onPointerMove, onDoubleClick, tick, setPaused } from './input.js';
import { newFromControls, levelsOf, dailySeed, daily, ensureSolution, pasteGo, enterInGrid, enterDone, enterCancel, doReveal, doRestart } from './newgame.js';
import { $, board, game, view, saving, save, play, changed, status } from './page.js';
import { shareURL, marksParam, candParam } from './share.js';
import { share, loadHash, makeSheet } from './sharing.js';
import { summary, dayOf, exportData } from './stats.js';
import { putGame, getGame, allGames, currentID, legacyGame, dropLegacy, withJournal, settings, saveSettings } from './store.js';

// The modules are loaded: the script's own work starts (a figure for the
// tests to report, with sudoku-ready at its end).
performance.mark('sudoku-start');

function on(id, ev, fn) { $(id).addEventListener(ev, fn); }

// My games (mygames.js) is loaded when first opened.
const myGames = () => import('./mygames.js');
// The setter's mode (setter.js) is loaded when first used, and with a game being set.
const setter = () => import('./setter.js');

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
  on('games', 'click', () => { $('import-msg').textContent = ''; myGames().then((m) => m.showGames()); });
  on('daily', 'click', daily);
  on('export', 'click', () => myGames().then((m) => m.exportGames()));
  on('import', 'click', () => $('import-file').click());
  on('import-file', 'change', (e) => { const f = e.target.files[0]; if (f) myGames().then((m) => m.importGames(f)); e.target.value = ''; });
  on('enter', 'click', () => { $('paste-msg').textContent = ''; $('enter-dialog').showModal(); $('paste').focus(); });
  on('paste-go', 'click', pasteGo);
  on('paste-grid', 'click', enterInGrid);
  on('set-new', 'click', () => {
    $('enter-dialog').close();
    const size = $('size').value;
    setter().then((m) => m.startSetter(size[0] === 'v' ? Number(size.slice(1)) : Number(size) ** 2));
  });
  for (const b of document.querySelectorAll('#setter [data-tool]')) b.addEventListener('click', () => setter().then((m) => m.addRule(b.dataset.tool)));
  on('set-undo', 'click', () => setter().then((m) => m.undoRule()));
  on('set-cands', 'change', () => setter().then((m) => m.changedSetter()));
  on('set-export', 'click', () => setter().then((m) => m.exportSetter()));
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
  on('size', 'change', () => { settings.size = $('size').value; saveSettings(); drawLevels(); });
  on('family', 'change', () => { settings.family = $('family').value; saveSettings(); drawLevels(); });
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
  $('family').value = settings.family || '';
  $('size').value = settings.size;
  $('level').value = settings.level;
  drawLevels();
  setInterval(tick, 250);
}

// drawLevels offers the levels of the chosen size (levelsOf): all five at
// 9x9 and 16x16, easy alone at 4x4.
function drawLevels() {
  // The sizes only variants come in (6x6, 8x8 ...) are offered with a kind.
  const family = $('family').value;
  for (const o of $('size').options) o.hidden = o.disabled = !family && o.value[0] === 'v';
  if ($('size').selectedOptions[0] && $('size').selectedOptions[0].disabled) $('size').value = '3';
  const size = family ? '' : $('size').value, sel = $('level');
  sel.disabled = !levelsOf(Number(size)).length;
  for (const o of sel.options) o.disabled = !!o.value && !levelsOf(Number(size)).includes(o.value);
  if (sel.selectedOptions[0] && sel.selectedOptions[0].disabled) sel.value = '';
}

// startGame returns the game to open: the tab's or the last one played,
// or the one kept by the page before games were kept in IndexedDB. A
// browser that never played here (no game named as the last one played)
// starts a new game at once, without waiting for IndexedDB to open: on a
// cold load that wait was most of the page's own work (0.1-0.4 s of 0.15-0.45
// s, measured with performance marks, chromium headless on the loaded 2-core
// machine).
async function startGame() {
  try {
    const id = currentID();
    if (!id && !legacyGame()) return null;
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
  $('lang').setAttribute('aria-label', LANGS[lang].language);
  if (!game) return;
  status(''); // a message of the other language goes; the game's state is said again below
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
      if (g.setter && g.entering) setter();
      if (settings.mistakes) ensureSolution();
    } else {
      newFromControls();
    }
  }
  board.el.focus({ preventScroll: true });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => { /* online only */ });
  performance.mark('sudoku-ready');
  document.body.dataset.ready = '1';
  import('./library.js').catch(() => { /* its panel, when the server has a library */ });
}

// A small window onto the state for tests and the console.
window.sudokuApp = {
  state: () => game && {
    id: game.id, order: game.order, puzzle: puzzleLine(game), grid: gridLine(game), values: line(game.values),
    corner: marksParam(game.corner), centre: marksParam(game.centre), colour: marksParam(game.colour, true),
    elim: marksParam(game.elim), candColour: candParam(game.candColour), candPick: view.candColour, done: game.done, revealed: game.revealed, won: over(game), paused: game.paused,
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
  // select sets the selection (cells in the order chosen), as a drag would.
  select: (cells) => { view.sel = new Set(cells); view.cursor = cells[cells.length - 1]; draw(); },
};

init();
