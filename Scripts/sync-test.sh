#!/usr/bin/env bash
# End-to-end test of the journal folder with a real sync engine: two Syncthing instances (Debian's
# `syncthing`) on loopback carry the journal folders of two pomo "machines" (two HOMEs, two
# machine ids, the same host name, so only the id tells their files apart).
#
#   1. Both machines record at the same time: several `pomo add` each, and a real 1-second
#      `pomo start` each, all in parallel.
#   2. Once both folders are in sync, each machine corrects sessions the OTHER machine recorded:
#      an edit and a delete on both at once, then a delete taken back with `pomo undo`, one
#      machine after the other; and the folders sync again.
#   3. Both machines must then print byte-identical `pomo log --json` and `pomo report --format
#      json` (TZ=UTC), hold every recorded session once minus the deleted ones, show the
#      corrections, and have no conflict copies or damaged lines.
#
# Syncthing runs with discovery (global and local), relays, NAT traversal, usage reporting and
# upgrades off; each instance listens on tcp://127.0.0.1:PORT (free ports), knows the other by
# that address, and serves its REST API on 127.0.0.1 with an API key set here. "In sync" means:
# both folders list the same *.jsonl files with the same bytes, and each instance's REST API says
# the folder is idle, needs nothing, and the other device is at 100% completion.
#
# Installs syncthing with apt-get when it is missing (as root, or with sudo). When it cannot, it
# says so plainly and exits 77, which .ci/run reports as skipped; a failed check is exit 1.
# Usage: Scripts/sync-test.sh [path/to/pomo]   (default: .build/debug/pomo, built if missing)
# SYNC_TEST_KEEP=1 keeps the work folder (homes, journals, Syncthing logs) even on success.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "sync-test: SKIPPED: $*" >&2
  echo "sync-test: the journal folder was NOT tested with Syncthing" >&2
  exit 77
}

command -v python3 >/dev/null || { echo "sync-test: python3 is needed (JSON and the REST API)" >&2; exit 1; }

if ! command -v syncthing >/dev/null; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  command -v apt-get >/dev/null || skip "syncthing is not installed and apt-get is not here to install it"
  if [ -n "$sudo" ] && ! sudo -n true 2>/dev/null; then skip "syncthing is not installed and installing it needs root"; fi
  echo "sync-test: installing syncthing" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq --no-install-recommends syncthing >/dev/null; }; then
    skip "apt-get could not install syncthing"
  fi
  command -v syncthing >/dev/null || skip "syncthing installed but not on PATH"
fi
echo "sync-test: $(syncthing --version 2>/dev/null | head -1)"

pomo=${1:-.build/debug/pomo}
[ -x "$pomo" ] || swift build --product pomo >/dev/null
pomo=$(cd "$(dirname "$pomo")" && pwd)/$(basename "$pomo")

work=$(mktemp -d "${TMPDIR:-/tmp}/pomo-sync-test.XXXXXX")
syncthing_pids=()
failures=0
checks=0
aborted="" # set once the failure has been told
cleanup() {
  local status=$? pid found children=()
  # Syncthing runs as a monitor process and the instance it starts: stop both, by their ids.
  for pid in "${syncthing_pids[@]}"; do
    read -r -a found <<<"$(cat /proc/"$pid"/task/*/children 2>/dev/null || true)"
    children+=("${found[@]}")
  done
  for pid in "${syncthing_pids[@]}" "${children[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${syncthing_pids[@]}" "${children[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  for pid in "${syncthing_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ $status != 0 ] && [ -z "$aborted" ] && [ $status != 130 ] && [ $status != 143 ]; then
    echo "FAIL: sync-test stopped at line ${failed_line:-?} (exit $status)"
    aborted=yes
  fi
  if [ -n "$aborted" ] || [ $failures != 0 ] || [ -n "${SYNC_TEST_KEEP:-}" ]; then
    echo "sync-test: kept $work (homes, journals, syncthing-*.log)"
  else
    rm -rf "$work"
  fi
}
set -E
trap 'failed_line=${failed_line:-$LINENO}' ERR
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

