#!/usr/bin/env bash
# uopc's bundle (scripts/bundle) on a machine with nothing but glibc: the
# archive is made from the build's uopc, unpacked into a root that holds only
# glibc's files and a shell (make_glibc_root.sh, kept in BUILD_DIR/bundle-root
# for the next run), and run there in a chroot (uopc_in_root.sh). Checks:
#   - the archive stays under 60 MB;
#   - the root has none of the libraries the bundle packs, and the packed
#     bin/uopc cannot start there on its own (so they come from the bundle);
#   - `uopc run --json` on the CPU prints exactly what the build's uopc prints,
#     for the bundled examples, a few programs of tests/ops and, where
#     ../shared/conformance/programs is beside the checkout, that corpus;
#   - uopc finds the bundle's OpenCL probe, and `uopc report` lays its graph
#     out with the bundle's Graphviz plugins.
# chroot and mount need root (CI runs as root) or user namespaces; without
# either the test reports SKIP (exit 77) and says why.
# Usage: test_bundle.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$(cd "$1" && pwd)"
src="$(cd "$2" && pwd)"
here="$src/tests/bundle"
root="$build/bundle-root"
work="$build/bundle-test"
in_root=(bash "$here/uopc_in_root.sh" "$root")
uopc="$build/bin/uopc"

fail() { echo "FAIL: $*" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ] && ! unshare --user --map-root-user --mount --pid --fork true 2>/dev/null; then
  echo "SKIP: running the bundle in a chroot needs root or unprivileged user namespaces, and this" \
    "user ($(id -un)) has neither; run it as root (CI does): ctest -R bundle/"
  exit 77
fi

rm -rf "$work"
mkdir -p "$work/out"
archive="$work/uopc-bundle.tar.xz"
bash "$src/scripts/bundle" --build "$build" "$archive"
size=$(stat -c %s "$archive")
[ "$size" -lt $((60 * 1000 * 1000)) ] || fail "the archive is $size bytes, over 60 MB"

bash "$here/make_glibc_root.sh" "$root"
rm -rf "$root/opt/uopc" "$root/opt/uopc-"*
tar -C "$root/opt" -xJf "$archive"
mv "$root"/opt/uopc-* "$root/opt/uopc"

# The root lacks what the bundle packs: no file of the same name outside opt/uopc.
libs=0
for lib in "$root"/opt/uopc/lib/*.so* "$root"/opt/uopc/lib/graphviz/*.so*; do
  libs=$((libs + 1))
  name="$(basename "$lib")"
  found="$(find "$root" -path "$root/opt/uopc" -prune -o -name "$name" -print)"
  [ -z "$found" ] || fail "the root is not minimal: it has $found"
done
for pattern in 'libLLVM*' 'libstdc++*' 'libOpenCL*' 'libjemalloc*' 'libz3*' 'libicu*' 'libgvc*'; do
  found="$(find "$root" -path "$root/opt/uopc" -prune -o -name "$pattern" -print)"
  [ -z "$found" ] || fail "the root is not minimal: it has $found"
done
[ -e "$root/opt/uopc/lib/libLLVM.so.19.1" ] || fail "the bundle has no libLLVM"
cd "$work/out"
if bare="$("${in_root[@]}" --bare --version 2>&1)"; then
  fail "the packed bin/uopc starts without the bundle's lib/: the root is not minimal"
fi
grep -q "error while loading shared libraries" <<<"$bare" || fail "bin/uopc alone: $bare"

[ "$("${in_root[@]}" --version)" = "$("$uopc" --version)" ] || fail "uopc --version in the root"
devices="$("${in_root[@]}" devices)"
grep -qx "probe: /opt/uopc/bin/uopscope-clprobe" <<<"$devices" ||
  fail "uopc does not find the bundle's probe: $(grep probe: <<<"$devices")"

programs=("$src"/resources/examples/*.py)
for name in cumprod_3 simple_conv2d_batched interpolate_nearest div_rounding_mode_int_int_den \
  binary_crossentropy_logits_sum exp_int; do
  programs+=("$src/tests/ops/programs/$name.py")
done
corpus="$(dirname "$src")/shared/conformance"
if [ -d "$corpus/programs" ]; then
  programs+=("$corpus"/programs/*.py)
fi
differ=0
for p in "${programs[@]}"; do
  [ -f "$p" ] || fail "$p is missing"
  # the two runs side by side: one process each
  (rc=0; "$uopc" run "$p" --device CPU --json >want.json 2>want.err || rc=$?; echo $rc >want.rc) &
  (rc=0; "${in_root[@]}" run "$p" --device CPU --json >got.json 2>got.err || rc=$?; echo $rc >got.rc) &
  wait
  want_rc="$(cat want.rc)" got_rc="$(cat got.rc)"
  if [ "$want_rc" != "$got_rc" ] || ! cmp -s want.json got.json; then
    differ=$((differ + 1))
    echo "DIFF $p: the build's uopc exits $want_rc, the bundle's $got_rc" >&2
    diff <(head -c 2000 want.json) <(head -c 2000 got.json) | head -5 >&2 || true
    head -3 got.err >&2
  fi
done
[ "$differ" -eq 0 ] || fail "$differ of ${#programs[@]} programs print other outputs from the bundle"

"${in_root[@]}" report "$src/resources/examples/matmul.py" --device CPU --no-roofline -o report.html \
  >report.out 2>report.err || fail "uopc report: $(cat report.err)"
! grep -q "shown as DOT text" report.err || fail "uopc report without Graphviz: $(cat report.err)"
grep -q 'id="graph0"' report.html || fail "the report has no laid-out graph"

echo "bundle: $size bytes, $libs libraries; ${#programs[@]} programs print the same outputs" \
  "in a glibc-only root as from the build"
