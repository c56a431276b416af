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


def read_3mf_strict(path):
    """Reads a 3MF with lib3mf's strict reader: (model, warnings), or (None, [the refusal])."""
    import lib3mf
    model = lib3mf.get_wrapper().CreateModel()
    reader = model.QueryReader("3mf")
    reader.SetStrictModeActive(True)
    try:
        reader.ReadFromFile(path)
    except Exception as error:  # lib3mf raises on a rejected file
        return None, [f"rejected: {error}"]
    return model, [str(reader.GetWarning(i)) for i in range(reader.GetWarningCount())]
