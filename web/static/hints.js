// Hints in three stages: the technique and region, then the pattern drawn
// on the grid (its cells and the candidates it uses, removes and places),
// then the step applied. The server finds the step; "at" gives its cells
// and candidates as indexes.

import { geometry, bit } from './grid.js';

// hintOf returns the hint of an /api/hint answer's step for a grid of the
// given order, at stage 1.
export function hintOf(order, step, vague) {
  const geo = geometry(order);
  const at = step.at;
  const h = {
    stage: 1, step, vague, at,
    region: new Set(at.units.length ? geo.unit(at.units[0]) : []),
    cells: new Set(at.cells), show: new Set(at.cells),
    cause: new Map(), elim: new Map(), place: new Map(),
  };
  const add = (m, [i, v]) => { m.set(i, (m.get(i) || 0) | bit(v)); h.show.add(i); };
  for (const c of at.candidates) add(h.cause, c);
  for (const e of at.eliminations) add(h.elim, e);
  for (const [i, v] of at.placements) { h.place.set(i, v); h.show.add(i); h.cells.add(i); }
  return h;
}
