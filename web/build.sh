#!/usr/bin/env bash
# Builds the web page into web/dist/ (index.html at its root): sudokit
# compiled to WebAssembly plus the page's own files, nothing from outside.
#   web/build.sh           build
#   web/build.sh --serve   build, then serve on http://127.0.0.1:8000/
#
# rustup has no wasm32 standard library here and cannot download one, so the
# standard library is built from source with Debian's rustc (`rustc-web`,
# `rust-web-src`) and linked with `wasm-ld` (`lld`); they are installed when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

need=()
[ -x /usr/bin/rustc ] || need+=(rustc-web)
[ -d /usr/lib/rustlib/src/rust/library ] || need+=(rust-web-src)
command -v wasm-ld >/dev/null || need+=(lld)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

# A size-minded release build of its own (target/wasm), so that it never
# invalidates the native build.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_LTO=true \
CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
CARGO_TARGET_DIR="$root/target/wasm" \
  cargo build --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort -p sudokit-wasm

dist="$root/web/dist"
rm -rf "$dist"
mkdir -p "$dist"
cp "$root"/web/src/*.html "$root"/web/src/*.js "$root"/web/src/*.css "$dist"/
cp "$root/target/wasm/wasm32-unknown-unknown/release/sudokit_wasm.wasm" "$dist/sudokit.wasm"
size=$(wc -c < "$dist/sudokit.wasm")
gz=$(gzip -9 -c "$dist/sudokit.wasm" | wc -c)
echo "web/dist: sudokit.wasm $size bytes ($gz gzipped)"

if [ "${1:-}" = "--serve" ]; then
  echo "serving web/dist on http://127.0.0.1:8000/ (Ctrl-C stops)"
  exec python3 -m http.server 8000 --bind 127.0.0.1 --directory "$dist"
fi
