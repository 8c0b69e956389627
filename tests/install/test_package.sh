#!/usr/bin/env bash
# The Debian package as a user gets it: cpack makes it from the build folder,
# dpkg-deb unpacks it into a temporary root, and the binaries run from there
# (uopc --version and a CL:0 run through the installed probe, uopscope
# --version without a display and --screenshot on an installed example).
# Usage: test_package.sh BUILD_DIR VERSION
set -euo pipefail
build="$1"
version="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log" >&2; fail "cpack"; }
deb="$(ls "$tmp"/pkg/*.deb)"
info="$(dpkg-deb --info "$deb")"
grep -q "Package: uopscope" <<<"$info" || fail "package name: $info"
grep -q "Version: $version" <<<"$info" || fail "package version $version: $info"
# dpkg-shlibdeps found the libraries the binaries link
grep -q "Depends:.*libqt6widgets6" <<<"$info" || fail "no Qt dependency: $info"
grep -q "Depends:.*libllvm19" <<<"$info" || fail "no LLVM dependency: $info"

contents="$(dpkg-deb --contents "$deb")"
for f in ./usr/bin/uopc ./usr/bin/uopscope ./usr/libexec/uopscope/uopscope-clprobe \
  ./usr/share/applications/uopscope.desktop ./usr/share/icons/hicolor/scalable/apps/uopscope.svg \
  ./usr/share/mime/packages/uopscope.xml ./usr/share/uopscope/examples/matmul.py \
  ./usr/share/uopscope/examples/convnet_train.py; do
  grep -q " $f\$" <<<"$contents" || fail "$f is not in the package"
done

root="$tmp/root"
dpkg-deb --extract "$deb" "$root"
bin="$root/usr/bin"
examples="$root/usr/share/uopscope/examples"

[ "$("$bin/uopc" --version)" = "uopc $version" ] || fail "uopc --version"
[ "$(env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM= "$bin/uopscope" --version)" = "uopscope $version" ] ||
  fail "uopscope --version without a display"
env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM= "$bin/uopscope" --help | grep -q -- "--screenshot" ||
  fail "uopscope --help without a display"

"$bin/uopc" run "$examples/softmax.py" --device CPU --json >"$tmp/cpu.json" || fail "uopc run on the CPU"
# OpenCL launches go through the probe: the installed one, in libexec/uopscope
"$bin/uopc" devices | grep -qx "probe: $root/usr/libexec/uopscope/uopscope-clprobe" ||
  fail "uopc does not find the installed probe: $("$bin/uopc" devices | grep probe:)"
if "$bin/uopc" devices | grep -q "^CL:0"; then
  "$bin/uopc" run "$examples/softmax.py" --device CL:0 --json >"$tmp/cl.json" || fail "uopc run on CL:0"
fi

QT_QPA_PLATFORM=offscreen "$bin/uopscope" "$examples/matmul.py" --device CPU --screenshot "$tmp/shot.png" ||
  fail "uopscope --screenshot"
[ "$(head -c 8 "$tmp/shot.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "the screenshot is not a PNG"
[ "$(stat -c %s "$tmp/shot.png")" -gt 20000 ] || fail "the screenshot is nearly empty"
echo "package $(basename "$deb"): $(stat -c %s "$deb") bytes; installed binaries run"
