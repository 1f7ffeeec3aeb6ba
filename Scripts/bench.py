#!/usr/bin/env python3
"""pomo's benchmarks. Run through Scripts/bench.sh, which installs the peers and builds pomo."""
import argparse
import datetime
import random
import statistics
import uuid
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_in_pty(argv, seconds, env, columns=80):
    """Runs argv on a pseudo-terminal for `seconds`, draining its output, then SIGTERM.
    Returns (cpu seconds, peak RSS in MB, wall seconds)."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        os.execvpe(argv[0], argv, env)
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    os.kill(pid, signal.SIGTERM)
    while True:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                if not os.read(fd, 65536):
                    break
            except OSError:
                break
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
    else:
        pass
    if not done:
        _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    os.close(fd)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, wall


def accuracy(pomo, env, phases=6, seconds=10):
    """Runs a session of `phases` x `seconds` with output piped; times each line's arrival."""
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "accuracy.json")
    with open(preset, "w") as f:
        json.dump({"rounds": phases // 2, "round": [
            {"name": "work", "kind": "work", "duration": seconds},
            {"name": "rest", "kind": "rest", "duration": seconds}]}, f)
    launched = time.monotonic()
    proc = subprocess.Popen([pomo, "start", preset], stdout=subprocess.PIPE, env=env, text=True)
    first_start = None
    ends = []
    for line in proc.stdout:
        now = time.monotonic()
        if "  start   " in line and first_start is None:
            first_start = now
        if "  done    " in line:
            ends.append(now)
    proc.wait()
    total = time.monotonic() - launched
    lateness = [(t - (first_start + seconds * (i + 1))) * 1000 for i, t in enumerate(ends)]
    shutil.rmtree(folder)
    return lateness, total, phases * seconds