pass() { checks=$((checks + 1)); echo "PASS: $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*"; }
check() { # check DESCRIPTION COMMAND...: PASS when the command succeeds, else FAIL with its output
  local description=$1; shift
  local output
  if output=$("$@" 2>&1); then pass "$description${output:+ ($output)}"; else fail "$description: $output"; fi
}
show_logs() {
  for machine in A B; do
    echo "--- last lines of Syncthing $machine's log ($work/syncthing-$machine.log)"
    tail -n 15 "$work/syncthing-$machine.log" || true
  done
}
abort() { # abort DESCRIPTION: a step failed that the test cannot go on without
  fail "$1"
  aborted=yes
  show_logs
  echo "sync-test: FAILED ($failures of $checks checks)"
  exit 1
}
step() { # step DESCRIPTION COMMAND...: PASS, or FAIL with the command's error and stop
  local description=$1 errors; shift
  if errors=$("$@" 2>&1 >/dev/null); then pass "$description"; else abort "$description: $errors"; fi
}

# ---------------------------------------------------------------------------------------------
# The helper that edits Syncthing's config and talks to its REST API, and reads pomo's JSON.
cat >"$work/helper.py" <<'EOF'
import hashlib, json, os, socket, sys, time, urllib.request, urllib.error
import xml.etree.ElementTree as ET

def free_ports(n):
    sockets = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports

def child(parent, tag):
    node = parent.find(tag)
    if node is None:
        node = ET.SubElement(parent, tag)
    return node

def configure(home, name, gui_port, listen_port, api_key, peer_id, peer_name, peer_port, folder_id, folder_path):
    path = os.path.join(home, "config.xml")
    tree = ET.parse(path)
    root = tree.getroot()
    own = root.find("device")
    own_id = own.get("id")
    own.set("name", name)
    for node in root.findall("folder"):
        root.remove(node)
    for node in root.findall("device")[1:]:
        root.remove(node)
    # The peer: a copy of our own device entry, with the peer's id, name and explicit address.
    peer = ET.fromstring(ET.tostring(own))
    peer.set("id", peer_id)
    peer.set("name", peer_name)
    for node in peer.findall("address"):
        peer.remove(node)
    address = ET.Element("address")
    address.text = "tcp://127.0.0.1:%d" % peer_port
    peer.insert(0, address)
    root.insert(list(root).index(own) + 1, peer)
    # The folder: a copy of the defaults (so this Syncthing's own defaults fill every field),
    # shared with both devices, rescanned often and watched.
    template = root.find("defaults/folder")
    folder = ET.fromstring(ET.tostring(template)) if template is not None else ET.Element("folder")
    folder.attrib.update({"id": folder_id, "label": "pomo journal", "path": folder_path,
                          "type": "sendreceive", "rescanIntervalS": "5", "fsWatcherEnabled": "true",
                          "fsWatcherDelayS": "1"})
    for node in folder.findall("device"):
        folder.remove(node)
    for device_id in (own_id, peer_id):
        device = ET.Element("device", {"id": device_id, "introducedBy": ""})
        folder.insert(0, device)
    child(folder, "maxConflicts").text = "10"
    disk = child(folder, "minDiskFree")
    disk.set("unit", "%"); disk.text = "0"
    root.insert(list(root).index(peer) + 1, folder)
    gui = child(root, "gui")
    gui.set("enabled", "true"); gui.set("tls", "false")
    child(gui, "address").text = "127.0.0.1:%d" % gui_port
    child(gui, "apikey").text = api_key
    options = child(root, "options")
    for node in options.findall("listenAddress"):
        options.remove(node)
    ET.SubElement(options, "listenAddress").text = "tcp://127.0.0.1:%d" % listen_port
    settings = {"globalAnnounceEnabled": "false", "localAnnounceEnabled": "false",
                "relaysEnabled": "false", "natEnabled": "false", "urAccepted": "-1",
                "startBrowser": "false", "autoUpgradeIntervalH": "0",
                "crashReportingEnabled": "false", "setLowPriority": "false",
                "reconnectionIntervalS": "5", "announceLANAddresses": "false"}
    for key, value in settings.items():
        child(options, key).text = value
    home_disk = child(options, "minHomeDiskFree")
    home_disk.set("unit", "%"); home_disk.text = "0"
    tree.write(path)

