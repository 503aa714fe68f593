# bench/reminders.bash: `due` and `summary` against the sqlite3 shell; sourced by
# bench/run, which sets $traqt, $work, $sql_dir, $template and the helpers it uses
# (same, fail, time_pair, peak_kb, figures, ms, ratio, verdict).
#
# Everything runs with TZ=UTC (bench/run exports it), so that the shell can
# compute the same instants with SQLite's date functions: an occurrence of a date
# happens at midnight UTC plus its time of day. The windows `due` decides are
# worked out here by the rules of Sources/TraqtCore/Reminders/ReminderLedger.swift
# and written into the shell's SQL as ranges of minutes, as a careful user of the
# shell would; the shell then runs the same range queries, skipping recorded
# occurrences, and the same inserts, in one BEGIN IMMEDIATE transaction.

# The first run at NOW (Monday 2026-03-09 08:00, weekday bit 2), the next minute,
# and the moment the summaries are read, after runs at 08:00, 08:01 and 09:30.
readonly DUE_DATE=2026-03-09 DUE_BIT=2
readonly NOW_NEXT=2026-03-09T08:01 NOW_LATER=2026-03-09T09:30 SUMMARY_NOW=2026-03-09T10:00
readonly RETENTION=7776000  # 90 days, ReminderLedger.retentionSeconds

epoch() { date -u -d "$1Z" +%s; }
day0=$(epoch "${DUE_DATE}T00:00")

# The window of a run as "lo hi" minutes of DUE_DATE, or "" when empty: every
# window here lies within that date.
window_minutes() {
    local from=$1 through=$2
    ((from <= through)) || return 0
    echo "$(((from - day0 + 59) / 60)) $(((through - day0) / 60))"
}

# The SQL of a `due --json` run at NOW with GRACE seconds, on a database whose
# reminder_state is STATE ("known checked pruned", or "" before any run).
due_sql() {
    local now=$1 grace=$2 state=$3 known checked pruned floor fire missed
    local undecided="(days_of_week & $DUE_BIT) != 0 AND NOT EXISTS (SELECT 1 FROM occurrence
        WHERE activity_id = activity.id AND local_date = '$DUE_DATE')"
    local scheduled="$day0 + time_of_day * 60"
    echo ".timeout 10000"
    echo ".mode list"
    echo "PRAGMA synchronous = EXTRA;"
    echo "BEGIN IMMEDIATE;"
    # The date's marks, asked as traqt asks them (none here: nothing prints).
    marks_probe_sql "$DUE_DATE"
    if [[ -z $state ]]; then
        known=$((now - grace)) checked=$now pruned=$((now - grace))
        echo "INSERT INTO reminder_state VALUES (1, $known, $now, $pruned);"
        # The first run's windows, from the state it writes.
        state="$known $now $pruned"
    fi
    # Claims an interrupted `due --exec` left fire first: none here, but the run
    # looks for them all the same (through the partial index on claimed rows).
    cat <<SQL
SELECT json_object('id', a.id, 'name', a.name, 'time', printf('%02d:%02d', a.time_of_day / 60, a.time_of_day % 60),
    'scheduledAt', strftime('%Y-%m-%dT%H:%M:%S+00:00', o.scheduled_at, 'unixepoch'),
    'firedAt', strftime('%Y-%m-%dT%H:%M:%S+00:00', $now, 'unixepoch'), 'lateSeconds', $now - o.scheduled_at)
FROM occurrence AS o JOIN activity AS a ON a.id = o.activity_id
WHERE o.status = 'claimed' ORDER BY o.scheduled_at, a.time_of_day, a.name, a.id;
UPDATE occurrence SET status = 'missed'
WHERE status = 'claimed' AND NOT EXISTS (SELECT 1 FROM activity WHERE id = occurrence.activity_id);
UPDATE occurrence SET status = 'fired', fired_at = $now WHERE status = 'claimed';
SQL
    read -r known checked pruned <<<"$state"
    floor=$((known > pruned ? known : pruned))
    local fire_from=$((now - grace)) missed_from=$((checked - grace))
    ((fire_from > floor)) || fire_from=$floor
    ((missed_from > floor)) || missed_from=$floor
    ((missed_from > now - RETENTION)) || missed_from=$((now - RETENTION))
    missed=$(window_minutes "$missed_from" $((now - grace - 1)))
    fire=$(window_minutes "$fire_from" "$now")
    if [[ -n $missed ]]; then
        cat <<SQL
