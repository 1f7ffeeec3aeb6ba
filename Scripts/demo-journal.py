#!/usr/bin/env python3
"""Writes the demo journal the README's pictures are made from: the same bytes every time.

Usage: demo-journal.py OUT.jsonl [--end YYYY-MM-DD] [--days N]
One person's year of pomodoros, in UTC, ending on --end (default 2026-12-31): busier on
weekdays, quieter in August and around the new year, some late nights, a few gaps.
"""
import argparse
import datetime
import random

PRESETS = {
    "work": [("focus", "work", 1500), ("break", "rest", 300)] * 3 + [("focus", "work", 1500)],
    "52-17": [("deep work", "work", 3120), ("break", "rest", 1020)],
    "quick": [("focus", "work", 900)],
}
TAGS = [["thesis"], ["thesis", "ch3"], ["writing"], ["code"], []]


def rfc3339(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--end", default="2026-12-31")
    parser.add_argument("--days", type=int, default=365)
    args = parser.parse_args()
    rng = random.Random(2026)
    end = datetime.date.fromisoformat(args.end)
    lines = []
    n = 0
    for back in range(args.days - 1, -1, -1):
        day = end - datetime.timedelta(days=back)
        weekday = day.weekday()
        mood = 1.0
        if day.month == 8:
            mood = 0.3
        if (day.month == 12 and day.day > 22) or (day.month == 1 and day.day < 3):
            mood = 0.1
        sessions = rng.choice([0, 1, 2, 3, 3, 4, 5, 6]) if weekday < 5 else rng.choice([0, 0, 0, 1, 2])
        sessions = int(round(sessions * mood))
        if rng.random() < 0.08:
            sessions = 0
        midnight = int(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp())
        t = midnight + rng.choice([8, 9, 9, 10, 14, 20]) * 3600 + rng.randrange(0, 4) * 900
        for _ in range(sessions):
            name = rng.choices(list(PRESETS), weights=[5, 2, 2])[0]
            phases = PRESETS[name]
            interrupted = rng.random() < 0.12
            if interrupted:
                phases = phases[: rng.randrange(1, len(phases) + 1)]
            start = t
            out = []
            for i, (pname, kind, seconds) in enumerate(phases):
                elapsed = seconds if not (interrupted and i == len(phases) - 1) else seconds // 2
                out.append(
                    '{"name":"%s","kind":"%s","start":"%s","end":"%s","planned_seconds":%d,"elapsed_seconds":%d,"completed":%s}'
                    % (pname, kind, rfc3339(t), rfc3339(t + elapsed), seconds, elapsed,
                       "false" if elapsed < seconds else "true"))
                t += elapsed
            n += 1
            tags = rng.choice(TAGS)
            lines.append(
                '{"v":1,"id":"demo-%05d","preset":"%s","status":"%s",%s"start":"%s","end":"%s","tags":[%s],'
                '"host":"demo","rounds":1,"phases":[%s]}'
                % (n, name, "interrupted" if interrupted else "completed",
                   '"interruption":"stopped",' if interrupted else "", rfc3339(start), rfc3339(t),
                   ",".join('"%s"' % x for x in tags), ",".join(out)))
            t += rng.choice([600, 900, 1800, 3600])
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
