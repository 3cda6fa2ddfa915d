#!/usr/bin/env bash
# Builds a stand-in for the Dockerfile's base image (node:24-bookworm-slim) on a host that cannot
# pull images: a minimal Debian 12 (bookworm) made by debootstrap from Debian's archive, with the
# pinned Node.js 24 LTS and npm of pinned-node.sh in /usr/local (the official image's layout).
# Build the App image on it with: --build-arg NODE_IMAGE=<the tag printed on the last line>.
# Usage: scripts/build-node-base-image.sh [podman|docker]   (default: XIHE_CONTAINER_CLI, then podman)
# DEBOOTSTRAP_MIRROR chooses the Debian mirror (default: debootstrap's own).
set -euo pipefail

cli="${1:-${XIHE_CONTAINER_CLI:-podman}}"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/pinned-node.sh
source "$here/pinned-node.sh"

for tool in debootstrap tar sha256sum flock node npm "$cli"; do
  command -v "$tool" >/dev/null || { echo "build-node-base-image: $tool is needed (apt-get install -y debootstrap)" >&2; exit 2; }
done
[ "$(id -u)" = 0 ] || { echo "build-node-base-image: debootstrap needs root" >&2; exit 2; }

node_arch=$(pinned_node_arch)
key=$( (echo "$node_arch"; cat "$0" "$here/pinned-node.sh") | sha256sum | cut -c1-16)
tag="localhost/xihe-node-base:24-bookworm-$key"

exec 9>"${TMPDIR:-/tmp}/xihe-node-base-image.lock"
flock 9
if "$cli" image inspect --format '{{.Id}}' "$tag" >/dev/null 2>&1; then
  echo "build-node-base-image: $tag already built" >&2
  echo "$tag"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "build-node-base-image: debootstrap bookworm (minbase)…" >&2
debootstrap --variant=minbase bookworm "$rootfs" ${DEBOOTSTRAP_MIRROR:+"$DEBOOTSTRAP_MIRROR"} >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# What the slim images leave out, and the package lists (an image runs apt-get update first).
rm -rf "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/* \
  "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb
install_pinned_node "$node_arch" "$rootfs/usr/local" "$work"

echo "build-node-base-image: importing $tag…" >&2
tar -C "$rootfs" --numeric-owner -cf - . |
  "$cli" import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$tag" >&2
echo "$tag"
