#!/usr/bin/env bash
# Kills a saving `fetchsim store-stress` child many times and checks the store after each kill.
# Usage: scripts/store-stress.sh [KILLS (default 1000)] [SEED (default: random)]
set -euo pipefail
cd "$(dirname "$0")/.."

kills="${1:-1000}"
seed="${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
echo "store-stress: $kills kills, seed $seed (rerun with: $0 $kills $seed)"

swift build --build-tests
STORE_STRESS_KILLS="$kills" STORE_STRESS_SEED="$seed" \
  swift test --skip-build --filter 'SQLiteStoreTests.CrashTests' 2>&1 \
  | grep -vE '^(Test Suite|Test Case|◇|↳)'
exit "${PIPESTATUS[0]}"