INSERT INTO occurrence (activity_id, local_date, scheduled_at, status, fired_at)
SELECT id, '$DUE_DATE', $scheduled, 'missed', NULL FROM activity
WHERE time_of_day BETWEEN ${missed% *} AND ${missed#* } AND $undecided;
SQL
    fi
    if [[ -n $fire ]]; then
        cat <<SQL
SELECT json_object('id', id, 'name', name, 'time', printf('%02d:%02d', time_of_day / 60, time_of_day % 60),
    'scheduledAt', strftime('%Y-%m-%dT%H:%M:%S+00:00', $scheduled, 'unixepoch'),
    'firedAt', strftime('%Y-%m-%dT%H:%M:%S+00:00', $now, 'unixepoch'), 'lateSeconds', $now - ($scheduled))
FROM activity WHERE time_of_day BETWEEN ${fire% *} AND ${fire#* } AND $undecided
ORDER BY time_of_day, name, id;
INSERT INTO occurrence (activity_id, local_date, scheduled_at, status, fired_at)
SELECT id, '$DUE_DATE', $scheduled, 'fired', $now FROM activity
WHERE time_of_day BETWEEN ${fire% *} AND ${fire#* } AND $undecided;
SQL
    fi
    cat <<SQL
UPDATE reminder_state SET checked_through = max(checked_through, $now) WHERE singleton = 1;
DELETE FROM occurrence WHERE scheduled_at <= (SELECT max(scheduled_at) FROM occurrence WHERE scheduled_at < $now - $RETENTION)
    AND status <> 'claimed';
COMMIT;
SQL
}

state_of() { sqlite3 "$1" "SELECT known_since, checked_through, pruned_before FROM reminder_state" | tr '|' ' '; }

# From the database DB of SIZE activities, the databases the timed runs start
# from: due-CASE-SIZE for the three due cases (the first run with 60 min grace,
# the next minute, the next minute with a grace of one minute: a window of one
# minute), and summary-SIZE.
reminder_case_dbs() {
    local db=$1 size=$2
    cp "$db" "$work/due-first-$size.sqlite"
    cp "$db" "$work/due-next-$size.sqlite"
    "$traqt" --db "$work/due-next-$size.sqlite" due --quiet --now "$NOW" >/dev/null
    cp "$db" "$work/due-minute-$size.sqlite"
    "$traqt" --db "$work/due-minute-$size.sqlite" due --quiet --grace 1m --now "$NOW" >/dev/null
    # The summaries read a day with fired, missed, past and pending occurrences.
    cp "$work/due-next-$size.sqlite" "$work/summary-$size.sqlite"
    "$traqt" --db "$work/summary-$size.sqlite" due --quiet --now "$NOW_NEXT" >/dev/null
    "$traqt" --db "$work/summary-$size.sqlite" due --quiet --now "$NOW_LATER" >/dev/null
}

write_reminder_sql() {
    local size=$1
    due_sql "$(epoch "$NOW")" 3600 "" >"$sql_dir/due-first.sql"
    due_sql "$(epoch "$NOW_NEXT")" 3600 "$(state_of "$work/due-next-$size.sqlite")" >"$sql_dir/due-next.sql"
    due_sql "$(epoch "$NOW_NEXT")" 60 "$(state_of "$work/due-minute-$size.sqlite")" >"$sql_dir/due-minute.sql"
    summary_sql text >"$sql_dir/summary.sql"
    summary_sql json >"$sql_dir/summary-json.sql"
    summary_sql markdown >"$sql_dir/summary-markdown.sql"
    week_json_sql >"$sql_dir/week-json.sql"
}

# traqt's arguments for each due case.
due_args() {
    case $1 in
    first) echo "due --json --now $NOW" ;;
    next) echo "due --json --now $NOW_NEXT" ;;
    minute) echo "due --json --grace 1m --now $NOW_NEXT" ;;
    esac
}

# ---------------------------------------------------------------------------
# summary: one day joined with its records, in SQL, printed as traqt prints it.

