# Device selection: by type, P:D, name substring, comma lists; nothing matching says what
# exists.
source "$(dirname "$0")/lib.sh"

for sel in cpu 0:0 all pthread "portable computing" "cpu,0:0"; do
    run -d "$sel" -k vadd -n 64 "${QUICK[@]}" --format csv
    expect_rc 0
    [ "$(grep -c '^1,0:0,' "$TMP/stdout")" -eq 1 ] || fail "--device '$sel' did not run once on 0:0"
done

run -d gpu -k vadd -n 64 "${QUICK[@]}"
expect_rc 1
expect_stderr_has "no device matches 'gpu'"
expect_stderr_has "0:0  cpu" # the list of what is available
expect_stdout_empty

run -d 7:3 -k vadd -n 64 "${QUICK[@]}" -o "$TMP/out.json"
expect_rc 1
expect_stderr_has "no device matches '7:3'"
[ ! -e "$TMP/out.json" ] || fail "output file left behind"
echo "select: ok"
