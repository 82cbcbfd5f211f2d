#!/usr/bin/env bash
# bash scripts/copy-checkout.sh TARGET — copies this checkout to TARGET (a new folder) as a clone would have it, plus
# what `npm install` made: the files git knows or would add (committed, changed or new; not ignored), then the
# installed node_modules and the builds (dist), hard-linked where the file system allows (seconds instead of a
# minute), else copied. The workspace links in node_modules are relative, so in the copy they lead into the copy.
# .ci/run runs the suite in such a copy, placed where nothing is beside it, to prove the project stands alone.
set -euo pipefail
target="${1:?usage: copy-checkout.sh TARGET}"
cd "$(dirname "$0")/.."
[ ! -e "$target" ] || { echo "copy-checkout: $target exists already" >&2; exit 1; }
mkdir -p "$target"

# files deleted in the work tree but not yet in git are listed too: tar skips them (--ignore-failed-read)
git ls-files -z --cached --others --exclude-standard |
  tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null |
  tar -xf - -C "$target"

link_or_copy() {
  mkdir -p "$(dirname "$2")"
  cp -al "$1" "$2" 2>/dev/null || { rm -rf "$2"; cp -a "$1" "$2"; }
}
for built in node_modules packages/*/node_modules packages/*/dist workbench/node_modules workbench/dist; do
  if [ -d "$built" ]; then link_or_copy "$built" "$target/$built"; fi
done
