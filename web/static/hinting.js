// Hints in three stages, the list of all steps, and stepping through that
// path on the grid (on a copy: the game does not change).

import { api } from './api.js';
import { draw } from './controls.js';
import { puzzleLine, gridLine, applyStep, eliminated, LAYERS } from './game.js';
import { hintOf } from './hints.js';
import { t, lang } from './i18n.js';
import { $, board, game, view, save, changed } from './page.js';
import { vague, sentence, mistakeText, techName } from './steps.js';
// The guide is loaded when first opened.
const showGuide = (st) => import('./guide.js').then((m) => m.showGuide(st));
import { settings } from './store.js';

export function showHint(text) {
  const el = $('hint-text');
  el.textContent = text;
  el.hidden = !text;
}
// showGuideLink offers the guide of step st's technique under the hint
// (none for null).
function showGuideLink(st) {
  const b = $('guide-link');
  b.hidden = !st;
  if (!st) return;
  b.textContent = t('aboutTech', techName(st));
  b.onclick = () => showGuide(st);
}

export function clearHint() {
  view.hint = null;
  view.mistakes = new Set();
  showHint('');
  showGuideLink(null);
  $('hint').textContent = t('hint');
}

// hint goes one stage further: the technique and region, then the pattern
// on the grid, then the step applied.
export async function hint() {
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
    showGuideLink(j.step);
    $('hint').textContent = t('more');
    draw();
    hintTime(1);
  } catch (err) {
    showHint(t('noHint', err.message));
  } finally {
    view.hintBusy = false;
  }
}

export async function explainAll() {
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
      const about = document.createElement('button');
      about.type = 'button';
      about.className = 'about';
      about.textContent = '?';
      about.setAttribute('aria-label', t('aboutTech', techName(st)));
      about.addEventListener('click', () => showGuide(st));
      li.append(r, document.createTextNode(lang === 'zh' ? sentence(st, game.order) : st.text), about);
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
export function startWalk() {
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
  // The whole grid and the step's buttons on the screen, as far as they
  // fit: the player may have scrolled down to "Explain all steps".
  $('walk-next').focus({ preventScroll: true });
  $('walkbar').scrollIntoView({ block: 'nearest' });
  $('board-wrap').scrollIntoView({ block: 'nearest' });
}

export function walkTo(k) {
  const w = view.walk;
  if (!w) return;
  w.k = Math.max(0, Math.min(w.steps.length - 1, k));
  draw();
}

export function endWalk() {
  view.walk = null;
  clearHint();
  $('walkbar').hidden = true;
  draw();
  board.el.focus({ preventScroll: true });
}

// drawWalk draws step k of the path on the grid before it, as the second
// stage of a hint draws it.
export function drawWalk() {
  const w = view.walk, st = w.steps[w.k];
  const h = hintOf(game.order, st, '');
  h.stage = 2;
  board.draw(w.grids[w.k], Object.assign({}, view, { hint: h, mistakes: new Set() }));
  $('walkbar').hidden = false;
  $('walk-pos').textContent = t('stepOf', w.k + 1, w.steps.length);
  $('walk-prev').disabled = w.k === 0;
  $('walk-next').disabled = w.k === w.steps.length - 1;
  showHint(sentence(st, game.order));
  showGuideLink(st);
}
