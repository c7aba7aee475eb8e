#!/usr/bin/env bash
# Checks README.md's "Use it as a library" example as a user would meet it: a new
# package that depends on this one by version tag (`from:`), on every library
# product, with the README's main.swift unchanged; it must build and run.
# The current commit is cloned and tagged in a scratch folder, so the check covers
# this code, not an older tag.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tag=${LIBRARY_TAG:-0.2.0}

git clone -q "$top" "$work/GameBench"
# Uncommitted changes count too: the example is checked against the working tree.
(cd "$top" && git diff HEAD --binary) | (cd "$work/GameBench" && git apply --allow-empty 2>/dev/null || git apply)
(cd "$work/GameBench" && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "working tree" --allow-empty \
   && git tag -f "$tag" >/dev/null)

mkdir -p "$work/Example/Sources/Example"
# The first ```swift block after the heading is the example's main.swift.
awk '/^## Use it as a library/ {inside=1} inside && /^```swift$/ {code=1; next} code && /^```$/ {exit} code {print}' \
  README.md > "$work/Example/Sources/Example/main.swift"
[ -s "$work/Example/Sources/Example/main.swift" ] || { echo "README.md has no swift block under 'Use it as a library'"; exit 1; }
cat > "$work/Example/Package.swift" <<EOT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Example",
    dependencies: [.package(url: "file://$work/GameBench", from: "$tag")],
    targets: [
        .executableTarget(name: "Example", dependencies: [
            .product(name: "Boards", package: "GameBench"),
            .product(name: "Search", package: "GameBench"),
            .product(name: "Workbench", package: "GameBench"),
        ]),
    ]
)
EOT
cd "$work/Example"
swift build 2>&1 | tail -n 3
out=$(.build/debug/Example)
head -n 30 <<<"$out"
grep -q "Ratings" <<<"$out" || { echo "the example printed no ratings table"; exit 1; }
echo "library example: OK (built and ran against tag $tag)"
