#!/usr/bin/env bash
# Runs Xihe's per-run cgroup limits on a cgroup v2 only host: boots Debian's kernel in a small VM
# (qemu; emulated unless XIHE_VM_ACCEL=kvm) with cgroup_no_v1=all, so the unified hierarchy is the only
# one and it has the memory and pids controllers, then runs scripts/cgroup-v2-check.ts there with
# this repository's src. Hybrid hosts (v1 memory+pids, a controller-less v2 mount) can't show v2
# limits otherwise: a controller lives in one hierarchy at a time.
# The VM is an initramfs: busybox, the Node.js running this script and its libraries, src/.
# Needs: qemu-system-x86 busybox-static (.ci/apt-packages.txt), apt-get download of the kernel
# package (linux-image-amd64's current version, from the configured Debian archive; cached under
# XIHE_VM_CACHE, default ${TMPDIR:-/tmp}/xihe-vm-cache).
# Prints the VM's report (JSON lines); exits 0 only when every limit held on cgroup v2.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
for tool in qemu-system-x86_64 busybox apt-get apt-cache dpkg-deb gzip ldd node; do
  command -v "$tool" >/dev/null ||
    { echo "cgroup-v2-vm-check: $tool is needed (apt-get install -y qemu-system-x86 busybox-static)" >&2; exit 2; }
done
busybox_bin=$(command -v busybox)
ldd "$busybox_bin" >/dev/null 2>&1 && { echo "cgroup-v2-vm-check: $busybox_bin is not static (apt-get install -y busybox-static)" >&2; exit 2; }

cache="${XIHE_VM_CACHE:-${TMPDIR:-/tmp}/xihe-vm-cache}"
mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9
kernel_pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
[ -n "$kernel_pkg" ] || { echo "cgroup-v2-vm-check: apt knows no linux-image-amd64 (apt-get update?)" >&2; exit 2; }
vmlinuz="$cache/vmlinuz-$kernel_pkg"
if [ ! -s "$vmlinuz" ]; then
  dl=$(mktemp -d) && chmod 755 "$dl" # apt downloads as its own user (_apt)
  (cd "$dl" && apt-get download "$kernel_pkg" >/dev/null)
  dpkg-deb -x "$dl"/*.deb "$dl/x"
  cp "$dl"/x/boot/vmlinuz-* "$vmlinuz.tmp" && mv "$vmlinuz.tmp" "$vmlinuz"
  rm -rf "$dl"
fi
flock -u 9

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
mkdir -p "$rootfs"/{bin,proc,sys,dev,tmp,xihe/scripts}
cp "$busybox_bin" "$rootfs/bin/busybox"
node_bin=$(command -v node)
cp "$node_bin" "$rootfs/bin/node"
# The dynamic loader and the libraries node links against, at their own paths.
for lib in $(ldd "$node_bin" | grep -o '/[^ ]*'); do
  mkdir -p "$rootfs$(dirname "$lib")"
  cp -L "$lib" "$rootfs$lib"
done
cp -r "$repo/src" "$rootfs/xihe/src"
cp "$here/cgroup-v2-check.ts" "$rootfs/xihe/scripts/"
echo '{"type":"module"}' >"$rootfs/xihe/package.json"
cat >"$rootfs/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /dev/shm && mount -t tmpfs -o size=1g tmpfs /dev/shm
mount -t tmpfs tmpfs /tmp
mount -t cgroup2 cgroup2 /sys/fs/cgroup
echo "cgroup mounts: $(grep cgroup /proc/mounts | tr '\n' ';')"
cd /xihe && PATH=/bin node --experimental-transform-types --no-warnings scripts/cgroup-v2-check.ts
echo "XIHE_V2_CHECK_RC=$?"
poweroff -f
EOF
chmod +x "$rootfs/init"
(cd "$rootfs" && find . | "$busybox_bin" cpio -o -H newc 2>/dev/null | gzip -1) >"$work/initrd.gz"

# Emulated by default: nested KVM inside this project's (Firecracker) VMs boots nothing, and
# emulation needs no /dev/kvm. XIHE_VM_ACCEL=kvm uses KVM where it works.
accel=(-machine accel=tcg -cpu max)
[ "${XIHE_VM_ACCEL:-tcg}" = kvm ] && accel=(-enable-kvm -cpu host)
echo "cgroup-v2-vm-check: booting $kernel_pkg (${accel[*]}) with cgroup_no_v1=all" >&2
timeout 1200 qemu-system-x86_64 "${accel[@]}" -m 1024 -smp 1 -nographic -no-reboot \
  -kernel "$vmlinuz" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 cgroup_no_v1=all quiet loglevel=0 panic=-1 rdinit=/init" \
  | tr -d '\r' | tee "$work/console.log" | grep -E '^(\{|cgroup mounts|XIHE_V2_CHECK_RC)'
grep -q '^XIHE_V2_CHECK_RC=0$' "$work/console.log"