def api(port, key, method, path):
    request = urllib.request.Request("http://127.0.0.1:%s%s" % (port, path), method=method,
                                     headers={"X-API-Key": key})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
    return json.loads(body) if body.strip() else None

def wait(timeout, what, condition):
    deadline = time.monotonic() + float(timeout)
    last = None
    while True:
        try:
            ok, last = condition()
            if ok:
                return
        except urllib.error.HTTPError as error:
            last = "%s: %s" % (error, error.read().decode(errors="replace").strip())
        except (urllib.error.URLError, OSError, ValueError) as error:
            last = "%s" % error
        if time.monotonic() > deadline:
            sys.exit("timed out after %ss waiting for %s; last seen: %s" % (timeout, what, last))
        time.sleep(0.25)

def listing(folder):
    # What pomo reads: the *.jsonl files that are not hidden, with their bytes.
    files = {}
    for name in sorted(os.listdir(folder)):
        full = os.path.join(folder, name)
        if name.endswith(".jsonl") and not name.startswith(".") and os.path.isfile(full):
            with open(full, "rb") as f:
                files[name] = hashlib.sha256(f.read()).hexdigest()[:12]
    return files

def folder_state(port, key, folder, peer):
    status = api(port, key, "GET", "/rest/db/status?folder=" + folder)
    completion = api(port, key, "GET", "/rest/db/completion?folder=%s&device=%s" % (folder, peer))
    idle = status.get("state") == "idle" and status.get("needTotalItems", status.get("needFiles", 0)) == 0 \
        and status.get("needBytes") == 0 and status.get("pullErrors", 0) == 0
    done = completion.get("completion") == 100 and completion.get("needBytes") == 0
    summary = "state %s, need %s bytes, peer at %s%% needing %s bytes" % (
        status.get("state"), status.get("needBytes"), completion.get("completion"), completion.get("needBytes"))
    return idle and done, summary

def sessions(path):
    # The session ids a journal file holds (corrections have a "kind"), in the file's order.
    ids = []
    with open(path, "rb") as f:
        for line in f:
            record = json.loads(line)
            if "kind" not in record:
                ids.append(record["id"])
    return ids

command, args = sys.argv[1], sys.argv[2:]
if command == "ports":
    print(" ".join(map(str, free_ports(int(args[0])))))
elif command == "configure":
    configure(args[0], args[1], int(args[2]), int(args[3]), args[4], args[5], args[6], int(args[7]), args[8], args[9])
elif command == "wait-up":
    port, key, timeout = args
    wait(timeout, "Syncthing's REST API on port %s" % port,
         lambda: (api(port, key, "GET", "/rest/system/ping") == {"ping": "pong"}, "no pong"))
elif command == "wait-connected":
    port, key, peer, timeout = args
    def connected():
        connections = api(port, key, "GET", "/rest/system/connections")["connections"]
        entry = connections.get(peer, {})
        return entry.get("connected", False), "connections: %s" % json.dumps(entry)
    wait(timeout, "the devices to connect", connected)
elif command == "scan":
    port, key, folder = args
    api(port, key, "POST", "/rest/db/scan?folder=" + folder)
elif command == "wait-sync":
    # wait-sync TIMEOUT FOLDER_ID DIR_A PORT_A KEY_A ID_A DIR_B PORT_B KEY_B ID_B
    timeout, folder, dir_a, port_a, key_a, id_a, dir_b, port_b, key_b, id_b = args
    for port, key in ((port_a, key_a), (port_b, key_b)):
        try:  # scan now rather than when the watcher or the rescan interval gets to it
            api(port, key, "POST", "/rest/db/scan?folder=" + folder)
        except (urllib.error.URLError, OSError) as error:
            print("sync-test: could not ask for a scan on port %s: %s" % (port, error), file=sys.stderr)
    def in_sync():
        a, b = listing(dir_a), listing(dir_b)
        if a != b:
            return False, "machine A has %s, machine B has %s" % (a, b)
        ok_a, state_a = folder_state(port_a, key_a, folder, id_b)
        ok_b, state_b = folder_state(port_b, key_b, folder, id_a)
        return ok_a and ok_b, "same files %s; A: %s; B: %s" % (sorted(a), state_a, state_b)
    started = time.monotonic()
    wait(timeout, "the two journal folders to be in sync", in_sync)
    print("%.1f" % (time.monotonic() - started))
