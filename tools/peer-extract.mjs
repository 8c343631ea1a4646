// peer-extract.mjs PEER_DIR NAME...: prints the puzzles of the Interactive
// Sudoku Solver's collections as JSON lines {"collection", "name", "input",
// "solution", "note", "src"}, reading its data files with its own modules (nothing of it is
// copied). NAME is "examples" (the example puzzles of its page,
// data/example_puzzles.js) or an export of data/collections.js (TAREK_ALL,
// HARD_THERMOS ...). An input that is a file of the peer (a leading "/") is
// read from it; a sandbox script (.js) is left with an empty input and a
// note, as only the peer can run it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, ...names] = process.argv.slice(2);
if (!root || names.length === 0) {
  console.error('usage: node peer-extract.mjs PEER_DIR NAME...');
  process.exit(2);
}
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (p) => import(pathToFileURL(join(root, p)).href);
const examples = await load('data/example_puzzles.js');
const collections = await load('data/collections.js');

const emit = (collection, name, input, solution, src) => {
  let note = '';
  if (input.startsWith('/')) {
    if (input.endsWith('.js')) {
      note = 'sandbox script ' + input;
      input = '';
    } else {
      input = readFileSync(join(root, input), 'utf8');
    }
  }
  console.log(JSON.stringify({ collection, name, input, solution: solution ?? '', note,
    src: [src ?? []].flat().join(' ') }));
};

for (const name of names) {
  if (name === 'examples') {
    for (const p of examples.DISPLAYED_EXAMPLES) emit(name, p.name, p.input, p.solution, p.src);
    continue;
  }
  const c = collections[name];
  if (!c) {
    console.error(`peer-extract: no collection ${name} (have: examples, ${Object.keys(collections).join(', ')})`);
    process.exit(1);
  }
  c.forEach((entry, i) => {
    const cfg = typeof c.configFor === 'function' ? c.configFor(entry) : examples.resolvePuzzleConfig(entry);
    const label = !cfg.name || cfg.name === cfg.input ? `${name}#${i}` : cfg.name;
    emit(name, label, cfg.input, cfg.solution, cfg.src);
  });
}
