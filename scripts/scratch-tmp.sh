#!/usr/bin/env bash
# Runs a command with TMPDIR set to a fresh folder of its own, removed when the command ends (or
# is stopped), so that what tests and the tools they start leave in the temporary folder (Swift
# test fixtures, SwiftPM's and Chromium's scratch folders) does not outlive the run.
set -u
scratch=$(mktemp -d "${TMPDIR:-/tmp}/commonsight-run.XXXXXX") || exit 1
# Tests make folders they cannot write into; they are made writable again to be removed.
trap 'chmod -R u+rwx "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
TMPDIR=$scratch "$@"