def section_session(args, env):
    print("## Counting down: CPU, accuracy, memory")
    print(f"(a {args.seconds} s run of a 25 min focus phase on an 80-column pseudo-terminal)")
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "focus.json")
    with open(preset, "w") as f:
        json.dump({"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}, f)
    home_env = dict(env, HOME=folder, LANG="C.UTF-8", TERM="xterm-256color")
    results = {}

    def measure(name, argv):
        results[name] = run_in_pty(argv, args.seconds, home_env)

    def measure_accuracy():
        # A HOME of its own: pomo runs one session at a time per user.
        own = tempfile.mkdtemp()
        results["accuracy"] = accuracy(args.pomo, dict(home_env, HOME=own))
        shutil.rmtree(own)

    threads = [threading.Thread(target=measure, args=("pomo", [args.pomo, "start", preset, "--no-notify"]))]
    termdown = shutil.which("termdown")
    if termdown:
        threads.append(threading.Thread(target=measure, args=("termdown", [termdown, "25m"])))
    threads.append(threading.Thread(target=measure_accuracy))
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    pomo_cpu, pomo_rss, pomo_wall = results["pomo"]
    pomo_rate = pomo_cpu / (pomo_wall / 60)
    print()
    print("| tool | CPU per minute | peak RSS |")
    print("| --- | --- | --- |")
    print(f"| pomo | {pomo_rate:.4f} s | {pomo_rss:.1f} MB |")
    if "termdown" in results:
        td_cpu, td_rss, td_wall = results["termdown"]
        td_rate = td_cpu / (td_wall / 60)
        print(f"| termdown | {td_rate:.4f} s | {td_rss:.1f} MB |")
        print()
        print(f"termdown uses {td_rate / max(pomo_rate, 1e-6):.0f}x pomo's CPU. Target: pomo at most 0.02 s per minute.")
    lateness, total, planned = results["accuracy"]
    print()
    print(f"Phase ends, piped, {len(lateness)} phases of 10 s: latest {max(lateness):.1f} ms after the deadline, "
          f"earliest {min(lateness):.1f} ms (target: within 5 ms).")
    print(f"Whole {planned} s session, startup included: {total:.3f} s ({(total - planned) * 1000:+.1f} ms; target within 50 ms).")
    print(f"Peak RSS while running: {pomo_rss:.1f} MB (target at most 15 MB).")
    shutil.rmtree(folder)


def hyperfine(commands, runs, warmup, env):
    """Times commands with hyperfine (no shell); returns mean seconds for each."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(["hyperfine", "-N", "--style", "none", "--runs", str(runs), "--warmup", str(warmup),
                        "--export-json", out.name] + commands, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out.name) as f:
            return [r["mean"] for r in json.load(f)["results"]]


def peak(argv, env):
    """Runs argv once; returns (wall seconds, peak RSS in MB)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024.0


def section_status(args, env):
    print("## pomo status while a session runs")
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "focus.json")
    with open(preset, "w") as f:
        json.dump({"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}, f)
    home = dict(env, HOME=folder)
    runner = subprocess.Popen([args.pomo, "start", preset, "--no-notify"], env=home,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    state = os.path.join(folder, ".local/state/pomo/current.json")
    while not os.path.exists(state):
        time.sleep(0.01)
    text, js = hyperfine([f"{args.pomo} status", f"{args.pomo} status --json"], 200, 20, home)
    runner.terminate()
    runner.wait()
    idle, = hyperfine([f"{args.pomo} status"], 200, 20, home)
    print()
    print("| command | mean |")
    print("| --- | --- |")
    print(f"| pomo status (running) | {text * 1000:.2f} ms |")
    print(f"| pomo status --json (running) | {js * 1000:.2f} ms |")
    print(f"| pomo status (idle) | {idle * 1000:.2f} ms |")
    print()
    print("Target: at most 10 ms.")
    shutil.rmtree(folder)


def journals(args):
    """Generated journals, kept between runs in .build/bench (they take a while to write)."""
    folder = os.path.join(ROOT, ".build", "bench")
    os.makedirs(folder, exist_ok=True)
    made = {}
    for count in args.sizes:
        path = os.path.join(folder, f"journal-{count}.jsonl")
        timew = os.path.join(folder, f"timew-{count}") if count <= 100000 else None
        if not os.path.exists(path) or (timew and not os.path.exists(timew)):
            cmd = [sys.executable, os.path.join(ROOT, "Scripts", "genjournal.py"), str(count), path]
            if timew:
                cmd += ["--timew", timew]
            subprocess.run(cmd, check=True)
        made[count] = (path, timew)
    return folder, made


def section_report(args, env):
    print("## pomo report over generated journals")
    folder, made = journals(args)
    cache = tempfile.mkdtemp()
    base = dict(env, XDG_CACHE_HOME=cache, HOME=cache, TZ="UTC")
    empty = os.path.join(cache, "none.jsonl")
    rows = []
    first = {}
    for count, (path, _) in made.items():
        first[count] = peak([args.pomo, "report", "--week", "--journal", path], base)
    week = hyperfine([f"{args.pomo} report --week --journal {empty}"] +
                     [f"{args.pomo} report --week --journal {made[c][0]}" for c in made], 20, 3, base)
    print()
    print("| journal | `report --week` | first run (builds the index) |")
    print("| --- | --- | --- |")
    print(f"| empty | {week[0] * 1000:.1f} ms | |")
    for i, count in enumerate(made):
        size = os.path.getsize(made[count][0]) / 1e6
        print(f"| {count:,} sessions ({size:.0f} MB) | {week[i + 1] * 1000:.1f} ms | {first[count][0]:.2f} s |")
    print()
    print("Targets: at most 15 ms over 1,000,000 sessions, and at most twice the empty journal's time.")
    print()
    print("| journal | full history (`report --from` 2000-01-01 or the first session) | peak RSS | `timew summary :all` (same sessions) |")
    print("| --- | --- | --- | --- |")
    for count, (path, timew) in made.items():
        # Full history: from 2000-01-01, or from the first session when the journal is older.
        with open(path) as f:
            first_day = json.loads(f.readline())["start"][:10]
        since = min("2000-01-01", first_day)
        full, = hyperfine([f"{args.pomo} report --from {since} --journal {path}"], 5 if count <= 100000 else 3, 1, base)
        _, rss = peak([args.pomo, "report", "--from", since, "--journal", path], base)
        peer = ""
        if timew and shutil.which("timew"):
            tw_env = dict(base, TIMEWARRIORDB=timew)
            subprocess.run(["timew", "summary", ":week"], env=tw_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           input=b"yes\n")
            tw, = hyperfine(["timew summary :all"], 2, 0, tw_env)
            tw_week, = hyperfine(["timew summary :week"], 3, 1, tw_env)
            peer = f"{tw:.2f} s (`:week` {tw_week * 1000:.0f} ms)"
        print(f"| {count:,} sessions (since {first_day}) | {full:.3f} s | {rss:.1f} MB | {peer} |")
    print()
    print("Targets: 100,000 sessions at most 0.5 s and 64 MB; 1,000,000 sessions at most 5 s.")
    shutil.rmtree(cache)


def rfc3339(text):
    """Seconds since 1970 for pomo's timestamps: 2026-12-01T09:00:00.250+01:00."""
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def shown_seconds(line):
    """The seconds left in a status line such as 'WORK focus 24:58 (0%, round 1/1)'."""
    words = line.split()
    if len(words) < 3 or ":" not in words[2]:
        return None
    parts = [int(p) for p in words[2].split(":")]
    return parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0] * 3600 + parts[1] * 60 + parts[2]


def cpu_now(pid):
    """A running process's CPU seconds so far (Linux: /proc/PID/schedstat, in nanoseconds)."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[0]) / 1e9
    except OSError:
        return None


class Follower:
    """`pomo status --follow`, its lines stamped with their arrival (wall clock), and its CPU
    from its first line on (start-up left out)."""

    def __init__(self, pomo, env):
        self.first = None
        self.proc = subprocess.Popen([pomo, "status", "--follow"], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = []
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        for line in self.proc.stdout:
            if self.first is None:
                self.first = (time.monotonic(), cpu_now(self.proc.pid))
            self.lines.append((time.time(), line.rstrip("\n")))

    def wait_for(self, predicate, timeout=30):
        giveup = time.monotonic() + timeout
        while time.monotonic() < giveup:
            if any(predicate(text) for _, text in self.lines):
                return True
            time.sleep(0.005)
        return False

    def stop(self):
        """Ends it; returns its CPU seconds per minute: in all, and from its first line on."""
        end = (time.monotonic(), cpu_now(self.proc.pid))
        self.proc.terminate()
        _, _, usage = os.wait4(self.proc.pid, 0)
        self.proc.returncode = 0
        total = (usage.ru_utime + usage.ru_stime) / ((end[0] - self.started) / 60)
        steady = None
        if self.first and self.first[1] is not None and end[1] is not None:
            steady = (end[1] - self.first[1]) / ((end[0] - self.first[0]) / 60)
        return total, steady


def control_socket(run, state_folder):
    """The session's socket: named for its state folder (FNV-1a, 64 bits, of the resolved path)."""
    h = 0xcbf29ce484222325
    for byte in os.path.realpath(state_folder).encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return os.path.join(run, "pomo", f"control-{h:016x}.sock")


def control_home(pomo, preset, env):
    """A HOME of its own (one session per user), with XDG_RUNTIME_DIR inside it."""
    folder = tempfile.mkdtemp()
    run = os.path.join(folder, "run")
    os.mkdir(run, 0o700)
    home = dict(env, HOME=folder, XDG_RUNTIME_DIR=run, LANG="C.UTF-8")
    home.pop("XDG_STATE_HOME", None)
    return folder, home, control_socket(run, os.path.join(folder, ".local", "state", "pomo"))


def start_session(pomo, preset, home, socket_path):
    session = subprocess.Popen([pomo, "start", preset, "--no-notify"], env=home,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not os.path.exists(socket_path):
        time.sleep(0.005)
    return session


def stop_session(session):
    """Ends it; returns its CPU seconds and wall seconds of life."""
    session.terminate()
    _, _, usage = os.wait4(session.pid, 0)
    session.returncode = 0
    return usage.ru_utime + usage.ru_stime


def socket_request(path, text):
    """One request over the control socket; returns the reply line."""
    import socket
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.sendall(text.encode() + b"\n")
        reply = b""
        while not reply.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
        return reply.decode()


def section_control(args, env):
    print("## Steering a running session: commands and the live feed")
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "focus.json")
    with open(preset, "w") as f:
        json.dump({"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}, f)

    # A session with three followers beside one with none, for the same time.
    fed_folder, fed_home, fed_socket = control_home(args.pomo, preset, env)
    alone_folder, alone_home, alone_socket = control_home(args.pomo, preset, env)
    fed = start_session(args.pomo, preset, fed_home, fed_socket)
    alone = start_session(args.pomo, preset, alone_home, alone_socket)
    began = time.monotonic()
    followers = [Follower(args.pomo, fed_home) for _ in range(3)]
    for f in followers:
        f.wait_for(lambda t: t.startswith("WORK"))
    # The sessions' CPU while followed, start-up left out.
    steady_from = (time.monotonic(), cpu_now(fed.pid), cpu_now(alone.pid))
    time.sleep(args.seconds)
    steady_to = (time.monotonic(), cpu_now(fed.pid), cpu_now(alone.pid))
    steady_minutes = (steady_to[0] - steady_from[0]) / 60
    state = json.load(open(os.path.join(fed_folder, ".local/state/pomo/current.json")))
    deadline = rfc3339(state["phase"]["deadline"])
    follower_cpu = [f.stop() for f in followers]
    fed_cpu = stop_session(fed)
    alone_cpu = stop_session(alone)
    minutes = (time.monotonic() - began) / 60

    # Each second's line: how long after that second began (the deadline minus the seconds shown).
    delays = []
    previous = None
    for arrived, text in followers[0].lines:
        left = shown_seconds(text)
        if left is not None and left != previous and previous is not None:
            delays.append((arrived - (deadline - left)) * 1000)
        previous = left
    delays.sort()

    # Commands: the round trip of `pomo pause` (a process, as a key binding runs it), and the
    # feed's line after a pause or resume (from sending the command to the line's arrival).
    cmd_folder, cmd_home, cmd_socket = control_home(args.pomo, preset, env)
    session = start_session(args.pomo, preset, cmd_home, cmd_socket)
    pause_median, pause_mean = hyperfine_median([f"{args.pomo} pause"], 200, 20, cmd_home)
    socket_request(cmd_socket, "resume")
    # `pomo tag`: a tag the session has already, so the record stays small.
    tag_median, tag_mean = hyperfine_median([f"{args.pomo} tag bench"], 200, 20, cmd_home)
    # `pomo mark`: each run adds a mark to the focus phase (220 in all, under
    # the 1,000 a phase keeps), and the session saves its state file with them.
    mark_median, mark_mean = hyperfine_median([f"{args.pomo} mark internal bench"], 200, 20, cmd_home)
    follower = Follower(args.pomo, cmd_home)
    follower.wait_for(lambda t: t.startswith("WORK"))
    after_command = []
    raw = []
    for i in range(20):
        seen = len(follower.lines)
        word = "PAUSED" if i % 2 == 0 else "WORK"
        sent = time.time()
        socket_request(cmd_socket, "pause" if word == "PAUSED" else "resume")
        raw.append((time.time() - sent) * 1000)
        giveup = time.monotonic() + 5
        while time.monotonic() < giveup and not any(t.startswith(word) for _, t in follower.lines[seen:]):
            time.sleep(0.0005)
        arrived = next(a for a, t in follower.lines[seen:] if t.startswith(word))
        after_command.append((arrived - sent) * 1000)
    follower.stop()
    stop_session(session)
    after_command.sort()
    raw.sort()

    # 200 followers (`status --follow`) arrive, 50 of them with a reader that goes at once,
    # while commands are sent: each command's round trip over the socket.
    crowd_folder, crowd_home, crowd_socket = control_home(args.pomo, preset, env)
    session = start_session(args.pomo, preset, crowd_home, crowd_socket)
    crowd = []
    for i in range(200):
        if i % 4 == 0:
            reader, writer = os.pipe()
            p = subprocess.Popen([args.pomo, "status", "--follow"], env=crowd_home, stdout=writer,
                                 stderr=subprocess.DEVNULL)
            os.close(writer)
            os.close(reader)
        else:
            p = subprocess.Popen([args.pomo, "status", "--follow"], env=crowd_home, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        crowd.append(p)
    crowded = []
    for i in range(40):
        sent = time.monotonic()
        socket_request(crowd_socket, "pause" if i % 2 == 0 else "resume")
        crowded.append((time.monotonic() - sent) * 1000)
    crowded.sort()
    for p in crowd:
        if p.poll() is None:
            p.kill()
        p.wait()
    stop_session(session)
    shutil.rmtree(crowd_folder)

    def median(values):
        return values[len(values) // 2] if values else float("nan")

    print()
    print("| what | measured | target |")
    print("| --- | --- | --- |")
    print(f"| `pomo pause` round trip (a new process), median | {pause_median * 1000:.2f} ms (mean {pause_mean * 1000:.2f} ms) | at most 10 ms |")
    print(f"| `pomo tag` round trip (a new process), median | {tag_median * 1000:.2f} ms (mean {tag_mean * 1000:.2f} ms) | at most 10 ms |")
    print(f"| `pomo mark` round trip (a new process), median | {mark_median * 1000:.2f} ms (mean {mark_mean * 1000:.2f} ms) | at most 10 ms |")
    print(f"| the same request over the socket alone, median | {median(raw):.2f} ms | |")
    print(f"| the same with 200 followers arriving (50 with dead readers), median / max (40) | "
          f"{median(crowded):.2f} ms / {max(crowded):.2f} ms | at most 10 ms |")
    print(f"| `--follow` line after the second it shows begins, median / max ({len(delays)} lines) | "
          f"{median(delays):.2f} ms / {max(delays):.2f} ms | at most 5 ms |")
    print(f"| `--follow` line after a pause or resume is sent, median / max (20) | "
          f"{median(after_command):.2f} ms / {max(after_command):.2f} ms | at most 5 ms |")
    def per_minute(values):
        return ", ".join("n/a" if v is None else f"{v:.4f}" for v in values)

    steady_fed = steady_alone = None
    if None not in steady_from and None not in steady_to:
        steady_fed = (steady_to[1] - steady_from[1]) / steady_minutes
        steady_alone = (steady_to[2] - steady_from[2]) / steady_minutes
    print(f"| a follower's CPU per minute while following (three followers) | "
          f"{per_minute([s for _, s in follower_cpu])} s | at most 0.005 s |")
    print(f"| the same, start-up included | {per_minute([t for t, _ in follower_cpu])} s | |")
    print(f"| a session's CPU per minute with three followers | {per_minute([steady_fed])} s "
          f"(start-up included: {fed_cpu / minutes:.4f} s) | at most 0.03 s |")
    print(f"| the same session with none, beside it | {per_minute([steady_alone])} s "
          f"(start-up included: {alone_cpu / minutes:.4f} s) | |")
    print()
    print(f"({args.seconds:.0f} s of a 25 min focus phase, output piped; CPU from /proc/PID/schedstat while running, "
          f"and from rusage at the end for the figures with start-up.)")
    for path in (folder, fed_folder, alone_folder, cmd_folder):
        shutil.rmtree(path)


def hyperfine_median(commands, runs, warmup, env):
    """Times one command with hyperfine (no shell); returns its (median, mean) seconds."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(["hyperfine", "-N", "--style", "none", "--runs", str(runs), "--warmup", str(warmup),
                        "--export-json", out.name] + commands, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out.name) as f:
            result = json.load(f)["results"][0]
            return result["median"], result["mean"]


def corrections_for(path, out, count, seed=7):
    """Copies a journal and appends `count` corrections to random sessions: tags and notes,
    a quarter of them moving the session by hours to weeks, one in ten deleting it."""
    rng = random.Random(seed)
    sessions = []
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            sessions.append((record["id"], record["start"], record["end"]))
    shutil.copyfile(path, out)
    stamp = lambda t: datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")
    parse = lambda s: datetime.datetime.fromisoformat(s).timestamp()
    now = time.time()
    deleted = set()
    with open(out, "a") as f:
        for k in range(count):
            sid, start, end = rng.choice(sessions)
            at = stamp(now - (count - k))
            cid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            roll = rng.random()
            if roll < 0.1:
                deleted.add(sid)
                f.write('{"v":2,"kind":"delete","id":"%s","target":"%s","at":"%s","host":"bench"}\n' % (cid, sid, at))
                continue
            fields = ['"tags":["fixed","t%d"]' % rng.randint(1, 20), '"note":"corrected %d"' % k]
            if roll < 0.35:
                shift = rng.choice([3600, 86400, 7 * 86400, 30 * 86400]) * rng.choice([-1, 1])
                fields += ['"start":"%s"' % stamp(parse(start) + shift), '"end":"%s"' % stamp(parse(end) + shift)]
            f.write('{"v":2,"kind":"amend","id":"%s","target":"%s","at":"%s","host":"bench","set":{%s}}\n'
                    % (cid, sid, at, ",".join(fields)))
    return [s[0] for s in sessions if s[0] not in deleted]


def timed(argv, env):
    """Wall seconds of one run."""
    began = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - began


def section_history(args, env):
    print("## Correcting history (100,000 sessions)")
    folder = os.path.join(ROOT, ".build", "bench")
    os.makedirs(folder, exist_ok=True)
    plain = os.path.join(folder, "journal-100000.jsonl")
    if not os.path.exists(plain):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "genjournal.py"), "100000", plain], check=True)
    cache = tempfile.mkdtemp()
    base = dict(env, XDG_CACHE_HOME=cache, HOME=cache, TZ="UTC")
    corrected = os.path.join(cache, "corrected.jsonl")
    ids = corrections_for(plain, corrected, 10000)
    week = hyperfine([f"{args.pomo} report --week --journal {plain}", f"{args.pomo} report --week --journal {corrected}"],
                     20, 3, base)
    full = hyperfine([f"{args.pomo} report --from 2000-01-01 --journal {plain}",
                      f"{args.pomo} report --from 2000-01-01 --journal {corrected}"], 5, 1, base)
    print()
    print("| `report` at 100,000 sessions | no corrections | 10,000 corrections | ratio |")
    print("| --- | --- | --- | --- |")
    print(f"| `--week` | {week[0] * 1000:.1f} ms | {week[1] * 1000:.1f} ms | {week[1] / week[0]:.2f}x |")
    print(f"| full history | {full[0] * 1000:.0f} ms | {full[1] * 1000:.0f} ms | {full[1] / full[0]:.2f}x |")
    print()
    print("Target: `--week` with 10,000 corrections at most 2x the same report with none.")
    rng = random.Random(3)
    picks = rng.sample(ids, 40)
    edits = [timed([args.pomo, "edit", sid[:8], "--note", f"bench {k}", "--journal", corrected], base)
             for k, sid in enumerate(picks[:20])]
    deletes = [timed([args.pomo, "delete", sid[:8], "--journal", corrected], base) for sid in picks[20:]]
    undos = [timed([args.pomo, "undo", "--journal", corrected], base) for _ in range(10)]
    print()
    print("| at 100,000 sessions, by 8-character id prefix | median | slowest |")
    print("| --- | --- | --- |")
    for name, values in [("`pomo edit ID --note ...`", edits), ("`pomo delete ID`", deletes), ("`pomo undo`", undos)]:
        print(f"| {name} | {statistics.median(values) * 1000:.1f} ms | {max(values) * 1000:.1f} ms |")
    print()
    print("Target: edit or delete by id prefix at most 50 ms.")
    # Importing 10,000 Timewarrior intervals (the `timew export` shape).
    export = os.path.join(cache, "timew.json")
    rng = random.Random(5)
    t0 = int(time.time()) - 10000 * 7200
    stamp = lambda t: datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    with open(export, "w") as f:
        json.dump([{"id": k + 1, "start": stamp(t0 + k * 7200), "end": stamp(t0 + k * 7200 + rng.randint(600, 5400)),
                    "tags": rng.choice([["thesis"], ["code", "pomo"], []]),
                    **({"annotation": "note %d" % k} if k % 3 == 0 else {})} for k in range(10000)], f)
    runs = []
    for k in range(5):
        target = os.path.join(cache, f"import-{k}.jsonl")
        runs.append(timed([args.pomo, "import", "--from", "timewarrior", export, "--journal", target], base))
    again = timed([args.pomo, "import", "--from", "timewarrior", export, "--journal", target], base)
    print()
    print(f"Importing 10,000 Timewarrior intervals: median {statistics.median(runs) * 1000:.0f} ms"
          f" (again, all already present: {again * 1000:.0f} ms). Target: at most 1 s.")
    shutil.rmtree(cache)


def section_folder(args, env):
    print("## A journal folder of 10 machine files")
    folder = os.path.join(ROOT, ".build", "bench")
    os.makedirs(folder, exist_ok=True)
    single = os.path.join(folder, "journal-100000.jsonl")
    if not os.path.exists(single):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "genjournal.py"), "100000", single], check=True)
    # Two folders of 10 files of 100,000 sessions: one where the machines take turns (a
    # session every 15 hours each, so a week holds as many sessions as the single file's),
    # and one where all ten record a session every 90 minutes at once (ten times as many).
    layouts = {"turns": 54000, "at once": 5400}
    paths = {}
    for name, spacing in layouts.items():
        machines = os.path.join(folder, "machines-%d" % spacing)
        os.makedirs(machines, exist_ok=True)
        for k in range(10):
            path = os.path.join(machines, f"host{k}-aaaaa{k}.jsonl")
            if not os.path.exists(path):
                subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "genjournal.py"), "100000", path,
                                "--seed", str(100 + k), "--spacing", str(spacing)], check=True)
        paths[name] = machines + "/"
    cache = tempfile.mkdtemp()
    base = dict(env, XDG_CACHE_HOME=cache, HOME=cache, TZ="UTC")
    first = {name: peak([args.pomo, "report", "--week", "--journal", path], base)[0] for name, path in paths.items()}
    week = hyperfine([f"{args.pomo} report --week --journal {single}"] +
                     [f"{args.pomo} report --week --journal {paths[n]}" for n in layouts], 20, 3, base)
    log = hyperfine([f"{args.pomo} log --journal {single}"] +
                    [f"{args.pomo} log --journal {paths[n]}" for n in layouts], 20, 3, base)
    print()
    print("| | one file, 100,000 sessions | 10 files of 100,000, machines taking turns | ratio | 10 files of 100,000, all at once (10x the sessions a week) | ratio |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, t in [("`report --week`", week), ("`log`", log)]:
        print(f"| {label} | {t[0] * 1000:.1f} ms | {t[1] * 1000:.1f} ms | {t[1] / t[0]:.2f}x | {t[2] * 1000:.1f} ms | {t[2] / t[0]:.2f}x |")
    print()
    print("The first run over a folder (indexing all 10 files, 1,000,000 sessions): " +
          ", ".join(f"{name} {secs:.2f} s" for name, secs in first.items()) + ".")
    print("Target: `report --week` over the folder at most 2x the single file.")
    shutil.rmtree(cache)


def append_session(path, name, start):
    """Appends one 25-minute completed session starting at `start`, as pomo records it."""
    stamp = lambda t: datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")
    with open(path, "a") as f:
        f.write('{"v":1,"id":"%s","preset":"work","status":"completed","start":"%s","end":"%s",'
                '"tags":[],"note":null,"host":"bench","rounds":1,"paused_seconds":0,"phases":[{"name":"focus",'
                '"kind":"work","round":1,"start":"%s","end":"%s","planned_seconds":1500,"elapsed_seconds":1500,'
                '"completed":true}]}\n' % (name, stamp(start), stamp(start + 1500), stamp(start), stamp(start + 1500)))


def section_spans(args, env):
    """Any span over 1,000,000 sessions, warm, from the day totals, against its targets."""
    print("## Any span, instantly: the day totals (`Scripts/bench.sh spans`)")
    folder, made = journals(args)
    base = dict(env, TZ="UTC")

    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    print()
    print("| journal | first index build (`report --week`, no cache) | then the day totals (first `report --year`) "
          "| `--year` | full history | `--hours --year` | `--week` | cache files |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for count, (path, _) in made.items():
        with open(path) as f:
            since = json.loads(f.readline())["start"][:10]
        builds, totals = [], []
        for _ in range(3):
            cache = tempfile.mkdtemp()
            run_env = dict(base, XDG_CACHE_HOME=cache, HOME=cache)
            builds.append(timed([args.pomo, "report", "--week", "--journal", path], run_env))
            totals.append(timed([args.pomo, "report", "--year", "--journal", path], run_env))
            shutil.rmtree(cache)
        cache = tempfile.mkdtemp()
        run_env = dict(base, XDG_CACHE_HOME=cache, HOME=cache)
        timed([args.pomo, "report", "--year", "--journal", path], run_env)
        year, full, hours, week = hyperfine([
            f"{args.pomo} report --year --journal {path}",
            f"{args.pomo} report --from {since} --journal {path}",
            f"{args.pomo} report --hours --year --journal {path}",
            f"{args.pomo} report --week --journal {path}"], 15, 2, run_env)
        size = sum(os.path.getsize(os.path.join(dirpath, name))
                   for dirpath, _, names in os.walk(cache) for name in names) / 1e6
        shutil.rmtree(cache)
        print(f"| {count:,} sessions | {median(builds):.2f} s | {median(totals):.2f} s | {year * 1000:.1f} ms "
              f"| {full * 1000:.1f} ms | {hours * 1000:.1f} ms | {week * 1000:.1f} ms | {size:.0f} MB |")
    for count, (path, timew) in made.items():
        if timew and shutil.which("timew"):
            tw_env = dict(base, TIMEWARRIORDB=timew)
            tw_year, = hyperfine(["timew summary :year"], 3, 1, tw_env)
            print()
            print(f"Peer, the same {count:,} sessions in Timewarrior: `timew summary :year` {tw_year * 1000:.0f} ms.")
    print()
    print("Targets over 1,000,000 sessions, warm: `--year` at most 20 ms, full history 50 ms, `--hours` over a "
          "year 30 ms; the first index build at most 1.5 s. First builds: the median of 3, each with an empty "
          "cache; warm figures: hyperfine, 15 runs after 2 warm-ups.")

    # What keeping them up to date costs: one session appended, then a long report.
    path = made[min(made)][0]
    work = tempfile.mkdtemp()
    copy = os.path.join(work, "journal.jsonl")
    shutil.copyfile(path, copy)
    run_env = dict(base, XDG_CACHE_HOME=work, HOME=work)
    timed([args.pomo, "report", "--year", "--journal", copy], run_env)
    steps = []
    now = time.time()
    for k in range(5):
        append_session(copy, "bench-append-%d" % k, now - 3600 * (k + 1))
        steps.append(timed([args.pomo, "report", "--year", "--journal", copy], run_env))
    shutil.rmtree(work)
    print()
    print(f"After one session is appended to {min(made):,} sessions, the next `report --year` (which brings the "
          f"index and the totals up to date, and rewrites the totals file): median {median(steps) * 1000:.0f} ms "
          f"of 5.")



def section_core(args, env):
    """The journal core against its targets, over the generated journals: the first build of
    every cache, an append then a week, log over 100,000 sessions as text and JSON (beside
    Python's json.loads over the same file), a full history as JSON, its peak memory, and a
    folder of 10,000 files under `ulimit -n 64`."""
    print("## The journal core (`Scripts/bench.sh core`)")
    folder, made = journals(args)
    base = dict(env, TZ="UTC")
    small, large = made[min(made)][0], made[max(made)][0]

    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    def fresh():
        cache = tempfile.mkdtemp()
        return cache, dict(base, XDG_CACHE_HOME=cache, HOME=cache)

    rows = []
    # Every cache built from nothing: the index (a week) and the day totals (a year).
    builds = []
    for _ in range(3):
        cache, run_env = fresh()
        builds.append(timed([args.pomo, "report", "--week", "--journal", large], run_env) +
                      timed([args.pomo, "report", "--year", "--journal", large], run_env))
        shutil.rmtree(cache)
    rows.append((f"first build of all caches, {max(made):,} sessions (`report --week`, then `--year`)",
                 f"{median(builds):.2f} s", "at most 1.5 s"))
    # One session appended, then the week.
    work, run_env = fresh()
    copy = os.path.join(work, "journal.jsonl")
    shutil.copyfile(large, copy)
    timed([args.pomo, "report", "--year", "--journal", copy], run_env)
    timed([args.pomo, "report", "--week", "--journal", copy], run_env)
    steps = []
    now = time.time()
    for k in range(5):
        append_session(copy, "bench-core-%d" % k, now - 3600 * (k + 1))
        steps.append(timed([args.pomo, "report", "--week", "--journal", copy], run_env))
    shutil.rmtree(work)
    rows.append((f"one session appended, then `report --week`, {max(made):,} sessions (median of 5)",
                 f"{median(steps) * 1000:.1f} ms", "at most 10 ms"))
    # log over 100,000 sessions, text and JSON, warm; Python's json.loads over the same file.
    cache, run_env = fresh()
    timed([args.pomo, "log", "--journal", small], run_env)
    text = median([timed([args.pomo, "log", "--limit", "1000000", "--journal", small], run_env) for _ in range(3)])
    as_json = median([timed([args.pomo, "log", "--limit", "1000000", "--json", "--journal", small], run_env)
                      for _ in range(3)])
    python = median([timed([sys.executable, "-c",
                            "import json,sys\nfor line in open(sys.argv[1],'rb'): json.loads(line)", small], run_env)
                     for _ in range(3)])
    size = os.path.getsize(small) / 1e6
    rows.append((f"`log --limit 1000000`, {min(made):,} sessions", f"{text:.2f} s", "at most 0.5 s"))
    rows.append((f"`log --json`, {min(made):,} sessions ({size:.0f} MB)",
                 f"{as_json:.2f} s (Python's `json.loads` over the file: {python:.2f} s)",
                 "at most 1 s, and faster than Python"))
    shutil.rmtree(cache)
    # A full history as JSON, and its peak memory.
    cache, run_env = fresh()
    with open(large) as f:
        since = json.loads(f.readline())["start"][:10]
    timed([args.pomo, "report", "--from", since, "--journal", large], run_env)
    full_json = median([timed([args.pomo, "report", "--from", since, "--format", "json", "--journal", large], run_env)
                        for _ in range(5)])
    _, rss = peak([args.pomo, "report", "--from", since, "--journal", large], run_env)
    rows.append((f"`report --format json`, full history of {max(made):,} sessions", f"{full_json * 1000:.0f} ms",
                 "at most 100 ms"))
    rows.append((f"peak RSS, full history of {max(made):,} sessions", f"{rss:.0f} MB", "at most 64 MB"))
    shutil.rmtree(cache)
    # A folder of 10,000 files under ulimit -n 64.
    many = os.path.join(folder, "folder-10000")
    if not os.path.isdir(many) or len(os.listdir(many)) < 10000:
        os.makedirs(many, exist_ok=True)
        with open(small) as f:
            lines = [next(f) for _ in range(20000)]
        for k in range(10000):
            with open(os.path.join(many, f"host{k:05d}-aaaaaa.jsonl"), "w") as out:
                out.writelines(lines[2 * k:2 * k + 2])
    cache, run_env = fresh()
    limited = ["prlimit", "--nofile=64", "--", args.pomo]
    ok = subprocess.run(limited + ["report", "--week", "--journal", many + "/"], env=run_env,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    week = median([timed(limited + ["report", "--week", "--journal", many + "/"], run_env) for _ in range(5)]) if ok else 0
    rows.append(("`report --week` over a folder of 10,000 files, `ulimit -n 64`, warm",
                 f"{week * 1000:.0f} ms" if ok else "fails", "works; at most 50 ms"))
    shutil.rmtree(cache)
    print()
    print("| what | measured | target |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def section_moves(args, env):
    """A workout with moves (exercises cycling, an AMRAP) against the same timings without
    them, both on --big in an 80 x 24 pseudo-terminal: the moves must cost no more CPU."""
    print("## Workouts with moves: CPU per minute against the same workout without them")
    print(f"(a {args.seconds:.0f} s run of each, side by side, --big on an 80 x 24 pseudo-terminal)")
    moves = ["burpees", "squats", "push-ups", "mountain climbers", "jumping jacks", "lunges", "high knees",
             "plank jacks"]
    plain = {"rounds": 100, "round": [{"name": "work", "kind": "work", "duration": "20s"},
                                      {"name": "rest", "kind": "rest", "duration": "10s"}], "cue": 3}
    with_moves = {"rounds": 100, "round": [
        {"name": "{exercise}", "kind": "work", "duration": "20s", "exercises": moves, "count": "rounds"},
        {"name": "rest", "kind": "rest", "duration": "10s"}], "cue": 3, "announce": ["next", "last_round"]}
    results = {}
    folders = []

    def measure(name, preset):
        # A HOME of its own: pomo runs one session at a time per user.
        folder = tempfile.mkdtemp()
        folders.append(folder)
        path = os.path.join(folder, name + ".json")
        with open(path, "w") as f:
            json.dump(preset, f)
        home_env = dict(env, HOME=folder, LANG="C.UTF-8", TERM="xterm-256color")
        results[name] = run_in_pty([args.pomo, "start", path, "--big", "--no-notify"], args.seconds, home_env)

    threads = [threading.Thread(target=measure, args=("plain", plain)),
               threading.Thread(target=measure, args=("moves", with_moves))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print()
    print("| workout | CPU per minute | peak RSS |")
    print("| --- | --- | --- |")
    rates = {}
    for name in ("plain", "moves"):
        cpu, rss, wall = results[name]
        rates[name] = cpu / (wall / 60)
        print(f"| {'with moves' if name == 'moves' else 'without'} | {rates[name]:.4f} s | {rss:.1f} MB |")
    print()
    print(f"With moves: {rates['moves'] / max(rates['plain'], 1e-6):.2f}x the CPU without (target: at most 1x, "
          f"within the noise of a shared machine).")
    for folder in folders:
        shutil.rmtree(folder)


def section_voice(args, env, runs=5):
    """Voice cues on a release build: how late each call of a fake speaker starts against the
    moment it announces, the session's own start in the journal plus the cue's offset."""
    print("## Voice cues: how late speech starts")
    print(f"({runs} runs of `start 2s/1s -r 2 --voice` with a fake speaker that logs the time of each call, "
          "6 calls a run; target: within 100 ms of its moment)")
    moments = [0, 1, 2, 3, 4, 5]
    late = []
    for _ in range(runs):
        home = tempfile.mkdtemp()
        log = os.path.join(home, "spoken.log")
        os.makedirs(os.path.join(home, "bin"))
        speaker = os.path.join(home, "bin", "espeak-ng")
        with open(speaker, "w") as f:
            f.write(f"#!/bin/sh\nprintf '%s\\n' \"$(date +%s.%N)\" >> '{log}'\n")
        os.chmod(speaker, 0o755)
        run_env = dict(env, HOME=home, LANG="C.UTF-8", PATH=os.path.join(home, "bin") + ":/usr/bin:/bin")
        subprocess.run([args.pomo, "start", "2s/1s", "-r", "2", "--voice", "--no-notify"], env=run_env,
                       stdout=subprocess.DEVNULL, check=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(log) and len(open(log).read().split()) == len(moments):
                break
            time.sleep(0.05)
        records = subprocess.run([args.pomo, "log", "--json"], env=run_env, capture_output=True, text=True,
                                 check=True).stdout
        start = rfc3339(json.loads(records)[0]["start"])  # newest first: the one session
        calls = sorted(float(t) for t in open(log).read().split())
        late += [(call - (start + moment)) * 1000 for call, moment in zip(calls, moments)]
        shutil.rmtree(home)
    late.sort()
    print()
    print("| calls | median | 90th percentile | latest | target |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {len(late)} | {statistics.median(late):.1f} ms | {late[int(len(late) * 0.9) - 1]:.1f} ms | "
          f"{late[-1]:.1f} ms | at most 100 ms |")


def section_tick(args, env):
    """A 25 min focus with the tick on against the same without it, side by side on an 80-column
    pseudo-terminal, each with the real aplay into ALSA's null device: the players' CPU is in
    pomo's, which reaps them."""
    print("## The tick: CPU per minute, players included")
    print(f"(a {args.seconds:.0f} s run of each, side by side, of a 25 min focus on an 80-column pseudo-terminal; "
          "the player is `aplay -q -D null`)")
    aplay = shutil.which("aplay")
    if not aplay:
        print()
        print("aplay is not installed (Debian's alsa-utils): no figures.")
        return
    results = {}
    folders = []

    def measure(name, sounds):
        folder = tempfile.mkdtemp()
        folders.append(folder)
        os.makedirs(os.path.join(folder, ".config", "pomo"))
        with open(os.path.join(folder, ".config", "pomo", "config.json"), "w") as f:
            json.dump({"sounds": sounds} if sounds else {}, f)
        home_env = dict(env, HOME=folder, LANG="C.UTF-8", TERM="xterm-256color")
        results[name] = run_in_pty([args.pomo, "start", "25m", "--no-notify"], args.seconds, home_env)

    player = [aplay, "-q", "-D", "null"]
    # A file of one's own: a copy of pomo's single tick is not kept, so any short WAV does.
    own_file = os.path.join(tempfile.mkdtemp(), "tick.wav")
    folders.append(os.path.dirname(own_file))
    import wave
    with wave.open(own_file, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(b"\0\0" * 441)
    runs = [("without", None), ("tick", {"tick": "tick", "player": player}),
            ("file", {"tick": own_file, "player": player})]
    threads = [threading.Thread(target=measure, args=run) for run in runs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print()
    print("| session | CPU per minute | peak RSS | target |")
    print("| --- | --- | --- | --- |")
    labels = {"without": ("no tick", ""), "tick": ("pomo's own tick (a player a minute)", "at most 0.05 s"),
              "file": ("a tick file of one's own (a player a second)", "")}
    for name, _ in runs:
        cpu, rss, wall = results[name]
        label, target = labels[name]
        print(f"| {label} | {cpu / (wall / 60):.4f} s | {rss:.1f} MB | {target} |")
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


def section_ambient(args, env):
    """A 25 min focus with the ambient sound on (brown noise) against the same without it, side
    by side on 80-column pseudo-terminals, the player the real aplay into ALSA's null device.
    pomo's CPU counts the guard that feeds the player (pomo reaps it); the player's is read from
    /proc while it runs (the guard dies before it can reap it)."""
    print("## Ambient sound: CPU per minute, pomo and its player")
    print(f"(a {args.seconds:.0f} s run of each, side by side, of a 25 min focus on an 80-column pseudo-terminal; "
          "the player is `aplay -q -D null`, fed brown noise)")
    aplay = shutil.which("aplay")
    if not aplay:
        print()
        print("aplay is not installed (Debian's alsa-utils): no figures.")
        return
    results = {}
    players = {}
    folders = []
    tick = os.sysconf("SC_CLK_TCK")

    def player_cpu(folder):
        """The CPU seconds of each aplay whose HOME is `folder`, by pid."""
        found = {}
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/environ", "rb") as f:
                    if f"HOME={folder}".encode() not in f.read().split(b"\0"):
                        continue
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if not f.read().split(b"\0")[0].endswith(b"aplay"):
                        continue
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                found[int(name)] = (int(fields[11]) + int(fields[12])) / tick
            except OSError:
                continue
        return found

    def measure(name, sounds):
        folder = tempfile.mkdtemp()
        folders.append(folder)
        os.makedirs(os.path.join(folder, ".config", "pomo"))
        with open(os.path.join(folder, ".config", "pomo", "config.json"), "w") as f:
            json.dump({"sounds": sounds} if sounds else {}, f)
        home_env = dict(env, HOME=folder, LANG="C.UTF-8", TERM="xterm-256color")
        seen = {}
        done = threading.Event()

        def watch():
            while not done.wait(0.5):
                seen.update(player_cpu(folder))

        watcher = threading.Thread(target=watch)
        watcher.start()
        results[name] = run_in_pty([args.pomo, "start", "25m", "--no-notify"], args.seconds, home_env)
        done.set()
        watcher.join()
        players[name] = (sum(seen.values()), len(seen))

    runs = [("without", None), ("ambient", {"ambient": "brown", "player": [aplay, "-q", "-D", "null"]})]
    threads = [threading.Thread(target=measure, args=run) for run in runs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print()
    print("| session | pomo's CPU per minute (the guard included) | the player's CPU per minute | players | pomo's peak RSS |")
    print("| --- | --- | --- | --- | --- |")
    labels = {"without": "no ambient sound", "ambient": "brown noise, looped"}
    for name, _ in runs:
        cpu, rss, wall = results[name]
        player, count = players[name]
        print(f"| {labels[name]} | {cpu / (wall / 60):.4f} s | {player / (wall / 60):.4f} s | {count} | {rss:.1f} MB |")
    print(f"Load average at the end (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}.")
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


def section_dnd(args, env, runs=10):
    """Do-not-disturb during focus with a real dunst under Xvfb on a private session bus: what
    the switch costs a session (a 1 s focus run with "dnd" against the same without), and what
    each dunstctl call takes. The switch runs in the session's loop, at phase boundaries only."""
    print("## Do not disturb: the cost of switching dunst")
    for tool in ("dbus-daemon", "Xvfb", "dunst", "dunstctl"):
        if not shutil.which(tool):
            print(f"({tool} is not installed: run Scripts/test-deps.sh)")
            return
    folder = tempfile.mkdtemp()
    config = os.path.join(folder, "bus.conf")
    with open(config, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path={folder}/bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*" eavesdrop="true"/>
<allow eavesdrop="true"/></policy></busconfig>""")
    children = []
    try:
        bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        children.append(bus)
        address = bus.stdout.readline().strip()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-nolisten", "tcp"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        children.append(xvfb)
        display = ":" + xvfb.stdout.readline().strip()
        desk = dict(env, DBUS_SESSION_BUS_ADDRESS=address, DISPLAY=display)
        open(os.path.join(folder, "dunstrc"), "w").close()
        children.append(subprocess.Popen(["dunst", "-config", os.path.join(folder, "dunstrc")], env=desk,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 60
        while subprocess.run(["dunstctl", "is-paused"], env=desk, capture_output=True).returncode != 0:
            if time.time() > deadline:
                print("(dunst did not answer within 60 s)")
                return
            time.sleep(0.05)

        def median_ms(argv, extra_env, n):
            times = []
            for _ in range(n):
                began = time.perf_counter()
                subprocess.run(argv, env=extra_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times.append((time.perf_counter() - began) * 1000)
            return statistics.median(times)

        preset = os.path.join(folder, "one.json")
        with open(preset, "w") as f:
            json.dump({"round": [{"name": "go", "kind": "work", "duration": "1s"}]}, f)
        sessions = {}
        for name, dnd in (("without", "false"), ("with", "true")):
            home = os.path.join(folder, name)
            os.makedirs(os.path.join(home, ".config/pomo"))
            with open(os.path.join(home, ".config/pomo/config.json"), "w") as f:
                f.write('{"bell": false, "notify": false, "dnd": %s}' % dnd)
            sessions[name] = median_ms([args.pomo, "start", preset], dict(desk, HOME=home, LANG="C.UTF-8"), runs)
        query = median_ms(["dunstctl", "is-paused"], desk, 30)
        switch = median_ms(["dunstctl", "set-paused", "false"], desk, 30)
        print()
        print("| what | median |")
        print("| --- | --- |")
        print(f"| `pomo start` of one 1 s focus, without \"dnd\" | {sessions['without']:.0f} ms |")
        print(f"| the same with \"dnd\" (probe, query, on, off) | {sessions['with']:.0f} ms |")
        print(f"| the difference | {sessions['with'] - sessions['without']:.0f} ms |")
        print(f"| `dunstctl is-paused` | {query:.1f} ms |")
        print(f"| `dunstctl set-paused false` | {switch:.1f} ms |")
        print()
        print(f"At focus start the loop waits for a query and the switch ({query + switch:.0f} ms); at its end, "
              f"for the switch alone ({switch:.0f} ms). Target: at most 50 ms at a boundary.")
    finally:
        for child in reversed(children):
            child.kill()
            child.wait()
        shutil.rmtree(folder)


def tasks_journal(path, out, tasks=10000, every=10, seed=11):
    """Copies a journal with `tasks` task lines added: every `every`-th session works on one
    (about `every` sessions a task, oldest tasks first), all but the newest 20 tasks done
    (amendments at their last session's end), and one in ten re-estimated. Returns the ids of
    the open tasks."""
    rng = random.Random(seed)
    ids = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(tasks)]
    lines = []
    with open(path) as f:
        for line in f:
            lines.append(line)
    tasked = [k for k in range(0, len(lines), every)]
    per = max(1, len(tasked) // tasks)
    last_end = {}
    first_start = {}
    with open(out, "w") as f:
        for k, line in enumerate(lines):
            if k % every == 0:
                t = min(tasks - 1, (k // every) // per)
                record = json.loads(line)
                first_start.setdefault(t, record["start"])
                last_end[t] = record["end"]
                line = line.replace(',"phases":', ',"task":"%s","phases":' % ids[t], 1)
            f.write(line)
        for t, tid in enumerate(ids):
            at = first_start.get(t, "2026-01-01T00:00:00+00:00")
            f.write('{"v":2,"kind":"task","id":"%s","at":"%s","host":"bench","title":"task %d","estimate":%d,"tags":["t%d"]}\n'
                    % (tid, at, t, rng.randint(1, 12), t % 7))
        for t, tid in enumerate(ids):
            end = last_end.get(t, "2026-01-01T00:00:00+00:00")
            if rng.random() < 0.1:
                f.write('{"v":2,"kind":"amend","id":"%s","target":"%s","at":"%s","host":"bench","set":{"estimate":%d}}\n'
                        % (uuid.UUID(int=rng.getrandbits(128), version=4), tid, end, rng.randint(1, 12)))
            if t < tasks - 20:
                f.write('{"v":2,"kind":"amend","id":"%s","target":"%s","at":"%s","host":"bench","set":{"done":"%s"}}\n'
                        % (uuid.UUID(int=rng.getrandbits(128), version=4), tid, end, end))
    return ids[tasks - 20:]


def section_tasks(args, env):
    print("## Tasks and estimates (`Scripts/bench.sh tasks`)")
    folder, made = journals(args)
    cache = tempfile.mkdtemp()
    base = dict(env, XDG_CACHE_HOME=cache, HOME=cache, TZ="UTC")

    def median(argv, runs=15):
        subprocess.run(argv, env=base, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return statistics.median(timed(argv, base) for _ in range(runs))

    print()
    print("| journal | `task list` | `task list --all` | `report --tasks --year` | `report --tasks --week` "
          "| `report --week` (same journal; without tasks) |")
    print("| --- | --- | --- | --- | --- | --- |")
    # Every size with 10,000 tasks (a heavy load: the target's figure), and the biggest with 1,000 (a few a day
    # for a year, a heavy user).
    for count, tasks in [(c, 10000) for c in made] + [(max(made), 1000)]:
        path = made[count][0]
        with_tasks = os.path.join(cache, f"tasks-{count}-{tasks}.jsonl")
        tasks_journal(path, with_tasks, tasks=tasks)
        j = ["--journal", with_tasks]
        listed = median([args.pomo, "task", "list"] + j)
        every = median([args.pomo, "task", "list", "--all"] + j, 5)
        year = median([args.pomo, "report", "--tasks", "--year"] + j)
        week = median([args.pomo, "report", "--tasks", "--week"] + j)
        plain = median([args.pomo, "report", "--week", "--journal", path])
        sessions = median([args.pomo, "report", "--week"] + j)
        print(f"| {count:,} sessions, {tasks:,} tasks, {count // 10:,} sessions on a task | {listed * 1000:.1f} ms "
              f"| {every * 1000:.1f} ms | {year * 1000:.1f} ms | {week * 1000:.1f} ms "
              f"| {sessions * 1000:.1f} ms; {plain * 1000:.1f} ms |")
    print()
    print("Targets: `task list` at most 20 ms and `report --tasks --year` at most 50 ms with 1,000,000 sessions; "
          "tasks do not slow the session path (`report --week` as without them).")
    # Changing tasks on the biggest journal: add, done, edit, undo (each appends a line).
    count = max(made)
    with_tasks = os.path.join(cache, f"tasks-{count}-changes.jsonl")
    j = ["--journal", with_tasks]
    open_ids = tasks_journal(made[count][0], with_tasks)
    # The copy's pages reach the disk now, not in the first change's fsync.
    os.sync()
    subprocess.run([args.pomo, "task", "list"] + j, env=base, check=True, stdout=subprocess.DEVNULL)
    adds = [timed([args.pomo, "task", "add", f"bench {k}", "-e", "2"] + j, base) for k in range(10)]
    dones = [timed([args.pomo, "task", "done", tid[:8]] + j, base) for tid in open_ids[:10]]
    edits = [timed([args.pomo, "task", "edit", tid[:8], "--title", f"edited {k}"] + j, base)
             for k, tid in enumerate(open_ids[10:20])]
    undos = [timed([args.pomo, "undo"] + j, base) for _ in range(10)]
    print()
    print(f"| at {count:,} sessions and 10,000 tasks | median | slowest |")
    print("| --- | --- | --- |")
    for name, values in [("`pomo task add`", adds), ("`pomo task done ID`", dones), ("`pomo task edit ID`", edits),
                         ("`pomo undo` (of a task change)", undos)]:
        print(f"| {name} | {statistics.median(values) * 1000:.1f} ms | {max(values) * 1000:.1f} ms |")
    shutil.rmtree(cache)
def standin(name="logind"):
    """A stand-in of the tests (Tests/PomoTestSupport/DBusStandIns.swift), as Python: the
    stand-in logind, or the flooder."""
    text = open(os.path.join(os.path.dirname(__file__), "..", "Tests", "PomoTestSupport", "DBusStandIns.swift")).read()
    body = text.split(f"package static let {name} = \"\"\"\n", 1)[1].split("\n    \"\"\"", 1)[0]
    return "\n".join(line[4:] for line in body.split("\n"))


def standin_logind():
    """The stand-in logind of the tests, as Python."""
    return standin("logind")


def python_with_dbus():
    """A Python that has dbus-python and GObject (Debian's python3-dbus, python3-gi)."""
    for candidate in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([candidate, "-c", "import dbus, gi"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            return candidate
    return None


LOCKER = """
import json, socket, sys, time
import dbus
bus = dbus.bus.BusConnection(sys.argv[1])
test = dbus.Interface(bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1'), 'org.pomo.Test')
def state():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(sys.argv[2])
        s.sendall(b"state\\n")
        reply = b""
        while not reply.endswith(b"\\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
        return reply.decode()
def paused():
    return '"paused_at":"' in state()
delays = []
for i in range(int(sys.argv[3])):
    sent = time.monotonic()
    test.Lock()
    while not paused():
        pass
    delays.append((time.monotonic() - sent) * 1000)
    test.Unlock()
    while paused():
        pass
print(json.dumps(delays))
"""


def section_away(args, env):
    print("## Away: logind, pomo away (`Scripts/bench.sh away`)")
    python = python_with_dbus()
    daemon_path = shutil.which("dbus-daemon")
    if python is None or daemon_path is None:
        print()
        print("(skipped: needs dbus-daemon and a Python with python3-dbus and python3-gi)")
        return
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "focus.json")
    with open(preset, "w") as f:
        json.dump({"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}, f)
    conf = os.path.join(folder, "bus.conf")
    with open(conf, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path={folder}/bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*" eavesdrop="true"/>
<allow eavesdrop="true"/></policy></busconfig>""")
    daemon = subprocess.Popen([daemon_path, f"--config-file={conf}", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = daemon.stdout.readline().strip()
    script = os.path.join(folder, "logind.py")
    with open(script, "w") as f:
        f.write(standin_logind())
    logind = subprocess.Popen([python, script, address], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    logind.stdout.readline()  # "logind ready"

    # CPU: a session listening to the system bus (and its logind) beside one with no bus.
    heard_folder, heard_home, heard_socket = control_home(args.pomo, preset, env)
    heard_home["DBUS_SYSTEM_BUS_ADDRESS"] = address
    deaf_folder, deaf_home, deaf_socket = control_home(args.pomo, preset, env)
    deaf_home["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={folder}/none"
    heard = start_session(args.pomo, preset, heard_home, heard_socket)
    deaf = start_session(args.pomo, preset, deaf_home, deaf_socket)
    time.sleep(1)
    steady_from = (time.monotonic(), cpu_now(heard.pid), cpu_now(deaf.pid))
    time.sleep(args.seconds)
    steady_to = (time.monotonic(), cpu_now(heard.pid), cpu_now(deaf.pid))
    minutes = (steady_to[0] - steady_from[0]) / 60

    # Lock to paused: the stand-in's Lock called, then the session's state asked until paused.
    locker = os.path.join(folder, "locker.py")
    with open(locker, "w") as f:
        f.write(LOCKER)
    run = subprocess.run([python, locker, address, heard_socket, "30"], capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise SystemExit(f"bench: the locker failed: {run.stderr}")
    delays = json.loads(run.stdout)
    delays.sort()

    # `pomo away` and `pomo back` from a new process, each alternately.
    trips = {"away": [], "back": []}
    for i in range(100):
        word = "away" if i % 2 == 0 else "back"
        sent = time.perf_counter()
        subprocess.run([args.pomo, word], env=heard_home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        trips[word].append((time.perf_counter() - sent) * 1000)
    # The same process start with no request (the floor of any command), and the request alone.
    for i in range(50):
        sent = time.perf_counter()
        subprocess.run([args.pomo, "--version"], env=heard_home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        trips.setdefault("version", []).append((time.perf_counter() - sent) * 1000)
    for i in range(100):
        sent = time.perf_counter()
        socket_request(heard_socket, "away idle" if i % 2 == 0 else "back")
        trips.setdefault("socket", []).append((time.perf_counter() - sent) * 1000)
    for values in trips.values():
        values.sort()
    stop_session(heard)
    stop_session(deaf)
    logind.kill()
    daemon.kill()
    logind.wait()
    daemon.wait()

    def median(values):
        return values[len(values) // 2] if values else float("nan")

    heard_cpu = (steady_to[1] - steady_from[1]) / minutes
    deaf_cpu = (steady_to[2] - steady_from[2]) / minutes
    print()
    print("| what | measured | target |")
    print("| --- | --- | --- |")
    print(f"| a session's CPU per minute listening to the system bus, nothing happening | {heard_cpu:.4f} s | within 10% of one that is not |")
    print(f"| the same session with no bus, beside it | {deaf_cpu:.4f} s | |")
    print(f"| logind's Lock to the phase paused (the state asked over the socket), median / max ({len(delays)}) | "
          f"{median(delays):.2f} ms / {max(delays):.2f} ms | at most 20 ms |")
    print(f"| `pomo away` round trip (a new process), median / max (50) | {median(trips['away']):.2f} ms / "
          f"{max(trips['away']):.2f} ms | at most 10 ms |")
    print(f"| `pomo back` round trip (a new process), median / max (50) | {median(trips['back']):.2f} ms / "
          f"{max(trips['back']):.2f} ms | |")
    print(f"| `pomo --version` from the same Python (starting a process, no request), median (50) | "
          f"{median(trips['version']):.2f} ms | |")
    print(f"| `away` / `back` over the socket alone, median / max (100) | {median(trips['socket']):.2f} ms / "
          f"{max(trips['socket']):.2f} ms | |")
    print()
    print(f"({args.seconds:.0f} s of a 25 min focus phase, output piped; a private dbus-daemon as the system bus, the "
          f"tests' stand-in logind on it.)")
    for path in (folder, heard_folder, deaf_folder):
        shutil.rmtree(path, ignore_errors=True)


# The system bus's default policy (dbus's own system.conf): anyone may send signals and talk to
# the bus; only this user (the stand-in, pomo) may own names and call methods.
SYSTEM_POLICY = """<policy context="default"><allow user="*"/><deny own="*"/><deny send_type="method_call"/>
<allow send_type="signal"/><allow send_requested_reply="true" send_type="method_return"/>
<allow send_requested_reply="true" send_type="error"/><allow receive_type="method_call"/>
<allow receive_type="method_return"/><allow receive_type="error"/><allow receive_type="signal"/>
<allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
<allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
<allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/></policy>
<policy user="{uid}"><allow own="*"/><allow send_type="method_call"/></policy>"""

CONNECTION_OF = """
import sys
import dbus
bus = dbus.bus.BusConnection(sys.argv[1])
for name in bus.list_names():
    if name.startswith(':') and name != bus.get_unique_name():
        try:
            pid = bus.call_blocking('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                                    'GetConnectionUnixProcessID', 's', (name,))
            if pid == int(sys.argv[2]):
                print(name)
        except dbus.DBusException:
            pass
"""


def section_flood(args, env, runs=30):
    print("## Away under a flood (`Scripts/bench.sh flood`)")
    python = python_with_dbus()
    daemon_path = shutil.which("dbus-daemon")
    if python is None or daemon_path is None:
        print()
        print("(skipped: needs dbus-daemon and a Python with python3-dbus and python3-gi)")
        return
    folder = tempfile.mkdtemp()
    preset = os.path.join(folder, "focus.json")
    with open(preset, "w") as f:
        json.dump({"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}, f)
    abstract = f"unix:abstract=pomo-bench-{uuid.uuid4()}"
    conf = os.path.join(folder, "bus.conf")
    with open(conf, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path={folder}/bus</listen><listen>{abstract}</listen>
<auth>EXTERNAL</auth>{SYSTEM_POLICY.format(uid=os.getuid())}</busconfig>""")
    daemon = subprocess.Popen([daemon_path, f"--config-file={conf}", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = daemon.stdout.readline().strip().split(";")[-1]
    script = os.path.join(folder, "logind.py")
    with open(script, "w") as f:
        f.write(standin_logind())
    logind = subprocess.Popen([python, script, address], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    logind.stdout.readline()  # "logind ready"
    home_folder, home, socket_path = control_home(args.pomo, preset, env)
    home["DBUS_SYSTEM_BUS_ADDRESS"] = address
    session = start_session(args.pomo, preset, home, socket_path)
    time.sleep(1)
    locker = os.path.join(folder, "locker.py")
    with open(locker, "w") as f:
        f.write(LOCKER)

    def lock_to_paused():
        run = subprocess.run([python, locker, address, socket_path, str(runs)], capture_output=True, text=True,
                             timeout=1800)
        if run.returncode != 0:
            raise SystemExit(f"bench: the locker failed: {run.stderr}")
        return sorted(json.loads(run.stdout))

    quiet = lock_to_paused()
    # The flood: another user (nobody, as root may make it) sends pomo's own connection 8 MB signals.
    name = subprocess.run([python, "-c", CONNECTION_OF, address, str(session.pid)], capture_output=True,
                          text=True, check=True).stdout.strip()
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.getuid() == 0 else []
    flooder = subprocess.Popen(prefix + [python, "-c", standin("flooder"), abstract, name], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    flooder.stdout.readline()  # "flooding"
    cpu_from = (time.monotonic(), cpu_now(session.pid))
    flooded = lock_to_paused()
    cpu_to = (time.monotonic(), cpu_now(session.pid))
    flood_cpu = (cpu_to[1] - cpu_from[1]) / (cpu_to[0] - cpu_from[0])
    flooder.kill()
    flooder.wait()
    stop_session(session)
    logind.kill()
    daemon.kill()
    logind.wait()
    daemon.wait()
    for path in (folder, home_folder):
        shutil.rmtree(path, ignore_errors=True)

    def median(values):
        return values[len(values) // 2] if values else float("nan")

    who = "nobody" if prefix else "this user"
    print()
    print("| what | median / max | target |")
    print("| --- | --- | --- |")
    print(f"| logind's Lock to the phase paused, no flood ({len(quiet)}) | {median(quiet):.2f} ms / {max(quiet):.2f} ms | |")
    print(f"| the same under a flood of 8 MB signals from {who} ({len(flooded)}) | {median(flooded):.2f} ms / "
          f"{max(flooded):.2f} ms | at most 1 s |")
    print()
    print(f"(a private dbus-daemon with the system bus's default policy, the tests' stand-in logind on it, a 25 min "
          f"focus, output piped; the flooder sends signals of 8,000,000 bytes straight to pomo's connection, each "
          f"written whole before the next; the session's CPU while flooded: {flood_cpu:.2f} s a second.)")

def section_log(args, env):
    """`pomo log` over every session, beside Python's json.loads over the same file: the time
    and the peak memory of `log --json` at 10,000, 100,000 and 1,000,000 sessions (its memory
    must not grow with the journal), when its first line arrives, and `log` as text at 100,000."""
    print("## pomo log over every session (`Scripts/bench.sh log`)")
    folder = os.path.join(ROOT, ".build", "bench")
    os.makedirs(folder, exist_ok=True)
    cache = tempfile.mkdtemp()
    base = dict(env, XDG_CACHE_HOME=cache, HOME=cache, TZ="UTC")
    python = [sys.executable, "-c", "import json,sys\nfor line in open(sys.argv[1],'rb'): json.loads(line)"]

    def measured(argv):
        """Wall seconds, CPU seconds (user and system) and peak RSS in MB of one run, from
        /usr/bin/time (`%U %S %M`): the kernel's memory figure for a child of this script would
        count the script's own pages, which the child holds until it runs its program."""
        if not os.path.exists("/usr/bin/time"):
            began = time.perf_counter()
            proc = subprocess.Popen(argv, env=base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, usage = os.wait4(proc.pid, 0)
            return time.perf_counter() - began, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0
        with tempfile.NamedTemporaryFile(mode="r") as out:
            began = time.perf_counter()
            subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", out.name] + argv, env=base, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.perf_counter() - began
            user, system, rss = out.read().split()[-3:]
            return wall, float(user) + float(system), int(rss) / 1024.0

    def first_line(argv):
        """Seconds until the first line arrives on a pipe, and until the output ends."""
        began = time.perf_counter()
        proc = subprocess.Popen(argv, env=base, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdout.readline()
        first = time.perf_counter() - began
        while proc.stdout.read(1 << 20):
            pass
        proc.wait()
        return first, time.perf_counter() - began

    rows = []
    for count, runs in [(10000, 5), (100000, 9), (1000000, 1)]:
        path = os.path.join(folder, f"journal-{count}.jsonl")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "genjournal.py"), str(count), path], check=True)
        size = os.path.getsize(path) / 1e6
        as_json = [args.pomo, "log", "--limit", "1000000", "--json", "--journal", path]
        as_text = [args.pomo, "log", "--limit", "1000000", "--journal", path]
        # The index built first, and the file in the page cache: every figure is warm.
        subprocess.run(as_text[:2] + as_text[4:], env=base, check=True, stdout=subprocess.DEVNULL)
        # Taken in turns, so a slow moment of the machine falls on both.
        figures = {"json": [], "text": [], "python": []}
        for _ in range(runs):
            figures["json"].append(measured(as_json))
            if count == 100000:
                figures["text"].append(measured(as_text))
            figures["python"].append(measured(python + [path]))
        mid = {name: (statistics.median(t for t, _, _ in values), statistics.median(c for _, c, _ in values),
                      max(m for _, _, m in values))
               for name, values in figures.items() if values}
        peer = mid["python"]

        def row(what, figures):
            return (what, f"{figures[0]:.2f} s ({figures[1]:.2f} s CPU)", f"{figures[2]:.0f} MB",
                    f"{peer[0]:.2f} s ({peer[1]:.2f} s CPU), {peer[2]:.0f} MB",
                    f"{figures[0] / peer[0]:.2f}x ({figures[1] / peer[1]:.2f}x CPU)")
        rows.append(row(f"`log --json`, {count:,} sessions ({size:.0f} MB)", mid["json"]))
        if count == 100000:
            rows.append(row(f"`log` (text), {count:,} sessions", mid["text"]))
            arrivals = [first_line(as_json) for _ in range(3)]
            arrival = (statistics.median(a for a, _ in arrivals), statistics.median(b for _, b in arrivals))
    shutil.rmtree(cache)
    print()
    print("Each `log` with `--limit 1000000` (every session), warm; medians of 5 (9 at 100,000, 1 at 1,000,000), "
          "taken in turns with Python's `json.loads` of every line of the same file; CPU is user and system time; "
          "the memory is the largest peak RSS of the runs.")
    print()
    print("| what | pomo | pomo's peak RSS | Python's `json.loads` | pomo / Python |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print(f"`log --json` over 100,000 sessions into a pipe: the first line after {arrival[0] * 1000:.0f} ms, "
          f"the last after {arrival[1] * 1000:.0f} ms (median of 3).")
    print()
    print("Targets: `log --json` at most 64 MB at any size, and faster than Python; `log` as text at most 0.35x "
          "Python's time.")
    print(f"Load average at the end (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}.")


SECTIONS = {"session": section_session, "status": section_status, "control": section_control,
            "report": section_report, "history": section_history, "folder": section_folder,
            "spans": section_spans, "core": section_core, "moves": section_moves,
            "tick": section_tick, "ambient": section_ambient, "voice": section_voice, "dnd": section_dnd, "tasks": section_tasks, "away": section_away,
            "flood": section_flood, "log": section_log}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pomo", required=True)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--sizes", type=lambda v: [int(x) for x in v.split(",")], default=[100000, 1000000],
                        help="journal sizes for the report section, e.g. 1000,100000")
    parser.add_argument("sections", nargs="*", default=list(SECTIONS))
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    print(f"# pomo benchmarks ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores)")
    for name in args.sections:
        print()
        SECTIONS[name](args, env)


if __name__ == "__main__":
    main()
