// The rules of the grid, for every order the page plays: symbols, cells,
// units and peers, clashes and candidates. Marks are bit sets as in the Go
// package: bit v-1 stands for value v.

import { regionsOf, allDifferent } from './variant.js';

export const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#$';

// symbolValue returns the value of a symbol, 0 for a blank or unknown one.
export function symbolValue(ch) {
  if (ch === '.' || ch === '0' || ch === '_') return 0;
  return SYMBOLS.indexOf(ch) + 1;
}

// symbol returns the symbol of value v, '.' for 0.
export function symbol(v) { return v ? SYMBOLS[v - 1] : '.'; }

export const bit = (v) => 1 << (v - 1);

// values lists the values in a mark set, smallest first.
export function values(mask) {
  const out = [];
  for (let v = 1; mask; v++, mask >>>= 1) if (mask & 1) out.push(v);
  return out;
}

const geometries = new Map();

// geometry returns the cells, units and peers of a grid of the given order
// (box side): cells row-major from 0, units rows, then columns, then boxes.
export function geometry(order) {
  let g = geometries.get(order);
  if (g) return g;
  const side = order * order, n = side * side;
  const row = (i) => Math.floor(i / side), col = (i) => i % side;
  const box = (i) => Math.floor(row(i) / order) * order + Math.floor(col(i) / order);
  const units = [];
  for (const [kind, of] of [['row', row], ['column', col], ['box', box]]) {
    for (let k = 0; k < side; k++) units.push({ kind, index: k, cells: [] });
    for (let i = 0; i < n; i++) units[units.length - side + of(i)].cells.push(i);
  }
  const peers = [];
  for (let i = 0; i < n; i++) {
    const s = new Set([...units[row(i)].cells, ...units[side + col(i)].cells, ...units[2 * side + box(i)].cells]);
    s.delete(i);
    peers.push([...s]);
  }
  g = {
    order, side, n, row, col, box, units, peers,
    all: side >= 32 ? -1 >>> 0 : (1 << side) - 1,
    // unit returns the cells of a unit {kind, index}.
    unit: (u) => units[{ row: 0, column: 1, box: 2 }[u.kind] * side + u.index].cells,
    // name names cell i as the server does: r5c4.
    name: (i) => 'r' + (row(i) + 1) + 'c' + (col(i) + 1),
  };
  geometries.set(order, g);
  return g;
}

// orderOfLength returns the order of a grid line of len cells, or 0.
export function orderOfLength(len) {
  for (let o = 2; o <= 5; o++) if (o ** 4 === len) return o;
  return 0;
}

// clashes returns the cells whose value a peer holds too; vals holds a
// value per cell, 0 for a blank.
export function clashes(geo, vals) {
  const bad = new Set();
  for (const u of geo.units) {
    const seen = new Map();
    for (const i of u.cells) {
      const v = vals[i];
      if (!v) continue;
      if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
    }
  }
  return bad;
}

// candidates returns the values no peer of blank cell i holds.
export function candidates(geo, vals, i) {
  let m = geo.all;
  for (const j of geo.peers[i]) if (vals[j]) m &= ~bit(vals[j]);
  return m;
}

// ---- variants -----------------------------------------------------------

const shapes = new WeakMap();

// geoOf returns the geometry of game g: that of its order for a classic
// game; for a variant (g.rules, the server's rules JSON) the side's cells
// with its regions (boxes, rectangular boxes or a jigsaw) as the 'box'
// units, and the groups its rules keep different (diagonals, windows,
// cages ...) as units of kind 'extra', so that clashes, peers and
// candidates follow them. Its order is the side of the grid of marks in a
// cell (3 up to 9x9, 4 up to 16x16).
export function geoOf(g) {
  if (!g.rules) return geometry(g.order);
  let geo = shapes.get(g.rules);
  if (geo) return geo;
  const side = g.rules.size, n = side * side;
  const regions = regionsOf(g.rules) || [];
  const row = (i) => Math.floor(i / side), col = (i) => i % side;
  const box = (i) => (regions.length ? regions[i] : -1);
  const units = [];
  for (const [kind, of] of [['row', row], ['column', col], ['box', box]]) {
    if (kind === 'box' && !regions.length) continue;
    const start = units.length;
    for (let k = 0; k < side; k++) units.push({ kind, index: k, cells: [] });
    for (let i = 0; i < n; i++) units[start + of(i)].cells.push(i);
  }
  allDifferent(g.rules).forEach((cells, k) => units.push({ kind: 'extra', index: k, cells }));
  const peerSets = [];
  for (let i = 0; i < n; i++) peerSets.push(new Set());
  for (const u of units) for (const i of u.cells) for (const j of u.cells) if (i !== j) peerSets[i].add(j);
  geo = {
    order: Math.ceil(Math.sqrt(side)), side, n, row, col, box, units, peers: peerSets.map((s) => [...s]),
    all: side >= 32 ? -1 >>> 0 : (1 << side) - 1,
    unit: (u) => units.find((x) => x.kind === u.kind && x.index === u.index).cells,
    name: (i) => 'r' + (row(i) + 1) + 'c' + (col(i) + 1),
    regions, variant: true,
  };
  shapes.set(g.rules, geo);
  return geo;
}