# The status of an occurrence of DATE, the day starting at DAY0, with no record:
# skipped on a day off for every activity, upcoming on a later day, else by the
# time and the reminder_state row. traqt asks the date's marks once (one probe of
# their date index; here, whether the day is off for every activity) and joins an
# activity's own only on a date that has some: the bench's days have none, so
# neither side joins them.
unrecorded_status_sql() {
    local day0=$1 later=$2 date=$3 now
    now=$(epoch "$SUMMARY_NOW")
    cat <<SQL
CASE WHEN EXISTS (SELECT 1 FROM day_mark WHERE activity_id = '' AND local_date = '$date') THEN 'skipped'
     WHEN $day0 + a.time_of_day * 60 > $now THEN '$([[ $later == 1 ]] && echo upcoming || echo pending)'
     WHEN (SELECT max(known_since, pruned_before) FROM reminder_state) IS NULL
       OR $day0 + a.time_of_day * 60 < (SELECT max(known_since, pruned_before) FROM reminder_state) THEN 'past'
     WHEN $day0 + a.time_of_day * 60 > (SELECT checked_through FROM reminder_state) THEN 'pending'
     ELSE 'missed' END
SQL
}

# `fired at 08:01 (1m late)`, `failed at 07:30 (exit 3)`, or the status's name.
status_text_sql() {
    local late="(o.fired_at - o.scheduled_at)"
    cat <<SQL
CASE o.status
  WHEN 'fired' THEN 'fired at ' || strftime('%H:%M', o.fired_at, 'unixepoch') ||
    CASE WHEN $late > 0 THEN ' (' || rtrim(
      CASE WHEN $late / 3600 > 0 THEN ($late / 3600) || 'h ' ELSE '' END ||
      CASE WHEN $late % 3600 / 60 > 0 THEN ($late % 3600 / 60) || 'm ' ELSE '' END ||
      CASE WHEN $late % 60 > 0 AND $late / 3600 = 0 THEN ($late % 60) || 's' ELSE '' END) || ' late)'
    ELSE '' END
  WHEN 'failed' THEN 'failed at ' || strftime('%H:%M', o.fired_at, 'unixepoch') || ' (exit ' || o.exit_status || ')'
  WHEN 'missed' THEN 'missed'
  ELSE $(unrecorded_status_sql "$1" "$2" "$DUE_DATE") END
SQL
}

# One day's activities in the summary's JSON, objects separated by commas.
day_json_rows_sql() {
    local date=$1 bit=$2 day0=$3 later=$4
    local scheduled="strftime('%Y-%m-%dT%H:%M:%S+00:00', $day0 + a.time_of_day * 60, 'unixepoch')"
    local common="'id', a.id, 'name', a.name, 'time', printf('%02d:%02d', a.time_of_day / 60, a.time_of_day % 60),
        'scheduledAt', $scheduled"
    local fired="'firedAt', strftime('%Y-%m-%dT%H:%M:%S+00:00', o.fired_at, 'unixepoch'), 'lateSeconds', o.fired_at - o.scheduled_at"
    cat <<SQL
SELECT CASE WHEN a.id = (SELECT id FROM activity WHERE (days_of_week & $bit) != 0 ORDER BY time_of_day, name, id LIMIT 1)
            THEN '' ELSE ',' END ||
  CASE o.status
    WHEN 'fired' THEN json_object($common, 'status', 'fired', $fired)
    WHEN 'failed' THEN json_object($common, 'status', 'failed', $fired, 'exitStatus', o.exit_status)
    ELSE json_object($common, 'status', coalesce(o.status, $(unrecorded_status_sql "$day0" "$later" "$date")))
  END
FROM activity a LEFT JOIN occurrence o ON o.activity_id = a.id AND o.local_date = '$date'
WHERE (a.days_of_week & $bit) != 0 ORDER BY a.time_of_day, a.name, a.id;
SQL
}

readonly SUMMARY_DAY_TITLE="Monday $DUE_DATE"

