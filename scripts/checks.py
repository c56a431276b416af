"""The cross-check scripts' tally: one line per check ("ok" or "FAIL"), the count at the end."""
import sys

passed = 0
failed = 0


def check(ok, what):
    """Records one check and prints its line at once."""
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}")
    sys.stdout.flush()


def summary():
    """Prints "N passed, M failed"; the exit code: 1 if any failed or none ran, else 0."""
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0
