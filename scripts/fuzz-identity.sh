#!/usr/bin/env bash
# Records what `fetchsim fuzz` reports over a fixed set of configurations, so that two builds can
# be compared: a change to the checks or the order oracle must leave every outcome, failure
# message and shrunk transcript byte-identical. Timing fields (batchesPerSecond, seconds) are
# removed from the JSON; everything else is kept.
#
# Usage:
#   scripts/fuzz-identity.sh record BINARY DIR [BATCHES (default 400)]
#   scripts/fuzz-identity.sh compare DIR_A DIR_B
# e.g. record with the base build and with yours, then compare the two directories.
set -euo pipefail

# One configuration a line: a name, then the fuzz options. Together they cover the adapters,
# the profiles, the renumbering strategies (int and double keys), both sort directions, drags
# mixed with edits, unflagged drags, several controllers and background saves; the buggy ones
# fail and shrink, the others run clean.
configurations() {
  cat <<'EOF'
coordinator          --seed 1
coordinator-mixed    --seed 2 --mixed 30
apple-template       --seed 3 --adapter apple-template
reload-all           --seed 4 --adapter reload-all
diffable             --seed 5 --adapter diffable
ios9                 --seed 6 --profile ios9
ios10                --seed 7 --profile ios10
strict               --seed 8 --profile strict
sparse               --seed 9 --reorder sparse
fractional           --seed 10 --reorder fractional
desc                 --seed 11 --sort desc
fractional-desc-mix  --seed 12 --reorder fractional --sort desc --mixed 20
unflagged            --seed 13 --unflagged 20
move-row             --seed 14 --moves move-row
updates-ignore       --seed 15 --updates ignore
diffable-rebuilt     --seed 16 --adapter diffable --snapshot rebuilt
one-section          --seed 17 --filter 0 --sections 1
rows-100             --seed 7 --rows 100
apple-ios9-mixed     --seed 19 --adapter apple-template --profile ios9 --mixed 10
reload-strict-sparse --seed 20 --adapter reload-all --profile strict --reorder sparse
two-controllers      --seed 21 --controllers 2
background           --seed 22 --background 10
userdriven-off       --seed 23 --userdriven off
diffable-items       --seed 24 --adapter diffable --items title
sparse-desc-mixed    --seed 25 --reorder sparse --sort desc --mixed 50 --unflagged 5
EOF
}

record() {
  local binary dir batches name options status
  binary="$(realpath "$1")"
  dir="$2"
  batches="${3:-400}"
  mkdir -p "$dir"
  configurations | while read -r name options; do
    # Run inside DIR with a relative --out, so the transcript path in the JSON is the same for
    # every build. Exit status 1 (a failure found) is an outcome like any other.
    # shellcheck disable=SC2086
    status=0
    (cd "$dir" && "$binary" fuzz $options --batches "$batches" --json --out "$name.session" \
      > "$name.raw" 2> "$name.stderr") || status=$?
    echo "exit $status" > "$dir/$name.exit"
    sed -E 's/"batchesPerSecond":[0-9.]+,?//; s/"seconds":[0-9.]+,?//' "$dir/$name.raw" > "$dir/$name.json"
    rm "$dir/$name.raw"
    echo "$name: $(cat "$dir/$name.exit"), $(grep -o '"outcome":"[a-z ]*"' "$dir/$name.json" || echo 'no outcome')"
  done
}

case "${1:-}" in
  record)
    [ $# -ge 3 ] || { echo "usage: $0 record BINARY DIR [BATCHES]" >&2; exit 2; }
    record "$2" "$3" "${4:-400}"
    ;;
  compare)
    [ $# -eq 3 ] || { echo "usage: $0 compare DIR_A DIR_B" >&2; exit 2; }
    count=$(find "$2" -name '*.json' | wc -l)
    [ "$count" -gt 0 ] || { echo "$2 holds no recorded run" >&2; exit 2; }
    if diff -r "$2" "$3"; then
      echo "fuzz-identity: $count configurations, identical"
    else
      echo "fuzz-identity: the runs differ (above)" >&2
      exit 1
    fi
    ;;
  *)
    echo "usage: $0 record BINARY DIR [BATCHES] | $0 compare DIR_A DIR_B" >&2
    exit 2
    ;;
esac
