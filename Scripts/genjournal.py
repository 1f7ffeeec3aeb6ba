#!/usr/bin/env python3
"""Writes a synthetic pomo journal (and optionally the same sessions for Timewarrior).

Usage: genjournal.py SESSIONS OUT.jsonl [--timew DIR] [--seed N] [--spacing SECONDS]
Sessions end now and go back in time, one every 90 minutes by default (16 a day, a heavy
user); presets, phase counts, interruptions and tags vary the way a real journal does.
"""
import argparse
import datetime
import os
import random
import uuid

PRESETS = [
    # name, phases as (name, kind, seconds), weight
    ("work", [("focus", "work", 1500), ("break", "rest", 300)] * 3 + [("focus", "work", 1500)], 5),
    ("52-17", [("deep work", "work", 3120), ("break", "rest", 1020)], 2),
    ("quick", [("focus", "work", 900)], 3),
    ("hiit", [("warm-up", "rest", 300)] + [("work", "work", 40), ("rest", "rest", 20)] * 3 + [("cool-down", "rest", 300)], 1),
]
TAGS = [[], [], ["thesis"], ["writing"], ["thesis", "ch3"], ["code"]]


def rfc3339(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sessions", type=int)
    parser.add_argument("out")
    parser.add_argument("--timew")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spacing", type=int, default=5400)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    weights = [p[2] for p in PRESETS]
    now = int(datetime.datetime.now(datetime.timezone.utc).timestamp())
    first = now - args.sessions * args.spacing
    timew = {}
    with open(args.out, "w") as out:
        for i in range(args.sessions):
            start = first + i * args.spacing
            name, phases, _ = rng.choices(PRESETS, weights)[0]
            interrupted = rng.random() < 0.1
            count = rng.randint(1, len(phases)) if interrupted else len(phases)
            tags = rng.choice(TAGS)
            t = start
            parts = []
            for j, (pname, kind, seconds) in enumerate(phases[:count]):
                elapsed = seconds if j < count - 1 or not interrupted else rng.randint(1, seconds)
                parts.append('{"name":"%s","kind":"%s","round":%d,"start":"%s","end":"%s","planned_seconds":%d,"elapsed_seconds":%d,"completed":%s}'
                             % (pname, kind, j // 2 + 1, rfc3339(t), rfc3339(t + elapsed), seconds, elapsed,
                                "true" if elapsed == seconds else "false"))
                t += elapsed
            status = "interrupted" if interrupted else "completed"
            out.write('{"v":1,"id":"%s","preset":"%s","status":"%s","start":"%s","end":"%s","tags":[%s],"note":null,"host":"bench","rounds":1,"paused_seconds":0,"phases":[%s]}\n'
                      % (uuid.UUID(int=rng.getrandbits(128), version=4), name, status, rfc3339(start), rfc3339(t),
                         ",".join('"%s"' % x for x in tags), ",".join(parts)))
            if args.timew:
                day = datetime.datetime.fromtimestamp(start, datetime.timezone.utc)
                key = day.strftime("%Y-%m")
                stamp = lambda x: datetime.datetime.fromtimestamp(x, datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
                timew.setdefault(key, []).append("inc %s - %s # %s\n" % (stamp(start), stamp(t), " ".join([name] + tags)))
    if args.timew:
        data = os.path.join(args.timew, "data")
        os.makedirs(data, exist_ok=True)
        open(os.path.join(args.timew, "timewarrior.cfg"), "w").close()
        for key, lines in timew.items():
            with open(os.path.join(data, key + ".data"), "w") as f:
                f.writelines(lines)


if __name__ == "__main__":
    main()
