#!/usr/bin/env bash
# A root file system with glibc's own files and a /bin/sh, nothing else: the
# least an x86-64 Linux has. uopc's bundle (scripts/bundle) must run in it.
# Made once (ROOT/.glibc-root marks it complete); later calls return at once.
# Usage: make_glibc_root.sh ROOT
set -euo pipefail
root="$1"
[ -f "$root/.glibc-root" ] && exit 0
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,tmp,opt,etc,usr/lib,usr/lib64}
chmod 1777 "$root/tmp"
# libc6's files (the loader, libc, libm, libpthread, librt, libdl, nss, gconv), not its docs
files="$(dpkg -L libc6 | grep -v '^/usr/share/') /lib64/ld-linux-x86-64.so.2"
for f in $files; do
  if [ -L "$f" ] || [ -f "$f" ]; then
    mkdir -p "$root$(dirname "$f")"
    cp -a "$f" "$root$f"
  fi
done
[ -e "$root/lib64/ld-linux-x86-64.so.2" ] || { echo "make_glibc_root: no dynamic loader copied" >&2; exit 1; }
# dash needs only libc: the shell the bundle's uopc script runs in
cp -L "$(command -v dash)" "$root/bin/sh"
touch "$root/.glibc-root"