elif command == "sessions":
    print("\n".join(sessions(args[0])))
elif command == "own-file":
    # own-file JOURNAL_JSON: the path of the file this machine writes, from `pomo journal --json`.
    print(json.load(open(args[0]))["own_file"])
elif command == "other-file":
    # other-file JOURNAL_JSON: the path of the one file another machine wrote.
    others = [f["path"] for f in json.load(open(args[0]))["files"] if not f["own"]]
    if len(others) != 1:
        sys.exit("expected one other machine's file, found %s" % others)
    print(others[0])
elif command == "journal-check":
    # journal-check JSON FILES SESSIONS_EACH: no conflict copy, no damaged line, FILES files.
    info = json.load(open(args[0]))
    files = info["files"]
    problems = []
    if len(files) != int(args[1]):
        problems.append("%d files, not %s: %s" % (len(files), args[1], [f["file"] for f in files]))
    for f in files:
        if f["conflict_copy"]:
            problems.append("conflict copy %s" % f["file"])
        if f["damaged_lines"]:
            problems.append("%s has %d damaged lines" % (f["file"], f["damaged_lines"]))
        if f["sessions"] != int(args[2]):
            problems.append("%s holds %d sessions, not %s" % (f["file"], f["sessions"], args[2]))
    if problems:
        sys.exit("; ".join(problems))
    print("%d files of %s sessions each, no conflict copy, no damaged line" % (len(files), args[2]))
elif command == "log-check":
    # log-check LOG_JSON EXPECTED_IDS_FILE: the log holds exactly these ids, each once.
    log = json.load(open(args[0]))
    expected = set(open(args[1]).read().split())
    ids = [r["id"] for r in log]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    missing = sorted(expected - set(ids))
    extra = sorted(set(ids) - expected)
    if doubled or missing or extra:
        sys.exit("doubled %s, missing %s, unexpected %s" % (doubled, missing, extra))
    print("%d sessions, each once" % len(ids))
elif command == "report-check":
    report = json.load(open(args[0]))
    # Focus sessions and workouts (the 40s/20s) are counted apart.
    counted = report["totals"]["sessions"] + report["totals"].get("workout_sessions", 0)
    if counted != int(args[1]):
        sys.exit("the report counts %d sessions and workouts, not %s" % (counted, args[1]))
    print("%d sessions and workouts in the totals" % counted)
elif command == "session":
    # session LOG_JSON ID FIELD: a field of a session in the log, as JSON ("absent" when none).
    log = json.load(open(args[0]))
    found = [r for r in log if r["id"] == args[1]]
    print(json.dumps(found[0].get(args[2])) if found else "absent")
elif command == "same-instant":
    from datetime import datetime
    a, b = (datetime.fromisoformat(s.strip('"').replace("Z", "+00:00")) for s in args)
    sys.exit(0 if a == b else 1)
EOF
helper() { python3 "$work/helper.py" "$@"; }

# ---------------------------------------------------------------------------------------------
# Two machines. A keeps its journal in the default folder ($XDG_DATA_HOME/pomo/journal); B points
# POMO_JOURNAL at a folder of its own (as with a cloud folder). Each has its own XDG folders.
folder_id="pomo-journal"
read -r gui_a gui_b listen_a listen_b <<<"$(helper ports 4)"
key_a=pomo-sync-test-key-a-$RANDOM$RANDOM
key_b=pomo-sync-test-key-b-$RANDOM$RANDOM
journal_a=$work/A/home/.local/share/pomo/journal
journal_b=$work/B/home/Sync/pomo-journal
for machine in A B; do mkdir -p "$work/$machine/home" "$work/$machine/syncthing"; done
# The folders exist before Syncthing starts, with its marker (.stfolder), which pomo ignores.
for dir in "$journal_a" "$journal_b"; do mkdir -p "$dir/.stfolder" && chmod 700 "$dir"; done

pomo_on() { # pomo_on A|B ARGS...: pomo as that machine
  local machine=$1; shift
  local home=$work/$machine/home
  local journal=()
  [ "$machine" = B ] && journal=(POMO_JOURNAL="$journal_b/")
  env -i HOME="$home" PATH=/usr/bin:/bin TZ=UTC LANG=C.UTF-8 \
    XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
    XDG_STATE_HOME="$home/.local/state" XDG_CACHE_HOME="$home/.cache" \
    "${journal[@]}" "$pomo" "$@"
}

