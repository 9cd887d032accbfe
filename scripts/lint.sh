#!/usr/bin/env bash
# npm run lint: Biome, the dependency rule (.dependency-cruiser.cjs), then knip (no unused export, file or
# dependency; knip.json names the entry points). dependency-cruiser runs only on Node >= 22, so node.sh puts
# Node 24 first on PATH (installing it once on an older machine's Node).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
biome check .
depcruise src
# Exports, files and dependencies nobody uses (knip.json names the entry points).
knip
