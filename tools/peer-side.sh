#!/usr/bin/env bash
# peer-side.sh PEER_DIR [COLLECTION ...]
# Times our variant engine and the Interactive Sudoku Solver (the variant peer,
# github.com/sigh/Interactive-Sudoku-Solver, JavaScript) side by side on the peer's own
# puzzles, one core each (taskset -c ${CPU:-1}, GOMAXPROCS=1), counting to 2 solutions, best
# of ${REPEAT:-3} runs each, and prints per puzzle both times and guesses and the ratio
# ours/peer, then per collection the puzzles we read, those solved to the peer's `solution`,
# the median and worst ratio and the median guesses, and why each puzzle we cannot read is
# refused. COLLECTION is "examples" (the puzzles of its page, data/example_puzzles.js; the
# default) or an export of its data/collections.js (TAREK_ALL, MATHEMAGIC_KILLERS,
# EXTREME_KILLERS, HARD_THERMOS, HARD_RENBAN, LITTLE_KILLER_SNIPES, HS_KILLERS ...).
#
# PEER_DIR is a copy of the peer's repository (copy the read-only checkout to /tmp first;
# it needs only `node`, no install). This script fetches nothing and copies none of the
# peer's code: tools/peer-extract.mjs reads its puzzle lists with its own modules, our side
# (internal/peer/peerside) converts them with package internal/peer and runs
# `node tools/perf/benchmark_puzzles.js --max-backtracks none --repeat N --input-file F --json`
# in PEER_DIR for each puzzle. Environment: CPU (the core, default 1), REPEAT (3), TIMEOUT
# (our limit a puzzle, 60s), RULES (a file to write the converted puzzles to, as rules JSON
# lines that `sudoku count` reads), OURS_ONLY=1 (skip the peer).
set -euo pipefail
[ $# -ge 1 ] || { sed -n 2,20p "$0"; exit 2; }
PEER=$(realpath "$1"); shift
[ -f "$PEER/tools/perf/benchmark_puzzles.js" ] || { echo "peer-side: $PEER is not the peer's folder"; exit 2; }
[ $# -ge 1 ] || set -- examples
HERE=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
(cd "$HERE" && go build -o "$W/peerside" ./internal/peer/peerside)
node "$HERE/tools/peer-extract.mjs" "$PEER" "$@" > "$W/puzzles.jsonl"
args=(-repeat "${REPEAT:-3}" -timeout "${TIMEOUT:-60s}")
[ -n "${OURS_ONLY:-}" ] || args+=(-peer "$PEER")
[ -z "${RULES:-}" ] || args+=(-rules "$RULES")
echo "# $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); node $(node --version); ours: $(cd "$HERE" && git rev-parse --short HEAD)"
GOMAXPROCS=1 taskset -c "${CPU:-1}" "$W/peerside" "${args[@]}" "$W/puzzles.jsonl"
