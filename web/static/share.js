// Share links: a game in the part of the address after '#', so that it
// never reaches a server: the puzzle (p), the player's values (v), corner,
// centre and colour marks (cm, ce, co, as "cell:symbols" joined by ','),
// eliminations of applied hints (el), colours of candidates (cc, as
// "cell:" and a symbol and its colour digit per coloured candidate: 12:3152
// is 3 in colour 1 and 5 in colour 2 in cell 12), the title (t), level (lv)
// and the time played in seconds (e); a variant adds its rules (r, the
// rules JSON without its grid), so that the link opens it anywhere.

import { geometry, geoOf, symbol, symbolValue, values, bit, orderOfLength } from './grid.js';
import { newGame, line, puzzleLine } from './game.js';
import { caption } from './variant.js';

export function marksParam(arr, isColour) {
  const out = [];
  arr.forEach((m, i) => {
    if (m) out.push(i + ':' + (isColour ? m : values(m).map(symbol).join('')));
  });
  return out.join(',');
}

function parseMarks(s, n, isColour) {
  const arr = new Array(n).fill(0);
  for (const part of (s || '').split(',')) {
    const [a, b] = part.split(':');
    const i = Number(a);
    if (!Number.isInteger(i) || i < 0 || i >= n || !b) continue;
    if (isColour) { const c = Number(b); if (c >= 1 && c <= 9) arr[i] = c; continue; }
    let m = 0;
    for (const ch of b) { const v = symbolValue(ch); if (v) m |= bit(v); }
    arr[i] = m;
  }
  return arr;
}

// candParam writes the colours of candidates (game.js's candColour layer).
export function candParam(arr) {
  const out = [];
  arr.forEach((s, i) => {
    if (!s) return;
    let pairs = '';
    for (let v = 1; v <= s.length; v++) if (s[v - 1] !== '0') pairs += symbol(v) + s[v - 1];
    out.push(i + ':' + pairs);
  });
  return out.join(',');
}

function parseCand(s, n, side) {
  const arr = new Array(n).fill(0);
  for (const part of (s || '').split(',')) {
    const [a, b] = part.split(':');
    const i = Number(a);
    if (!Number.isInteger(i) || i < 0 || i >= n || !b) continue;
    const cs = new Array(side).fill('0');
    for (let k = 0; k + 1 < b.length; k += 2) {
      const v = symbolValue(b[k]), c = Number(b[k + 1]);
      if (v >= 1 && v <= side && c >= 1 && c <= 9) cs[v - 1] = String(c);
    }
    if (cs.some((c) => c !== '0')) arr[i] = cs.join('');
  }
  return arr;
}

// shareURL returns the link to game g.
export function shareURL(g) {
  const parts = ['p=' + puzzleLine(g)];
  if (g.rules) {
    const r = Object.assign({}, g.rules);
    delete r.grid;
    parts.push('r=' + encodeURIComponent(JSON.stringify(r)));
  }
  if (g.values.some(Boolean)) parts.push('v=' + line(g.values));
  for (const [k, arr, c] of [['cm', g.corner], ['ce', g.centre], ['co', g.colour, true], ['el', g.elim]]) {
    const s = marksParam(arr, c);
    if (s) parts.push(k + '=' + s);
  }
  const cc = candParam(g.candColour);
  if (cc) parts.push('cc=' + cc);
  if (g.info) parts.push('t=' + encodeURIComponent(g.info));
  if (g.level) parts.push('lv=' + encodeURIComponent(g.level));
  if (g.elapsed >= 1000) parts.push('e=' + Math.floor(g.elapsed / 1000));
  return location.origin + location.pathname + '#' + parts.join('&');
}

// fromHash returns the game in the address's hash, or null.
export function fromHash(hash) {
  if (!hash || hash.length < 3) return null;
  const q = new URLSearchParams(hash.slice(1));
  const p = q.get('p');
  const rules = rulesParam(q.get('r'), p);
  const order = rules ? (rules.order || 0) : p ? orderOfLength(p.length) : 0;
  if (!order && !rules) return null;
  const extra = { info: q.get('t') || 'Shared puzzle', level: q.get('lv') || '', shared: true };
  if (rules) Object.assign(extra, { rules: rules.rules, meta: { kind: 'shared', size: rules.rules.size, variant: caption(rules.rules) } });
  const g = newGame(order, p, extra);
  const geo = rules ? geoOf(g) : geometry(order);
  const v = q.get('v') || '';
  for (let i = 0; i < geo.n; i++) if (!g.givens[i]) g.values[i] = Math.min(symbolValue(v[i] || '.'), geo.side);
  g.corner = parseMarks(q.get('cm'), geo.n);
  g.centre = parseMarks(q.get('ce'), geo.n);
  g.colour = parseMarks(q.get('co'), geo.n, true);
  g.elim = parseMarks(q.get('el'), geo.n);
  g.candColour = parseCand(q.get('cc'), geo.n, geo.side);
  const e = Number(q.get('e'));
  if (e > 0 && e < 1e7) g.elapsed = e * 1000;
  return g;
}

// rulesParam reads a share link's rules (r) for the puzzle line p: the
// rules and the order of their square boxes (0 for others), or null.
function rulesParam(s, p) {
  if (!s || !p) return null;
  let rules;
  try { rules = JSON.parse(s); } catch (_) { return null; }
  if (!rules || typeof rules !== 'object' || !(rules.size >= 4 && rules.size <= 25) || p.length !== rules.size ** 2) return null;
  if (rules.rules !== undefined && !Array.isArray(rules.rules)) return null;
  rules.grid = p;
  const o = Math.round(Math.sqrt(rules.size));
  const square = o * o === rules.size && (rules.regions === undefined);
  return { rules, order: square ? o : 0 };
}
