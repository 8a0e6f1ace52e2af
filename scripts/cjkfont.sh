#!/usr/bin/env bash
# Rebuilds gui/fonts/HaulCJK-Regular.otf: a subset of Noto Sans CJK SC
# (SIL Open Font License 1.1) with every Chinese character the catalogues
# use, plus the 3,755 most common simplified characters (GB 2312 level 1)
# so that most Chinese file names render without a system CJK font.
# Needs Debian's fonts-noto-cjk and python3-fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
py=/usr/bin/python3
[[ -x $py ]] || py=python3
text=$(mktemp)
trap 'rm -f "$text"' EXIT
"$py" - "$text" i18n/catalogues/*.json <<'PY'
import json, sys

def strings(v):
    if isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    else:
        yield v

chars = set()
for path in sys.argv[2:]:
    for s in strings(json.load(open(path, encoding="utf-8"))):
        chars.update(s)
for hi in range(0xB0, 0xD8):  # GB 2312 level 1: rows 16-55
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
chars.update(chr(c) for c in range(0x3000, 0x3040))  # CJK punctuation
chars.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width forms
# Latin, general punctuation and symbols stay with Fyne's own font; only
# the spaces are kept, as a space after a Chinese character is drawn with
# the Chinese font.
cjk = sorted(c for c in chars if ord(c) >= 0x2E80) + [" ", "\u00a0"]
open(sys.argv[1], "w", encoding="utf-8").write("".join(cjk))
PY
"$py" -m fontTools.subset "$src" --font-number=2 --text-file="$text" \
  --output-file=gui/fonts/HaulCJK-Regular.otf --layout-features='*' --no-hinting \
  --name-IDs='*' --name-legacy --name-languages='*'
ls -l gui/fonts/HaulCJK-Regular.otf
