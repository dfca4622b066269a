"""Known differences between our engine and Ruby Liquid 5.4, each with its reason (docs/liquid.md).

`explain(case, ruby, ours)` names the difference that accounts for a disagreement, or None.
Keep this list short: every entry is a documented, deliberate difference.
"""

KNOWN = []


def explain(case, ruby, ours):
    for name, matches in KNOWN:
        if matches(case, ruby, ours):
            return name
    return None