# Syncthing: keys, then a config of our own, then the two instances.
new_cli=false
syncthing generate --help >/dev/null 2>&1 && new_cli=true
syncthing_env=(env HOME="$work/syncthing-home" STNODEFAULTFOLDER=1 STNOUPGRADE=1 STNORESTART=1)
mkdir -p "$work/syncthing-home"
for machine in A B; do
  home=$work/$machine/syncthing
  if $new_cli; then
    "${syncthing_env[@]}" syncthing generate --home="$home" --no-default-folder --skip-port-probing >"$home/generate.log" 2>&1 \
      || abort "syncthing generate: $(cat "$home/generate.log")"
  else
    "${syncthing_env[@]}" syncthing -generate="$home" >"$home/generate.log" 2>&1 \
      || abort "syncthing -generate: $(cat "$home/generate.log")"
  fi
done
device_id() {
  if $new_cli; then "${syncthing_env[@]}" syncthing serve --home="$1" --device-id
  else "${syncthing_env[@]}" syncthing -home="$1" -device-id; fi
}
id_a=$(device_id "$work/A/syncthing") || abort "syncthing did not tell machine A's device id"
id_b=$(device_id "$work/B/syncthing") || abort "syncthing did not tell machine B's device id"
helper configure "$work/A/syncthing" machine-a "$gui_a" "$listen_a" "$key_a" "$id_b" machine-b "$listen_b" "$folder_id" "$journal_a"
helper configure "$work/B/syncthing" machine-b "$gui_b" "$listen_b" "$key_b" "$id_a" machine-a "$listen_a" "$folder_id" "$journal_b"

started=$SECONDS
for machine in A B; do
  home=$work/$machine/syncthing
  if $new_cli; then
    "${syncthing_env[@]}" syncthing serve --home="$home" --no-browser --no-restart >"$work/syncthing-$machine.log" 2>&1 &
  else
    "${syncthing_env[@]}" syncthing -home="$home" -no-browser -no-restart >"$work/syncthing-$machine.log" 2>&1 &
  fi
  syncthing_pids+=($!)
done

wait_sync() { # wait_sync STAGE: until both folders are in sync (90 s at most)
  local seconds
  if seconds=$(helper wait-sync 90 "${sync_args[@]}" 2>"$work/wait-sync.err"); then
    pass "the journal folders are in sync $1 (${seconds}s)"
  else
    abort "the journal folders are in sync $1: $(cat "$work/wait-sync.err")"
  fi
}

step "Syncthing A answers on 127.0.0.1:$gui_a" helper wait-up "$gui_a" "$key_a" 60
step "Syncthing B answers on 127.0.0.1:$gui_b" helper wait-up "$gui_b" "$key_b" 60
step "the two Syncthings connect over tcp://127.0.0.1 (A:$listen_a, B:$listen_b)" \
  helper wait-connected "$gui_a" "$key_a" "$id_b" 60
sync_args=("$folder_id" "$journal_a" "$gui_a" "$key_a" "$id_a" "$journal_b" "$gui_b" "$key_b" "$id_b")
step "the empty journal folders are in sync" helper wait-sync 60 "${sync_args[@]}"

