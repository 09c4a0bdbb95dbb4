# shellcheck shell=bash
# Source this on a GPU host that has an NVIDIA driver but no package registry, to run a
# clbench built on Debian 12: it unpacks the runtime .deb files (ICD loader, cJSON, CLBlast,
# OpenBLAS, clinfo, clpeak) from DEB_DIR into /tmp/rt — never into / — and registers NVIDIA's
# OpenCL driver and, where present, the host's own PoCL.
#   DEB_DIR=.gpu source bench/gpu_host_env.sh
# With POCL31_DIR set to an unpacked relocatable PoCL 3.1 tree, that PoCL is registered
# instead of the host's (two PoCL builds in one process can abort).
: "${DEB_DIR:?set DEB_DIR to the folder of .deb files}"
mkdir -p /tmp/rt /tmp/rt/vendors
for f in "$DEB_DIR"/*.deb; do dpkg -x "$f" /tmp/rt; done
echo /usr/lib/libnvidia-opencl.so >/tmp/rt/vendors/nvidia.icd # shipped with the driver
if [ -n "${POCL31_DIR:-}" ]; then
    L="$POCL31_DIR/usr/lib/x86_64-linux-gnu"
    echo "$L/libpocl.so.2.10.0" >/tmp/rt/vendors/pocl.icd
    export LD_LIBRARY_PATH="$L:$L/pocl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
    echo libpocl.so.2 >/tmp/rt/vendors/pocl.icd
fi
export OCL_ICD_VENDORS=/tmp/rt/vendors
export LD_LIBRARY_PATH="/tmp/rt/usr/lib/x86_64-linux-gnu:/tmp/rt/usr/lib/x86_64-linux-gnu/openblas-pthread${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="/tmp/rt/usr/bin:$PATH"
