#!/usr/bin/env bash
# Counts the instructions one operation of a figure costs, with valgrind's callgrind, and prints
# each as a ratio to the baseline's count: the same figures on a busy machine as on an idle one,
# where times move by half from run to run.
#
#     ./count-instructions.sh                        # the figures below
#     ./count-instructions.sh "FlowStack goNext+getBack" "InMemoryHost push+pop, depth 2"
#     RUNS=500 ./count-instructions.sh               # fewer repetitions: quicker, a little less exact
#
# A figure's count is (instructions of RUNS+1 operations - instructions of 1) / RUNS, so starting
# the program, building the subject and the first call's one-time work (type names formatted,
# type metadata made) are left out. Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "count-instructions.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }

runs=${RUNS:-2000}
baseline="baseline: allocate, append, remove"
if [ "$#" -gt 0 ]; then
    figures=("$@")
else
    figures=(
        "ScreenRegistry resolve (scope .none)"
        "InMemoryHost push+pop, depth 2"
        "InMemoryHost push+pop, depth 2, observed"
        "FlowStack goNext+getBack"
        "FlowChain next+back"
        "LogicFlow next+back"
        "FlowCoordinator move+back"
        "FlowRouter route forward + unwind back"
        "1 flow nested by presentation: forward + person's Back"
        "1,000 flows nested by presentation: forward + person's Back"
        "tabs of 1 coordinator: forward + person's Back"
        "tabs of 1,000 coordinators: forward + person's Back"
        "Router lookup, 10 screens"
        "random journey on InMemoryHost, per transition"
        "random journey on FlowStack, per transition"
        "random journey on FlowChain, per transition"
        "random journey on FlowCoordinator, per transition"
        "random journey on FlowRouter, per transition"
        "explorer random walk on a generated app of 1,000 screens, per transition"
        "explorer exhaustive walk of a binary tree of 1,000 screens, per state"
        "explorer exhaustive walk of a wizard of 1,000 steps, per state"
        "FlowWeb reload of a page from memory"
    )
fi

swift build -c release --product flowkit-ratios >/dev/null 2>&1
binary=.build/release/flowkit-ratios

instructions() { # figure, operations
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --run "$2" "=$1" 2>&1 |
        awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}

per_operation() { # figure
    local one many
    one=$(instructions "$1" 1)
    many=$(instructions "$1" $((runs + 1)))
    if [ -z "$one" ] || [ -z "$many" ]; then
        echo "no figure is named '$1'" >&2
        exit 1
    fi
    echo $(((many - one) / runs))
}

base=$(per_operation "$baseline")
echo "| figure | instructions per operation | ratio to the baseline |"
echo "|---|---|---|"
echo "| $baseline | $base | anchor |"
for figure in "${figures[@]}"; do
    count=$(per_operation "$figure")
    echo "| $figure | $count | $(awk -v a="$count" -v b="$base" 'BEGIN { printf "%.1f×", a / b }') |"
done
