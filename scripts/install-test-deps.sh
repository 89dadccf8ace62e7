#!/usr/bin/env bash
# Installs what the test pipeline needs from Debian packages: Chromium's headless shell (the
# browser tests, driven by playwright-core) and Chromium itself (a spec that needs the whole
# browser, and the benches that load pages as a visitor's browser does), PostgreSQL (the throwaway
# cluster) and Prometheus (its promtool checks the shipped alert rules, and a real Prometheus
# scrapes a node: apps/server/src/http/prometheus.test.ts). Quick no-op when all are present, so
# `npm test` can call it every time.
set -euo pipefail

CHROMIUM_BIN="${CHROMIUM_BIN:-/usr/bin/chromium}"
HEADLESS_SHELL_BIN="${HEADLESS_SHELL_BIN:-/usr/bin/chromium-headless-shell}"

pg_bindir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

missing=()
[[ -x "$CHROMIUM_BIN" ]] || missing+=(chromium)
[[ -x "$HEADLESS_SHELL_BIN" ]] || missing+=(chromium-headless-shell)
pg_bindir >/dev/null || missing+=(postgresql)
[[ -x /usr/bin/prometheus && -x /usr/bin/promtool ]] || missing+=(prometheus)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "test dependencies present: $("$CHROMIUM_BIN" --version 2>/dev/null || echo chromium) and its headless shell, PostgreSQL in $(pg_bindir), $(/usr/bin/prometheus --version 2>&1 | head -1)"
  exit 0
fi

echo "installing test dependencies: ${missing[*]}"
if ! command -v apt-get >/dev/null; then
  echo "error: ${missing[*]} missing and apt-get is not available; install them by hand" >&2
  exit 1
fi
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "error: ${missing[*]} missing; installing needs root (run: sudo apt-get install chromium chromium-headless-shell postgresql prometheus)" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
# A cluster the Debian package would start on 5432 is not used by the tests; do not start services.
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee /usr/sbin/policy-rc.d >/dev/null
  "${SUDO[@]}" chmod +x /usr/sbin/policy-rc.d
  remove_policy=1
fi
cleanup() {
  if [[ -n "${remove_policy:-}" ]]; then "${SUDO[@]}" rm -f /usr/sbin/policy-rc.d; fi
}
trap cleanup EXIT

"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends "${missing[@]}" </dev/null

[[ -x "$CHROMIUM_BIN" ]] || { echo "error: $CHROMIUM_BIN still missing after install" >&2; exit 1; }
[[ -x "$HEADLESS_SHELL_BIN" ]] || { echo "error: $HEADLESS_SHELL_BIN still missing after install" >&2; exit 1; }
pg_bindir >/dev/null || { echo "error: PostgreSQL binaries still missing after install" >&2; exit 1; }
[[ -x /usr/bin/prometheus && -x /usr/bin/promtool ]] || { echo "error: Prometheus still missing after install" >&2; exit 1; }
echo "test dependencies installed: $("$CHROMIUM_BIN" --version 2>/dev/null) and its headless shell, PostgreSQL in $(pg_bindir)"
