#!/usr/bin/env bash
# Runs the bundle's uopc inside a root file system, as a machine without the
# project's packages runs it: ROOT/opt/uopc/uopc ARGS in a chroot, with its own
# /proc, /dev, an empty /tmp as HOME, and a clean environment (UOPSCOPE_*
# variables pass). The working folder is mounted at the same path (so relative
# paths work both ways), and so is the folder of every other file an argument
# names (read-only). The mounts live in a private mount namespace and vanish
# with the process. Root, or a user namespace, is needed for chroot and mount.
# Usage: uopc_in_root.sh ROOT [--bare] ARGS...
#   --bare: run ROOT/opt/uopc/bin/uopc itself, without the script that sets
#   the library path (it must then fail to start: the root lacks its libraries)
set -euo pipefail
if [ "${1:-}" = "--inside" ]; then
  shift
  root="$1" cwd="$2" exe="$3" nbinds="$4"
  shift 4
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  mount -t tmpfs tmpfs "$root/tmp"
  for ((i = 0; i < nbinds; i++)); do
    mkdir -p "$root$1"
    mount --bind "$1" "$root$1"
    mount -o remount,bind,ro "$root$1" 2>/dev/null || true
    shift
  done
  if [ "$cwd" != / ]; then
    mkdir -p "$root$cwd"
    mount --bind "$cwd" "$root$cwd"
  fi
  keep=()
  while IFS='=' read -r name value; do keep+=("$name=$value"); done < <(env | grep '^UOPSCOPE_' || true)
  exec env -i HOME=/tmp PATH=/usr/bin:/bin "${keep[@]}" \
    "$(command -v chroot)" "$root" /bin/sh -c 'cd "$1" && exe=$2 && shift 2 && exec "$exe" "$@"' sh "$cwd" "$exe" "$@"
fi

root="$(cd "$1" && pwd)"
shift
exe=/opt/uopc/uopc
if [ "${1:-}" = "--bare" ]; then
  exe=/opt/uopc/bin/uopc
  shift
fi
binds=()
args=()
for a in "$@"; do
  if [ -e "$a" ] && [[ "$a" == /* ]]; then
    d="$(realpath "$a")"
    [ -d "$d" ] || d="$(dirname "$d")"
    binds+=("$d")
  fi
  args+=("$a")
done
namespaces=(--mount --pid --fork)
[ "$(id -u)" -eq 0 ] || namespaces+=(--map-root-user)
exec unshare "${namespaces[@]}" bash "${BASH_SOURCE[0]}" --inside "$root" "$PWD" "$exe" "${#binds[@]}" "${binds[@]}" "${args[@]}"