# ---------------------------------------------------------------------------------------------
# 1. Both machines record at the same time.
printf '{"round":[{"name":"go","kind":"work","duration":"1s"}]}\n' >"$work/tiny.json"
adds=6
record() { # record A|B: a timed 1-second session and $adds added ones, at once
  local machine=$1 status=0
  pomo_on "$machine" start "$work/tiny.json" </dev/null >"$work/$machine/start.out" 2>&1 &
  local start_pid=$!
  pomo_on "$machine" add 25m --start -3h --tag "$machine" --tag reading >/dev/null || status=1
  pomo_on "$machine" add work --start 'yesterday 09:00' --tag "$machine" --note "from $machine" >/dev/null || status=1
  pomo_on "$machine" add work --start -6h --end -5h --tag "$machine" >/dev/null || status=1
  pomo_on "$machine" add 50m --start 'yesterday 13:00' --tag "$machine" --tag thesis >/dev/null || status=1
  pomo_on "$machine" add 40s/20s --start -2h --rounds 8 --tag "$machine" >/dev/null || status=1
  pomo_on "$machine" add 15m --start -30m --tag "$machine" >/dev/null || status=1
  local start_status=0
  wait $start_pid || start_status=$?
  if [ $start_status != 0 ]; then
    echo "pomo start on $machine: exit $start_status" >&2
    cat "$work/$machine/start.out" >&2
    status=1
  fi
  return $status
}
record A >"$work/A/record.log" 2>&1 &
record_a=$!
record B >"$work/B/record.log" 2>&1 &
record_b=$!
for machine in A B; do
  pid=$record_a; [ $machine = B ] && pid=$record_b
  if wait $pid; then
    pass "machine $machine recorded $adds added sessions and a real 1-second one, while the other did too"
  else
    abort "machine $machine could not record: $(cat "$work/$machine/record.log")"
  fi
done

# Each machine's own file, and the sessions in it, as recorded (before any sync).
for machine in A B; do
  pomo_on $machine journal --json >"$work/$machine/journal-before.json"
  helper own-file "$work/$machine/journal-before.json" >"$work/$machine/own-file"
  helper sessions "$(cat "$work/$machine/own-file")" >"$work/$machine/recorded-ids"
done
own_a=$(basename "$(cat "$work/A/own-file")")
own_b=$(basename "$(cat "$work/B/own-file")")
recorded=$(cat "$work/A/recorded-ids" "$work/B/recorded-ids" | wc -l)
check "the machines write different files ($own_a, $own_b)" test "$own_a" != "$own_b"
own_file_complete() { # own_file_complete A|B: all the machine's sessions went to its own file
  local machine=$1 count
  count=$(wc -l <"$work/$machine/recorded-ids")
  [ "$count" = $((adds + 1)) ] && return 0
  echo "$(basename "$(cat "$work/$machine/own-file")") holds $count; the folder holds" \
    "$(cd "$(dirname "$(cat "$work/$machine/own-file")")" && echo *.jsonl)" \
    "(pomo runs at once on a fresh machine may each make a machine id)"
  return 1
}
for machine in A B; do
  check "machine $machine wrote its $((adds + 1)) sessions to its own file" own_file_complete $machine
done

wait_sync "after recording"

compare() { # compare STAGE EXPECTED_IDS_FILE: both machines print the same log and report
  local stage=$1 expected=$2 count
  count=$(wc -l <"$expected")
  for machine in A B; do
    pomo_on $machine log --json -n 1000 >"$work/$machine/log-$stage.json" 2>"$work/$machine/log-$stage.err"
    pomo_on $machine report --from 2026-01-01 --format json >"$work/$machine/report-$stage.json" 2>"$work/$machine/report-$stage.err"
    pomo_on $machine journal --json >"$work/$machine/journal-$stage.json"
  done
  check "$stage: both machines print byte-identical 'pomo log --json -n 1000'" \
    cmp "$work/A/log-$stage.json" "$work/B/log-$stage.json"
  check "$stage: both machines print byte-identical 'pomo report --from 2026-01-01 --format json'" \
    cmp "$work/A/report-$stage.json" "$work/B/report-$stage.json"
  check "$stage: the readers warn about nothing" \
    test ! -s "$work/A/log-$stage.err" -a ! -s "$work/B/log-$stage.err" -a ! -s "$work/A/report-$stage.err" -a ! -s "$work/B/report-$stage.err"
  for machine in A B; do
    check "$stage: machine $machine's log holds every session expected, none lost or doubled" \
      helper log-check "$work/$machine/log-$stage.json" "$expected"
    check "$stage: machine $machine's report counts $count sessions" \
      helper report-check "$work/$machine/report-$stage.json" "$count"
    check "$stage: machine $machine's 'pomo journal' sees both files" \
      helper journal-check "$work/$machine/journal-$stage.json" 2 "$((adds + 1))"
  done
}
cat "$work/A/recorded-ids" "$work/B/recorded-ids" >"$work/expected-recorded"
compare recorded "$work/expected-recorded"

