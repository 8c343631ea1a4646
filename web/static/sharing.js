// Games leaving the page and coming in: share links (made, and opened
// from the address) and sheets of new puzzles as a PDF.

import { api } from './api.js';
import { t } from './i18n.js';
import { ensureSolution, levelsOf } from './newgame.js';
import { $, board, game, view, play, status } from './page.js';
import { shareURL, fromHash } from './share.js';
import { caption } from './variant.js';

export async function share() {
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
export function loadHash() {
  const g = fromHash(location.hash);
  if (!g) return false;
  history.replaceState(null, '', location.pathname + location.search);
  play(g, t('sharedLoaded'));
  ensureSolution();
  return true;
}

// ---- sheets -----------------------------------------------------------

// makeSheet generates puzzles of the chosen size and level and has the
// server lay them out as a PDF, several a page, solutions after.
export async function makeSheet() {
  const n = Math.max(1, Math.min(24, Number($('sheet-n').value) || 1));
  const size = $('size').value, family = $('family').value;
  const order = Number(size) || 3, side = size[0] === 'v' ? Number(size.slice(1)) : order * order;
  const level = levelsOf(order).includes($('level').value) ? $('level').value : '';
  const link = $('sheet-link');
  link.hidden = true;
  $('sheet-go').disabled = true;
  try {
    const puzzles = [], captions = [];
    for (let k = 0; k < n; k++) {
      status(t('sheetMaking', k + 1, n));
      if (family) {
        // A variant: its rules JSON goes to the sheet, its kinds in the caption.
        const j = await api('generate', { variant: family, size: side });
        puzzles.push(JSON.stringify(j.rules));
        captions.push(caption(j.rules) + ' \u00b7 #' + j.seed);
        continue;
      }
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
