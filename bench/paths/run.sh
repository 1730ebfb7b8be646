#!/bin/sh
# The files three requests run (docs/ARCHITECTURE.md, "The paths of three
# requests"): a list page on a cache miss, an information request posted
# without JavaScript, through the page handler to the answer (the stored
# row and its queued mails; the queue's worker sends them apart and is left
# out, as is the test harness's own clock), and an inbox lead page for a
# staff member signed in. Each is traced by coverage: the demo site, its
# configuration published in the store as immo serve has it, is built and
# warmed with and without the request, and the blocks whose count the
# request raises are its path. Prints each request's files and their
# packages.
set -e
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trace() {
  IMMO_PATH_REQUEST=$1 go test -count=1 -tags pathtrace -run '^TestRequestPath$' \
    -covermode=count -coverpkg=immo/... -coverprofile="$out/$2.txt" ./cmd/immo >/dev/null
}
trace "" base
for r in list-miss info-nojs inbox-lead; do
  trace $r $r
  files=$(awk 'FNR == 1 { next } NR == FNR { base[$1] = $3; next } $3 > base[$1] { split($1, a, ":"); print a[1] }' \
    "$out/base.txt" "$out/$r.txt" | grep -v -e '/adapter/smtpsend/' -e '/adapter/smtptest/' -e '/app/apptest/' -e '_test.go' | sort -u | sed 's|^immo/||')
  echo "== $r: $(echo "$files" | grep -c .) files in $(echo "$files" | xargs -n1 dirname | sort -u | grep -c .) packages"
  echo "$files"
done
rm -rf "$out"