# ---------------------------------------------------------------------------------------------
# 2. Each machine corrects sessions the other recorded. A machine finds the other's sessions in
# the other's file as it arrived here. The edit and the delete run on both machines at once. Then
# A deletes a session and takes that back with `pomo undo`, and after it B does the same: undo
# takes back the latest correction made on ANY machine, so were both pairs run at once, which
# delete an undo took back would depend on whether the other's delete had arrived in between.
new_start=$(date -u -d '3 days ago' +%Y-%m-%dT08:15:00Z)
for machine in A B; do
  other_file=$(helper other-file "$work/$machine/journal-recorded.json" 2>&1) || abort "machine $machine: $other_file"
  mapfile -t theirs < <(helper sessions "$other_file")
  # the session to edit, the one to delete, the one to delete and bring back
  printf '%s\n' "${theirs[1]}" "${theirs[2]}" "${theirs[3]}" >"$work/$machine/targets"
done
target() { sed -n "$2p" "$work/$1/targets"; } # target A|B 1|2|3
correct() { # correct A|B: edit and delete sessions of the other machine
  local machine=$1
  pomo_on "$machine" edit "$(target "$machine" 1)" --tag "fixed-on-$machine" --note "corrected on $machine" \
    --start "$new_start" &&
    pomo_on "$machine" delete "$(target "$machine" 2)"
}
correct A >"$work/A/correct.log" 2>&1 &
correct_a=$!
correct B >"$work/B/correct.log" 2>&1 &
correct_b=$!
for machine in A B; do
  pid=$correct_a; [ $machine = B ] && pid=$correct_b
  if wait $pid; then
    pass "machine $machine edited and deleted sessions of the other machine, while the other did too"
  else
    abort "machine $machine could not correct: $(cat "$work/$machine/correct.log")"
  fi
done
for machine in A B; do
  if pomo_on $machine delete "$(target $machine 3)" >>"$work/$machine/correct.log" 2>&1 &&
    pomo_on $machine undo >>"$work/$machine/correct.log" 2>&1; then
    pass "machine $machine deleted a session of the other machine and took that back with 'pomo undo'"
  else
    abort "machine $machine could not delete and undo: $(cat "$work/$machine/correct.log")"
  fi
done

wait_sync "after the corrections"

# Expected now: everything recorded, minus the two deleted sessions.
removed_a=$(target A 2)
removed_b=$(target B 2)
grep -v -x -e "$removed_a" -e "$removed_b" "$work/expected-recorded" >"$work/expected-corrected"
check "corrected: $recorded recorded minus 2 deleted is $(wc -l <"$work/expected-corrected")" \
  test "$(wc -l <"$work/expected-corrected")" = $((recorded - 2))
compare corrected "$work/expected-corrected"

corrections_show() { # corrections_show VIEWER CORRECTOR
  local viewer=$1 corrector=$2 log edit restore tags note start
  log=$work/$viewer/log-corrected.json
  edit=$(target "$corrector" 1)
  restore=$(target "$corrector" 3)
  tags=$(helper session "$log" "$edit" tags)
  note=$(helper session "$log" "$edit" note)
  start=$(helper session "$log" "$edit" start)
  case $tags in *"\"fixed-on-$corrector\""*) ;; *) echo "edited ${edit:0:8} has tags $tags"; return 1 ;; esac
  [ "$note" = "\"corrected on $corrector\"" ] || { echo "edited ${edit:0:8} has note $note"; return 1; }
  helper same-instant "$start" "$new_start" || { echo "edited ${edit:0:8} starts $start, not $new_start"; return 1; }
  [ "$(helper session "$log" "$restore" id)" != absent ] || { echo "undone deletion: ${restore:0:8} is missing"; return 1; }
  echo "${edit:0:8} tagged, noted and moved; ${restore:0:8} back"
}
for viewer in A B; do
  for corrector in A B; do
    other=B; [ $corrector = B ] && other=A
    check "corrected: machine $viewer shows what machine $corrector corrected in machine $other's sessions" \
      corrections_show $viewer $corrector
  done
done

echo "sync-test: $((SECONDS - started))s with Syncthing running"
if [ $failures != 0 ]; then
  aborted=yes
  show_logs
  echo "sync-test: FAILED ($failures of $checks checks)"
  exit 1
fi
echo "sync-test: all $checks checks passed"
