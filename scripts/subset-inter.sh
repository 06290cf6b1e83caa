#!/usr/bin/env bash
# Regenerates web/fonts/inter-latin-wght-400-700.woff2, the one font file every
# page needs (docs/decisions/021): @fontsource-variable/inter's latin file with
# the same characters, only the OpenType features the product uses (kerning,
# marks, contextual alternates, tabular figures) and the weight axis cut to
# 400–700 (the product uses 400, 500 and 600; 700 for <strong>). 48 KB → 28 KB.
# Run it after upgrading @fontsource-variable/inter, and commit the result.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
source=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
target=web/fonts/inter-latin-wght-400-700.woff2
# The latin subset's characters, as @fontsource-variable/inter/index.css declares them (web/fonts/inter.css repeats them).
unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
tmp=$(mktemp --suffix=.woff2)
trap 'rm -f "$tmp"' EXIT
python3 -m fontTools.subset "$source" --unicodes="$unicodes" \
  --layout-features="kern,mark,mkmk,ccmp,locl,calt,tnum" --flavor=woff2 --output-file="$tmp"
python3 - "$tmp" "$target" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
font = instancer.instantiateVariableFont(TTFont(sys.argv[1]), {"wght": (400, 700)})
font.flavor = "woff2"
font.save(sys.argv[2])
PY
cp node_modules/@fontsource-variable/inter/LICENSE web/fonts/OFL.txt
ls -l "$target"
