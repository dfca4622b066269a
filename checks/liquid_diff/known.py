"""Known differences between our engine and Ruby Liquid 5.4, each with its reason (docs/liquid.md).

Each difference is a compatibility patch in reference.rb that makes Ruby do what later Liquid
versions (and the golden-liquid suite, which wins over 5.4) do. A disagreement is explained by a
difference only when Ruby, rendering the same case again with that patch on, agrees with us; so
nothing else can hide behind an entry. Keep this list short.
"""

import itertools

KNOWN = [
    ("raw", "Liquid 5.5+: `{%- endraw %}` ends a raw block, and the end tag's `-%}` trims what follows "
            "(5.4 does not see the end tag; golden-liquid's whitespace-control case needs it)"),
    ("comment", "Liquid 5.5+: tags inside `comment` are not parsed (5.4 parses them and fails on `{% if %}`); "
                "golden-liquid's 'commented tags are not parsed'"),
    ("blank", "golden-liquid's `blank` and `empty` (Liquid 5.5+): `x == blank` is true for nil, false, "
              "whitespace and empty collections; 5.4 without ActiveSupport has no `blank?`, so it is always false"),
    ("tablerow", "Liquid 5.5+ tablerow (golden-liquid): without `cols` the one row ends with a `col_last` cell, and "
                 "`break`/`continue` act on the table (5.4: no cell is `col_last`, and they are left pending)"),
    ("int64", "integers are 64-bit: a result beyond them is an error (Ruby grows a Bignum)"),
    ("date", "dates never take a missing year, month or day from the clock: text that does not name a whole "
             "date is not a date (5.4's Time.parse reads \"1.005\" as January 5 of this year)"),
    ("base64", "base64_decode gives UTF-8 text: bytes that are not UTF-8 are an error (5.4 gives a binary string, "
               "whose size counts bytes, and can write bytes that are not UTF-8)"),
    ("where-nil", "golden-liquid: `where`/`reject` with a nil property over strings give nil; 5.4 raises a TypeError"),
]


def explain(case, ruby, ours, ask):
    """The names of the differences that account for the disagreement, or None.

    `ask(case)` renders a case with Ruby and returns its outcome.
    """
    names = [name for name, _ in KNOWN]
    for size in (1, 2, 3):
        for combo in itertools.combinations(names, size):
            if ask(dict(case, compat=list(combo))) == ours:
                return "+".join(combo)
    if ask(dict(case, compat=names)) == ours:
        return "+".join(names)
    return None
