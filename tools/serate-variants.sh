#!/usr/bin/env bash
# serate-variants.sh JAR [N [SEED]]
# Compares our rating of variant puzzles with SukakuExplainer's serate on the families
# serate knows: X (--isX=1), windoku (--isWindows=1), disjoint groups (--isDG=1),
# anti-knight (--isAntiKnight=1), anti-king (--isAntiKing=1) and non-consecutive (--isNC=1).
# For each family it generates N puzzles (default 50) from SEED (default 1) with
# `sudoku generate -variant F`, rates them with `sudoku rate` and with serate (the 81
# givens of each), and prints per family how many get the same ER, then each difference
# (ours, serate, our hardest technique, serate's). FAMILIES (space-separated) picks some.
#
# JAR is SukakuExplainer's jar built from its source (github.com/SudokuMonster/SukakuExplainer;
# copy the source to a temporary folder and build it there, as for the classic rating, e.g.
# javac -encoding ISO-8859-1 -d out $(find diuf -name '*.java') && jar cf se.jar -C out .).
# This script fetches nothing and holds none of its code. Needs java.
set -euo pipefail
[ $# -ge 1 ] || { sed -n 2,14p "$0"; exit 2; }
JAR=$(realpath "$1"); N=${2:-50}; SEED=${3:-1}
HERE=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
(cd "$HERE" && go build -o "$W/sudoku" ./cmd/sudoku)
declare -A FLAG=([x]=--isX=1 [windoku]=--isWindows=1 [disjoint]=--isDG=1 [antiknight]=--isAntiKnight=1 [antiking]=--isAntiKing=1 [nonconsecutive]=--isNC=1)
echo "# $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg); ours: $(cd "$HERE" && git rev-parse --short HEAD); $N puzzles a family, seed $SEED"
for f in ${FAMILIES:-x windoku disjoint antiknight antiking nonconsecutive}; do
	"$W/sudoku" generate -variant "$f" -n "$N" -seed "$SEED" > "$W/$f.jsonl"
	sed 's/.*"grid":"\([^"]*\)".*/\1/' "$W/$f.jsonl" > "$W/$f.txt"
	"$W/sudoku" rate -format '%r	%R' "$W/$f.jsonl" > "$W/$f.ours" 2>/dev/null || true
	java -Xrs -Xmx1g -cp "$JAR" diuf.sudoku.test.serate "${FLAG[$f]}" --format='%r	%R' --input="$W/$f.txt" --output=- > "$W/$f.se" 2>/dev/null || true
	paste "$W/$f.txt" "$W/$f.ours" "$W/$f.se" | awk -F'\t' -v fam="$f" '
		{ n++; if ($2 == $4) same++; else diff[n] = sprintf("  %s ours %s (%s) serate %s (%s)", $1, $2, $3, $4, $5) }
		END { printf "%s: %d of %d the same ER (%.0f%%)\n", fam, same, n, 100*same/n; for (k in diff) print diff[k] }'
done
