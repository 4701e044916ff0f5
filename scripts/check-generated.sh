#!/usr/bin/env bash
# Fails, naming the files, when apps/web/src/generated differs from what git holds (committed or
# staged): run after `npm run codegen` (as `npm run codegen:check` does), so a schema or route
# change cannot land without the API types generated from it.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=apps/web/src/generated
stale="$(
  git diff --name-only -- "$generated"
  git ls-files --others --exclude-standard -- "$generated"
)"
if [ -n "$stale" ]; then
  echo "The generated API types in $generated are stale." >&2
  echo "Run 'npm run codegen' and commit these files:" >&2
  echo "$stale" >&2
  git --no-pager diff --stat -- "$generated" >&2
  exit 1
fi
echo "The generated API types in $generated are up to date."
