#!/usr/bin/env bash
# The differential test of the caches against the recount (`pomo --no-cache`), for as long as
# asked: new random journals and operations from a random first seed, until SECONDS (default
# 3600) have passed. A difference prints the seed and the operations that led to it.
#
#   Scripts/differential.sh            # an hour
#   Scripts/differential.sh 600        # ten minutes
#   POMO_DIFFERENTIAL_SEED=42 Scripts/differential.sh 60   # from seed 42
#   POMO_DIFFERENTIAL_TRACE=1 …   # print each operation as it is applied
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
seed=${POMO_DIFFERENTIAL_SEED:-$(( (RANDOM << 15 | RANDOM) + 1000 ))}
echo "differential: seeds from $seed for $seconds s" >&2
swift build --build-tests >/dev/null
POMO_DIFFERENTIAL_SECONDS=$seconds POMO_DIFFERENTIAL_SEED=$seed \
  swift test --skip-build --filter 'CacheRecountTests/differential'
