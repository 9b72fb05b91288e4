#!/usr/bin/env bash
# Redraws the shop's navigation graphs in Docs/: an SVG per strategy from Graphviz, and the Mermaid
# blocks in Docs/Strategies.md (each after a `<!-- graph: STRATEGY -->` marker). Run it after a
# change to the shop's navigation; FlowDemoTests fail while the Mermaid blocks are stale.
#
# Needs Graphviz's `dot` (Debian: apt-get install graphviz).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "render-graphs: Graphviz's dot is not installed (apt-get install graphviz)." >&2; exit 1; }

swift build --product flow-demo >/dev/null
demo="$(swift build --show-bin-path)/flow-demo"
for strategy in stack chain router coordinator; do
    "$demo" graph --strategy "$strategy" --format dot | dot -Tsvg > "Docs/Graphs/shop-$strategy.svg"
    "$demo" graph --strategy "$strategy" --format mermaid > "Docs/Graphs/shop-$strategy.mmd"
done
python3 - <<'PY'
import re
path = "Docs/Strategies.md"
text = open(path).read()
def block(match):
    strategy = match.group(1)
    mermaid = open(f"Docs/Graphs/shop-{strategy}.mmd").read().rstrip("\n")
    return f"<!-- graph: {strategy} -->\n```mermaid\n{mermaid}\n```"
text = re.sub(r"<!-- graph: (\w+) -->\n```mermaid\n.*?\n```", block, text, flags=re.S)
open(path, "w").write(text)
PY
rm Docs/Graphs/*.mmd
echo "render-graphs: Docs/Graphs/*.svg and the Mermaid blocks in Docs/Strategies.md are up to date."
