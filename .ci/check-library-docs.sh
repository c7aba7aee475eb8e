#!/usr/bin/env bash
# Checks every complete program of docs/library.md, and README.md's "Use it as a
# library" example, as a user would meet them: each is the main.swift of its own
# executable target in ONE scratch package (so GameBench builds once, about a minute
# on two cores) that depends on this one by version tag (`from:`), on every library
# product. Every example must build, run (exit 0) and print what its marker expects
# (the README's example: a ratings table).
#
# A complete program is a ```swift block whose previous line is its marker:
#
#   <!-- example: NAME expect: PATTERN [expect: PATTERN ...] -->
#
# NAME is the target (letters, digits, '-'); each PATTERN is an extended regular
# expression (grep -E) that must match the program's output. A swift block that is
# not a whole program says so on the line before it, `<!-- snippet -->`, and is not
# extracted; any other unmarked swift block is an error, so no program goes unchecked.
# Each example runs in its own empty folder.
# LIBRARY_DOCS_VERBOSE=1 prints every example's output, not only a failing one's.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
doc=docs/library.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tag=${LIBRARY_TAG:-0.2.0}
started=$SECONDS

fail() { echo "check-library-docs: $*" >&2; exit 1; }

# --- The examples: docs/library.md -> Examples/Sources/NAME/main.swift ---------------
pkg="$work/Examples"
names=() expects=() starts=()
state=text name="" line_no=0 marker_line=0 previous=""
while IFS= read -r line || [ -n "$line" ]; do
  line_no=$((line_no + 1))
  case $state in
    text)
      if [ "$line" = '```swift' ] && [ "$previous" != "<!-- snippet -->" ]; then
        fail "$doc:$line_no: a swift block needs '<!-- example: NAME expect: PATTERN -->' (a whole program) or '<!-- snippet -->' on the line before it"
      elif [[ $line == "<!-- example:"* ]]; then
        [[ $line =~ ^\<!--\ example:\ ([A-Za-z][A-Za-z0-9-]*)\ (expect:\ .+)\ --\>$ ]] \
          || fail "$doc:$line_no: a marker is '<!-- example: NAME expect: PATTERN -->', got: $line"
        name=${BASH_REMATCH[1]}
        for n in "${names[@]}"; do [ "$n" != "$name" ] || fail "$doc:$line_no: example '$name' is marked twice"; done
        # The patterns, split on ' expect: ' and joined by newlines.
        rest=${BASH_REMATCH[2]#expect: }
        patterns=${rest// expect: /$'\n'}
        state=marker marker_line=$line_no
      fi ;;
    marker)
      [ "$line" = '```swift' ] || fail "$doc:$marker_line: the marker of '$name' is not followed by a \`\`\`swift line"
      mkdir -p "$pkg/Sources/$name"
      : > "$pkg/Sources/$name/main.swift"
      start=$((line_no + 1))
      state=code ;;
    code)
      if [ "$line" = '```' ]; then
        names+=("$name") expects+=("$patterns") starts+=("$start")
        state=text
      else
        printf '%s\n' "$line" >> "$pkg/Sources/$name/main.swift"
      fi ;;
  esac
  previous=$line
done < "$doc"
[ "$state" = text ] || fail "$doc: example '$name' (line $marker_line) has no closing \`\`\`"
[ "${#names[@]}" -gt 0 ] || fail "$doc has no marked example"
docs=()
for _ in "${names[@]}"; do docs+=("$doc"); done

# README.md's example: the first ```swift block after "## Use it as a library", unchanged.
readme_start=$(awk '/^## Use it as a library/ {inside=1} inside && /^```swift$/ {print NR + 1; exit}' README.md)
[ -n "$readme_start" ] || fail "README.md has no swift block under 'Use it as a library'"
mkdir -p "$pkg/Sources/readme-example"
awk -v from="$readme_start" 'NR >= from && /^```$/ {exit} NR >= from {print}' README.md > "$pkg/Sources/readme-example/main.swift"
names+=(readme-example) expects+=("Ratings") starts+=("$readme_start") docs+=(README.md)
echo "examples in $doc and README.md: ${names[*]}"

# --- GameBench at this code, tagged: the current commit plus the working tree --------
git clone -q "$top" "$work/GameBench"
(cd "$top" && git diff HEAD --binary) | (cd "$work/GameBench" && git apply --allow-empty 2>/dev/null || git apply)
(cd "$work/GameBench" && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "working tree" --allow-empty \
   && git tag -f "$tag" >/dev/null)

# --- One package, one executable target per example -----------------------------------
{
  cat <<EOT
// swift-tools-version: 6.0
import PackageDescription

let products: [Target.Dependency] = [
    .product(name: "Boards", package: "GameBench"),
    .product(name: "Search", package: "GameBench"),
    .product(name: "Workbench", package: "GameBench"),
]

let package = Package(
    name: "Examples",
    dependencies: [.package(url: "file://$work/GameBench", from: "$tag")],
    targets: [
EOT
  for n in "${names[@]}"; do echo "        .executableTarget(name: \"$n\", dependencies: products),"; done
  echo "    ]"
  echo ")"
} > "$pkg/Package.swift"

cd "$pkg"
build_started=$SECONDS
if ! swift build > "$work/build.log" 2>&1; then
  grep -E "error:" "$work/build.log" | head -n 40 >&2 || true
  tail -n 20 "$work/build.log" >&2
  for i in "${!names[@]}"; do
    echo "Sources/${names[$i]}/main.swift line N is ${docs[$i]} line $((${starts[$i]} - 1))+N" >&2
  done
  fail "the examples of $doc and README.md do not build (errors above)"
fi
echo "built ${#names[@]} examples against tag $tag in $((SECONDS - build_started)) s"

# --- Run each in its own folder and check its output ----------------------------------
bin=$(swift build --show-bin-path)
failed=0
for i in "${!names[@]}"; do
  n=${names[$i]}
  mkdir -p "$work/run/$n"
  run_started=$SECONDS
  status=0
  # Without the runtime's backtrace, a thrown error ends the output with its message.
  out=$(cd "$work/run/$n" && SWIFT_BACKTRACE=enable=no "$bin/$n" 2>&1) || status=$?
  seconds=$((SECONDS - run_started))
  [ "${LIBRARY_DOCS_VERBOSE:-0}" = 0 ] || printf '%s\n' "--- $n" "$out"
  if [ "$status" -ne 0 ]; then
    # The last lines of the output, without stack frames: a thrown error's message shows.
    grep -vE '^[0-9]+ +[^ ]+ +0x[0-9a-f]+ ' <<<"$out" | tail -n 30 >&2
    echo "FAIL $n: exited with status $status (output above)" >&2
    failed=1
    continue
  fi
  missing=""
  while IFS= read -r pattern; do
    grep -Eq -- "$pattern" <<<"$out" || missing+="  '$pattern'"$'\n'
  done <<< "${expects[$i]}"
  if [ -n "$missing" ]; then
    head -n 40 <<<"$out" >&2
    printf 'FAIL %s: the output (above) does not match:\n%s' "$n" "$missing" >&2
    failed=1
  else
    echo "ok   $n (${seconds} s)"
  fi
done
[ "$failed" -eq 0 ] || fail "some examples of $doc or README.md failed"
echo "library docs: OK (${#names[@]} examples built and ran against tag $tag in $((SECONDS - started)) s)"