# `traqt summary [--json | --markdown] --now SUMMARY_NOW`, byte for byte.
summary_sql() {
    local format=$1 join="FROM activity a LEFT JOIN occurrence o ON o.activity_id = a.id AND o.local_date = '$DUE_DATE'
WHERE (a.days_of_week & $DUE_BIT) != 0 ORDER BY a.time_of_day, a.name, a.id;"
    echo ".timeout 10000"
    echo ".mode list"
    case $format in
    text)
        # The name column is as wide as the day's widest name (in characters:
        # the bench's names have no wide ones).
        echo ".print '$SUMMARY_DAY_TITLE'"
        echo "SELECT printf('%02d:%02d  %-!*s  %s', a.time_of_day / 60, a.time_of_day % 60,"
        echo "  (SELECT max(length(name)) FROM activity WHERE (days_of_week & $DUE_BIT) != 0), a.name,"
        status_text_sql "$day0" 0
        echo ")"
        echo "$join"
        ;;
    markdown)
        local escaped="a.name" char
        for char in '\' '`' '*' '_' '[' ']' '<' '>' '|' '#' '~'; do
            escaped="replace($escaped, '$char', '\\$char')"
        done
        echo ".print '## $SUMMARY_DAY_TITLE'"
        echo ".print ''"
        echo ".print '| Time | Activity | Status |'"
        echo ".print '| --- | --- | --- |'"
        echo "SELECT '| ' || printf('%02d:%02d', a.time_of_day / 60, a.time_of_day % 60) || ' | ' || $escaped || ' | ' ||"
        status_text_sql "$day0" 0
        echo "|| ' |'"
        echo "$join"
        ;;
    json)
        echo ".separator '' ''"
        echo "SELECT '{\"date\":\"$DUE_DATE\",\"weekday\":\"mon\",\"activities\":[';"
        day_json_rows_sql "$DUE_DATE" "$DUE_BIT" "$day0" 0
        time_spent_json_sql "$day0" $((day0 + 86400))
        echo ".print '}'"
        ;;
    esac
}

# The `timeSpent` member of a day (or week) from START to END seconds: each
# activity's sessions clipped to the window and to now, summed, by name then id,
# as traqt computes it.
time_spent_json_sql() {
    local start=$1 end=$2 now
    now=$(epoch "$SUMMARY_NOW")
    echo "SELECT '],\"timeSpent\":[' || coalesce((SELECT group_concat(o, ',') FROM (
        SELECT json_object('id', activity_id, 'name', max(activity_name), 'spentSeconds',
            sum(min(coalesce(ended_at, $now), coalesce(ends_by, $now), $now, $end) - max(started_at, $start))) AS o
        FROM time_spent WHERE coalesce(ended_at, ends_by, $now) > $start AND started_at < $end
        GROUP BY activity_id ORDER BY max(activity_name), activity_id)), '') || ']';"
}

# `traqt summary --week --json --now SUMMARY_NOW`: the seven days' joins.
week_json_sql() {
    local index date bit names=(mon tue wed thu fri sat sun)
    echo ".timeout 10000"
    echo ".mode list"
    echo ".separator '' ''"
    echo "SELECT '{\"weekOf\":\"$DUE_DATE\",\"days\":[';"
    for index in 0 1 2 3 4 5 6; do
        date=$(date -u -d "$DUE_DATE + $index days" +%F)
        bit=$((1 << ((index + 1) % 7)))
        local comma=""
        if ((index > 0)); then comma=","; fi
        echo "SELECT '$comma{\"date\":\"$date\",\"weekday\":\"${names[index]}\",\"activities\":[';"
        day_json_rows_sql "$date" "$bit" $((day0 + index * 86400)) $((index > 0 ? 1 : 0))
        time_spent_json_sql $((day0 + index * 86400)) $((day0 + (index + 1) * 86400))
        echo "SELECT '}';"
    done
    time_spent_json_sql "$day0" $((day0 + 7 * 86400))
    echo ".print '}'"
}

# ---------------------------------------------------------------------------
# Checks: traqt and the shell print the same, and leave the same records.

# Output lines of each command at each size, for the growth table: "key size lines".
record_answer() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$work/answers.tsv"; }

check_reminders() {
    local source=$1 size=$2 label=$3 out=$work/check case tool
    mkdir -p "$out"
    reminder_case_dbs "$source" "$size"
    write_reminder_sql "$size"
    for case in first next minute; do
        for tool in t s; do cp "$work/due-$case-$size.sqlite" "$out/$tool.due.sqlite"; done
        # shellcheck disable=SC2046
        "$traqt" --db "$out/t.due.sqlite" $(due_args "$case") >"$out/t.due"
        sqlite3 "$out/s.due.sqlite" ".read $sql_dir/due-$case.sql" >"$out/s.due"
        same "$label due ($case): fired" "$out/s.due" "$out/t.due"
        for tool in t s; do
            sqlite3 "$out/$tool.due.sqlite" "SELECT * FROM occurrence ORDER BY 1, 2; SELECT * FROM reminder_state" >"$out/$tool.records"
        done
        same "$label due ($case): records" "$out/s.records" "$out/t.records"
        record_answer "due-$case" "$size" "$(wc -l <"$out/t.due")"
    done
    local db=$work/summary-$size.sqlite format
    for format in "" json markdown; do
        "$traqt" --db "$db" summary ${format:+--$format} --now "$SUMMARY_NOW" >"$out/t.summary"
        sqlite3 "$db" ".read $sql_dir/summary${format:+-$format}.sql" >"$out/s.summary"
        same "$label summary ${format:+--$format}" "$out/s.summary" "$out/t.summary"
    done
    "$traqt" --db "$db" summary --week --json --now "$SUMMARY_NOW" >"$out/t.week"
    sqlite3 "$db" ".read $sql_dir/week-json.sql" >"$out/s.week"
    same "$label summary --week --json" "$out/s.week" "$out/t.week"
    # Occurrences: one "status" member each (the bench's names hold none).
    "$traqt" --db "$db" summary --json --now "$SUMMARY_NOW" >"$out/t.summary"
    record_answer summary "$size" "$(grep -o '"status":' "$out/t.summary" | wc -l)"
    record_answer week "$size" "$(grep -o '"status":' "$out/t.week" | wc -l)"
}

# ---------------------------------------------------------------------------
# Timing (full mode)

# SQL that takes a due case's database back to where the timed run starts: what
# the run recorded goes, and the ledger is as before. Copying the file back
# instead left up to 82 MB of dirty pages for the run's fsync to wait on.
undo_sql() {
    local case=$1
    if [[ $case == first ]]; then
        echo "DELETE FROM occurrence; DELETE FROM reminder_state;"
    else
        echo "DELETE FROM occurrence WHERE fired_at IS NOT $(epoch "$NOW");"
        echo "UPDATE reminder_state SET checked_through = $(epoch "$NOW");"
    fi
}

time_reminders() {
    local size=$1 runs=$2 warmup=$3 case target db
    for case in first next minute; do
        db=$work/timed-$case-$size.sqlite
        cp "$work/due-$case-$size.sqlite" "$db"
        undo_sql "$case" >"$sql_dir/undo-$case.sql"
        # The one-minute runs are the issue's target; the first run is context.
        target=$([[ $case == first ]] && echo - || echo 1.0)
        # shellcheck disable=SC2046
        time_pair "due-$case-$size" "$size" "due ($(case_label "$case"))" "$target" "$runs" "$warmup" \
            "sqlite3 $db '.read $sql_dir/undo-$case.sql'" \
            "$traqt --db $db $(due_args "$case")" "sqlite3 $db '.read $sql_dir/due-$case.sql'"
    done
    db=$work/summary-$size.sqlite
    local format
    for format in "" json markdown; do
        time_pair "summary${format:+-$format}-$size" "$size" "summary${format:+ --$format}" 1.0 "$runs" "$warmup" "" \
            "$traqt --db $db summary ${format:+--$format} --now $SUMMARY_NOW" \
            "sqlite3 $db '.read $sql_dir/summary${format:+-$format}.sql'"
    done
    # The shell prints the week as JSON only: the same seven joins.
    for format in "" json markdown; do
        time_pair "week${format:+-$format}-$size" "$size" "summary --week${format:+ --$format}" - "$runs" "$warmup" "" \
            "$traqt --db $db summary --week ${format:+--$format} --now $SUMMARY_NOW" \
            "sqlite3 $db '.read $sql_dir/week-json.sql'"
    done
}

case_label() {
    case $1 in
    first) echo "first run, 60 min grace" ;;
    next) echo "the next minute" ;;
    minute) echo "the next minute, --grace 1m" ;;
    esac
}

# Peak memory of the due cases (a fresh copy before each run) and the summaries at SIZE.
reminder_memory() {
    local size=$1 case db=$work/timed.sqlite tool traqt_kb sqlite_kb
    for case in first next minute; do
        for tool in traqt sqlite3; do
            local kb=()
            for _ in 1 2 3; do
                rm -f "$db-journal"
                cp "$work/due-$case-$size.sqlite" "$db"
                if [[ $tool == traqt ]]; then
                    # shellcheck disable=SC2046
                    kb+=("$(peak_kb "$traqt" --db "$db" $(due_args "$case"))")
                else
                    kb+=("$(peak_kb sqlite3 "$db" ".read $sql_dir/due-$case.sql")")
                fi
            done
            local median
            median=$(printf '%s\n' "${kb[@]}" | sort -n | sed -n 2p)
            if [[ $tool == traqt ]]; then traqt_kb=$median; else sqlite_kb=$median; fi
        done
        printf '%s\t%s\t%s\t%s\n' "due-$case-$size" "\`due\` ($(case_label "$case")), $size" "$traqt_kb" "$sqlite_kb" >>"$work/memory.tsv"
    done
    db=$work/summary-$size.sqlite
    local format
    for format in "" json markdown; do
        # shellcheck disable=SC2086
        memory_pair "summary${format:+-$format}-$size" "\`summary${format:+ --$format}\`, $size" \
            "$traqt" --db "$db" summary ${format:+--$format} --now "$SUMMARY_NOW" -- \
            sqlite3 "$db" ".read $sql_dir/summary${format:+-$format}.sql"
    done
    memory_pair "week-$size" "\`summary --week\`, $size" \
        "$traqt" --db "$db" summary --week --now "$SUMMARY_NOW" -- \
        sqlite3 "$db" ".read $sql_dir/week-json.sql"
}

# ---------------------------------------------------------------------------
# RESULTS.md: the week against seven days, and the growth table.

median_of() { figures "$1" | cut -f1; }
cpu_of() { figures "$1" | cut -f3; }

week_table() {
    local size format day week
    echo "| size | form | day ms | week ms | week / day | target | verdict | CPU: week / day |"
    echo "|---:|---|---:|---:|---:|---|---|---:|"
    for size in "$@"; do
        for format in "" json markdown; do
            day=$(median_of "summary${format:+-$format}-$size")
            week=$(median_of "week${format:+-$format}-$size")
            local target="≤ 7" judged
            judged=$(awk -v w="$week" -v d="$day" 'BEGIN { print (w <= 7 * d ? "PASS" : "MISS") }')
            if [[ $size == 100000 && -z $format ]]; then
                target="≤ 7, and < 1 s"
                judged=$(awk -v w="$week" -v d="$day" 'BEGIN { print (w <= 7 * d && w < 1 ? "PASS" : "MISS") }')
            fi
            printf '| %s | `--week%s` | %s | %s | %s | %s | %s | %s |\n' "$size" "${format:+ --$format}" \
                "$(ms "$day")" "$(ms "$week")" "$(ratio "$week" "$day")" "$target" "$judged" \
                "$(ratio "$(cpu_of "week${format:+-$format}-$size")" "$(cpu_of "summary${format:+-$format}-$size")")"
        done
    done
}

# Each command's cost at 1k, 100k and 1M next to the size of its answer (reminders
# fired for due, occurrences for summary): the cost follows the answer, not the
# table. Mean CPU time, which waits on a shared machine do not inflate.
growth_table() {
    local key label sizes=(1000 100000 1000000)
    echo "| command | 1k: CPU ms (answer) | 100k: CPU ms (answer) | 1M: CPU ms (answer) | 1M / 1k: CPU | 1M / 1k: answer |"
    echo "|---|---:|---:|---:|---:|---:|"
    for key in due-first due-next due-minute summary week; do
        local cells=() times=() answers=() size t a
        for size in "${sizes[@]}"; do
            t=$(cpu_of "$key-$size")
            a=$(awk -v k="$key" -v s="$size" '$1 == k && $2 == s { print $3 }' "$work/answers.tsv")
            times+=("$t") answers+=("$a")
            cells+=("$(ms "$t") ($a)")
        done
        case $key in
        due-*) label="\`due\` ($(case_label "${key#due-}"))" ;;
        summary) label="\`summary\`" ;;
        week) label="\`summary --week\`" ;;
        esac
        # A run that fired nothing at 1k has no ratio of answers.
        printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "${cells[@]}" \
            "$(ratio "${times[2]}" "${times[0]}")" \
            "$( ((answers[0] > 0)) && ratio "${answers[2]}" "${answers[0]}" || echo -)"
    done
}
