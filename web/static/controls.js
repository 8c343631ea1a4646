// Drawing the board and the controls from the game and the view: the
// buttons' states, the title, the digit pad, the downloads, the time.

import { api } from './api.js';
import { value, puzzleLine, puzzleText, gridLine, over, canUndo, canRedo, hasProgress, fullState } from './game.js';
import { geoOf, symbol } from './grid.js';
import { drawWalk } from './hinting.js';
import { t, tIn, lang } from './i18n.js';
import { doInput } from './input.js';
import { $, board, game, view, status } from './page.js';
import { settings } from './store.js';

// checkRules has the server judge a variant's grid by its rules, a moment
// after each change, when the clash checker is on: the broken rules and
// their cells are drawn as clashes (view.ruleBad).
function checkRules(g) {
  if (!g.rules || !settings.clashes || g.entering) { view.ruleBad = null; view.ruleKey = ''; return; }
  const key = gridLine(g);
  if (view.ruleKey === key && view.ruleGame === g) return;
  view.ruleKey = key;
  view.ruleGame = g;
  clearTimeout(view.ruleTimer);
  view.ruleTimer = setTimeout(async () => {
    try {
      const j = await api('check', { puzzle: puzzleText(g), values: key });
      if (game !== g || gridLine(g) !== key) return;
      const vs = j.violations || [];
      view.ruleBad = vs.length ? { game: g, rules: new Set(vs.filter((v) => v.rule >= 0).map((v) => v.rule)), cells: new Set(vs.flatMap((v) => v.cells)), text: vs.map((v) => v.text) } : null;
      document.body.dataset.ruleCheck = key; // for the tests: the check of this grid is drawn
      draw();
    } catch (_) { /* checked again at the next change */ }
  }, 120);
}

export function draw() {
  if (!game) return;
  if (view.walk) { drawWalk(); return; }
  checkRules(game);
  board.draw(game, view);
  $('setter').hidden = !(game.setter && game.entering);
  if (view.onDraw) view.onDraw();
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
  const head = title(g);
  $('title').textContent = head;
  $('print-info').textContent = head ? head + ' \u00b7 ' + puzzleLine(g) : puzzleLine(g);
  $('timer').textContent = fmtTime(g.elapsed);
  drawGameStatus();
  drawDownloads();
  drawPadCounts();
}

// titleIn is the title of a game of the order, level and meta (kind
// generated, daily, entered or entering; clues or givens, er, seed, day)
// in language l.
export function titleIn(l, order, level, m) {
  const tr = (k, ...a) => tIn(l, k, ...a);
  const side = m.size || order * order;
  if (m.kind === 'entering') return tr('entering');
  const parts = [];
  if (m.kind === 'daily') parts.push(tr('dailyOf', m.day));
  else parts.push((m.kind === 'entered' ? tr('yourPuzzle') + ' ' : '') + side + 'x' + side);
  if (m.variant) parts.push(m.variant);
  if (m.clues) parts.push(tr('clues', m.clues));
  if (m.givens) parts.push(tr('givens', m.givens));
  if (level) parts.push(tr(level) + (m.er ? ' ' + m.er.toFixed(1) : ''));
  if (m.seed) parts.push('#' + m.seed);
  return parts.join(' \u00b7 ');
}

// title is the title of game g in the page's language; englishTitle the
// one that captions its files and share links.
export const title = (g) => (g.meta ? titleIn(lang, g.order, g.level, g.meta) : g.info || '');
export const englishTitle = (order, level, meta) => titleIn('en', order, level, meta);

// drawGameStatus says what the state of the game is, when it is over or
// full.
export function drawGameStatus() {
  const g = game;
  if (g.done && g.revealed) status(t('revealed'), 'bad');
  else if (g.done) status(t('solvedIn', fmtTime(g.elapsed)), 'good');
  else if (fullState(g) === 'clash') status(t('fullClash'), 'bad');
  else if (fullState(g) === 'differs') status(t('fullDiffers'), 'bad');
}

export function drawPad() {
  const pad = $('pad');
  pad.textContent = '';
  drawCandColours();
  const colour = view.mode === 'colour';
  pad.classList.toggle('colour', colour);
  const count = colour ? 9 : geoOf(game).side;
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
      b.setAttribute('aria-label', t({ digit: 'padDigit', corner: 'padCorner', centre: 'padCentre', cand: 'padCand' }[view.mode], symbol(v), view.candColour));
    }
    b.addEventListener('click', () => doInput(v, view.mode));
    pad.append(b);
  }
  drawPadCounts();
}

// drawCandColours shows, in cand mode, the colours to give candidates,
// the chosen one pressed.
function drawCandColours() {
  const row = $('cand-colours');
  row.textContent = '';
  row.hidden = view.mode !== 'cand';
  if (row.hidden) return;
  for (let c = 1; c <= 9; c++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'swatch';
    b.dataset.c = c;
    b.setAttribute('aria-label', t('padColour', c));
    b.setAttribute('aria-pressed', String(c === view.candColour));
    b.addEventListener('click', () => { view.candColour = c; drawPad(); });
    row.append(b);
  }
}

// drawPadCounts dims the digits placed side times.
export function drawPadCounts() {
  if (view.mode === 'colour' || !game) return;
  const geo = geoOf(game);
  const count = new Array(geo.side + 1).fill(0);
  for (let i = 0; i < geo.n; i++) count[value(game, i)]++;
  for (const b of $('pad').children) b.classList.toggle('done', count[b.dataset.v] >= geo.side);
}

// downloadName names the files of the game: size, level and a short
// fingerprint of the puzzle.
export function downloadName() {
  const side = geoOf(game).side;
  let h = 0;
  for (const ch of puzzleLine(game)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 'sudoku-' + side + 'x' + side + (game.level ? '-' + game.level : '') + '-' + h.toString(36);
}

export function drawDownloads() {
  const name = downloadName();
  const base = '/api/render?puzzle=' + encodeURIComponent(puzzleText(game)) +
    (game.info ? '&caption=' + encodeURIComponent(game.info) : '');
  for (const [id, q, suffix] of [['dl-pdf', '&format=pdf', ''], ['dl-pdf-sol', '&format=pdf&solutions=1', '-solution'], ['dl-svg', '&format=svg', ''], ['dl-png', '&format=png', '']]) {
    const a = $(id);
    if (game.entering) { a.removeAttribute('href'); continue; }
    a.href = base + q + '&name=' + encodeURIComponent(name + suffix);
  }
}

// ---- timer ------------------------------------------------------------

export function fmtTime(ms) {
  const t = Math.floor(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;
  const ss = String(s).padStart(2, '0');
  return h ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
}
