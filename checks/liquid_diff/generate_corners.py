"""The corners mix: templates shaped like theme sections, for the differential test.

Where `generate.py` (the theme mix) weighs every construct by how often theme authors write it, this
mix leans on what sections and snippets of real themes reach and the theme mix seldom makes:

- partials that render and include partials (three levels), with keyword parameters, `with`, `for`
  and `as` (also `as` alone), an include inside a rendered partial now and then, partials that start
  with whitespace after a caller whose last tag or output trims (`-%}`, `-}}`);
- `tablerow` with `cols`, `limit`, `offset` and `tablerowloop`;
- the `liquid` tag with blocks inside, `echo` with filters;
- loops in loops reading `forloop.parentloop`, `cycle` and `forloop` inside partials;
- `increment`/`decrement` beside an `assign` of the same name;
- `date` with strftime formats made of flags (`-`, `_`, `0`, `^`, `#`), widths, the `E` and `O`
  modifiers, colons before `z`, conversions Ruby does not know, `%%` and a trailing `%`;
- theme-shaped data: products with variants and tags, articles with authors and dates, a cart.

Same rules as generate.py: seeded, only `random.Random`, templates within Liquid 5.4.
"""

import random

from generate import Generator

PARTIAL_NAMES = ["card", "price", "badge", "row", "meta", "icon"]
# Conversions: every one Ruby knows, a few it does not, and `%+` (date(1)'s, not Ruby's).
CONVERSIONS = list("aAbBcCdDeFgGhHIjklLmMnNpPrRsStTuUvVwWxXyYzZ%") + ["+", "E", "O", "Q", "i", "J", "K", "q", "f", "é"]
FLAG_SETS = ["", "", "", "-", "_", "0", "^", "#", "-^", "^#", "_^", "0_", "-_", "_-", "^-"]
WIDTHS = ["", "", "", "1", "2", "3", "5", "6", "10", "03", "012"]
DATES = ["2024-03-05", "2024-03-05 14:30:00", "2024-03-05T14:30:00Z", "2024-03-05T09:05:07-05:00", "2024-12-30T23:59:59+05:30",
         "March 5, 2024", "2021-01-03", "2026-11-29 13:05:09", 1709650800, 0, 86399, "2024-01-01T00:00:00+00:00",
         "Tue, 05 Mar 2024 14:30:00 +0100", "2024-03-05T14:30:00-00:00", "2020-02-29T12:00:00+09:45"]


class CornersGenerator(Generator):
    def __init__(self, seed):
        super().__init__(seed)

    # Data ---------------------------------------------------------------------------------------

    def product(self):
        r = self.r
        p = {"title": r.choice(["Shirt", "Mug", "Poster & Print", "Tee <b>new</b>", "", "Café"]),
             "price": r.choice([1999, 500, 0, 12.5, "15"]), "available": r.choice([True, False, None]),
             "tags": r.sample(["sale", "new", "blue", "", "Sale"], r.randrange(0, 4)),
             "variants": [{"title": r.choice(["S", "M", "L", "Default"]), "price": r.choice([1999, 2500, None]),
                           "available": r.choice([True, False])} for _ in range(r.randrange(0, 4))],
             "url": r.choice(["/products/shirt", "/p?a=1&b=2", ""])}
        for k in list(p):
            if r.random() < 0.1:
                del p[k]
        return p

    def article(self):
        r = self.r
        return {"title": r.choice(["Hello", "News & notes", "", "日本語"]), "published_at": r.choice(DATES),
                "author": r.choice([{"name": "Ann", "bio": "x"}, {"name": ""}, None, "Bob"]),
                "tags": r.sample(["a", "b", "c"], r.randrange(0, 3)), "comments_count": r.choice([0, 1, 5, None])}

    def data(self):
        d = super().data()
        r = self.r
        d["products"] = [self.product() for _ in range(r.randrange(0, 5))]
        d["product"] = self.product()
        d["articles"] = [self.article() for _ in range(r.randrange(0, 4))]
        d["cart"] = {"item_count": r.choice([0, 1, 3]), "items": [{"qty": r.choice([1, 2]), "product": self.product()}
                                                                  for _ in range(r.randrange(0, 3))]}
        d["d"] = r.choice(DATES)
        d["grid"] = [[r.choice([1, 2, "x", None]) for _ in range(r.randrange(0, 4))] for _ in range(r.randrange(0, 4))]
        d["card"] = r.choice(["top", {"title": "T"}, None, [1, 2]])
        d["price"] = r.choice([5, "9.99", None])
        return d

    # strftime -------------------------------------------------------------------------------------

    def strftime_format(self):
        r = self.r
        parts = []
        for _ in range(r.randrange(1, 4)):
            k = r.random()
            if k < 0.15:
                parts.append(r.choice(["-", " ", ", ", "T", "at ", "é", "/"]))
                continue
            spec = "%" + r.choice(FLAG_SETS) + r.choice(WIDTHS)
            m = r.random()
            if m < 0.08:
                spec += "E" + r.choice("cCxXyYdH")
            elif m < 0.16:
                spec += "O" + r.choice("deHkIlmMSuUVwWyYx")
            elif m < 0.26:
                spec += r.choice([":", "::", ":::", "::::"]) + r.choice(["z", "z", "z", "y"])
            else:
                spec += r.choice(CONVERSIONS)
            parts.append(spec)
        out = "".join(parts)
        if r.random() < 0.03:
            out += "%"
        return out.replace('"', "")

    def filter(self):
        if self.r.random() < 0.06:
            return 'date: "' + self.strftime_format() + '"'
        return super().filter()

    def date_output(self):
        subject = self.r.choice(["d", "d", "d", "'now'", "article.published_at", "a.published_at", "1709650800"])
        return "{{ " + subject + ' | date: "' + self.strftime_format() + '" }}'

    # Partials -------------------------------------------------------------------------------------

    def collection(self):
        return self.r.choice(["products", "articles", "a", "words", "(1..3)", "cart.items", "product.variants", "z", "product", "s"])

    def inclusion(self, callee=None, include_rate=0.35):
        """A `render` or `include` of a partial, in the shapes themes write."""
        r = self.r
        name = callee or r.choice(PARTIAL_NAMES)
        tag = "include" if r.random() < include_rate else "render"
        shape = r.random()
        markup = tag + " '" + name + "'"
        if shape < 0.25:
            pass
        elif shape < 0.45:
            markup += " with " + r.choice(["product", "article", "s", "h", "card", "z", "products"])
        elif shape < 0.6:
            markup += " for " + self.collection()
        elif shape < 0.7:
            markup += " with " + r.choice(["product", "article", "s", "h"]) + " as " + r.choice(["item", "x", "p"])
        elif shape < 0.8:
            markup += " for " + self.collection() + " as " + r.choice(["item", "x", "p"])
        elif shape < 0.87:
            markup += " as " + r.choice(["item", "x", "card"])
        if r.random() < 0.5:
            keys = r.sample(["v", "title", "n", "show", "item", "class"], r.randrange(1, 3))
            markup += ", " + ", ".join(k + ": " + self.value() for k in keys)
        return self.open(markup)

    def partial_body(self, index):
        """A partial's source: it may call only partials after it, so nothing recurses."""
        r = self.r
        bits = ["{{ v }}", "{{ title | default: 'none' }}", "{{ item.title }}", "{{ p }}", "{{ x }}", "{{ card }}",
                "{{ forloop.index }}/{{ forloop.length }}", "{{ forloop.first }}", "{{ s | upcase }}", "{{ n | plus: 1 }}",
                "<div class=\"{{ class }}\">", "</div>", "{% assign w = 1 %}{{ w }}", "{% increment c %}", "{% decrement w %}",
                "{% cycle 'odd', 'even' %}", "{% if show %}shown{% endif %}", "{{ product.title | escape }}",
                "{%- if item -%} [{{ item }}] {%- endif -%}", "{{ price | default: 0 | plus: 0 }}", "\n", "  ", "x"]
        out = []
        if r.random() < 0.3:
            out.append(r.choice(["\n", "\n  ", " ", "\t\n", "\r\n"]))
        for _ in range(r.randrange(1, 5)):
            k = r.random()
            later = PARTIAL_NAMES[index + 1:]
            if k < 0.2 and later:
                out.append(self.inclusion(r.choice(later), include_rate=0.12))
            elif k < 0.26:
                out.append(self.tablerow())
            elif k < 0.3:
                out.append(self.date_output())
            else:
                out.append(r.choice(bits))
        if r.random() < 0.15:
            out.append(r.choice(["{{ 'end' -}}", "{%- assign e = 1 -%}", "\n"]))
        return "".join(out)

    def partials(self):
        return {name: self.partial_body(i) for i, name in enumerate(PARTIAL_NAMES)}

    # Nodes ----------------------------------------------------------------------------------------

    CORNER_NODES = [("output", 18), ("text", 6), ("assign", 6), ("if", 8), ("for", 8), ("partial", 20), ("tablerow", 6),
                    ("liquid", 6), ("echo", 4), ("nested", 6), ("counter", 4), ("date", 8), ("break", 1), ("capture", 2)]

    def node(self):
        if self.depth >= 4:
            return self.r.choice([self.text(), self.output()])
        kind = self.weighted(self.CORNER_NODES)[0]
        if kind == "break" and self.loop_depth == 0:
            kind = "output"
        if kind == "partial":
            return self.inclusion()
        if kind == "tablerow":
            return self.tablerow()
        if kind == "liquid":
            return self.liquid_tag()
        if kind == "echo":
            return "{%- echo " + self.filtered() + " -%}" if self.r.random() < 0.3 else "{% echo " + self.filtered() + " %}"
        if kind == "nested":
            return self.nested_loops()
        if kind == "counter":
            return self.counters()
        if kind == "date":
            return self.date_output()
        return self.node_of(kind)

    def tablerow(self):
        r = self.r
        var = r.choice(["i", "item", "product"])
        coll = r.choice(["a", "words", "nums", "products", "product.variants", self.range_literal(), "grid"])
        markup = "tablerow " + var + " in " + coll
        for key in ("cols", "limit", "offset"):
            if r.random() < 0.4:
                markup += " " + key + ": " + r.choice(["1", "2", "3", "k", "0", "j"])
        body = r.choice(["{{ " + var + " }}", "{{ " + var + ".title }}", "{{ tablerowloop.col }}{{ tablerowloop.col_first }}{{ tablerowloop.col_last }}",
                         "{{ tablerowloop.index }}-{{ tablerowloop.row }}-{{ tablerowloop.rindex }}", "{{ tablerowloop.first }}{{ tablerowloop.last }}",
                         "{{ tablerowloop.length }}{{ tablerowloop.col0 }}{{ tablerowloop.index0 }}{{ tablerowloop.rindex0 }}"])
        return self.open(markup) + body + self.open("endtablerow")

    def liquid_tag(self):
        r = self.r
        lines = []
        for _ in range(r.randrange(1, 5)):
            k = r.random()
            if k < 0.25:
                lines.append("assign q = " + self.filtered())
            elif k < 0.45:
                lines.append("echo " + self.filtered())
            elif k < 0.6:
                lines += ["if " + self.condition(), "  echo " + self.filtered(), "else", "  echo 'no'", "endif"]
            elif k < 0.72:
                lines += ["for i in " + r.choice(["a", "words", "(1..3)", "products"]), "  echo i" + r.choice(["", ".title", " | size"]),
                          "  echo forloop.index", "endfor"]
            elif k < 0.8:
                lines += ["case " + self.value(), "when 1, 'a'", "  echo 'one'", "else", "  echo 'other'", "endcase"]
            elif k < 0.88:
                lines.append(r.choice(["increment q", "decrement q", "cycle 'a', 'b'"]))
            else:
                lines.append("render '" + r.choice(PARTIAL_NAMES) + "'" + r.choice(["", ", v: 1", " with s", " for a"]))
        return self.open("liquid\n" + "\n".join(lines) + "\n")

    def nested_loops(self):
        r = self.r
        outer = r.choice(["products", "grid", "a", "(1..3)", "articles"])
        inner_of = {"products": "o.variants", "grid": "o", "a": "(1..2)", "(1..3)": "(1..o)", "articles": "o.tags"}[outer]
        reads = ["forloop.parentloop.index", "forloop.parentloop.first", "forloop.parentloop.last", "forloop.index0",
                 "forloop.parentloop.length", "forloop.parentloop.parentloop", "forloop.rindex", "i", "o.title", "i.title"]
        body = "".join("{{ " + r.choice(reads) + " }}" for _ in range(r.randrange(1, 4)))
        if r.random() < 0.3:
            body += self.open(r.choice(["break", "continue"]))
        inner = self.open("for i in " + inner_of + r.choice(["", " limit: 2", " reversed", " offset: 1"])) + body + self.open("endfor")
        after = r.choice(["", "{{ forloop.index }}", "{{ forloop.parentloop }}", "|"])
        return self.open("for o in " + outer) + inner + after + self.open("endfor")

    def counters(self):
        r = self.r
        name = r.choice(["c", "n", "count"])
        steps = [self.open("assign " + name + " = " + r.choice(["5", "'x'", "n", "1.5"])),
                 self.open(r.choice(["increment", "decrement"]) + " " + name), "{{ " + name + " }}",
                 self.open(r.choice(["increment", "decrement"]) + " " + name)]
        r.shuffle(steps)
        return "".join(steps[:r.randrange(2, 5)])

    def case(self):
        c = super().case()
        # A caller whose last tag or output trims, so that a partial's leading whitespace may go with it.
        if self.r.random() < 0.15:
            c["template"] += self.r.choice(["{{ 'end' -}}", "{%- assign e = 1 -%}", "{% comment %}x{% endcomment -%}"])
        return c


def cases(seed, count):
    g = CornersGenerator(seed)
    return [g.case() for _ in range(count)]


if __name__ == "__main__":
    import json
    import sys
    for c in cases(int(sys.argv[1]) if len(sys.argv) > 1 else 1, int(sys.argv[2]) if len(sys.argv) > 2 else 10):
        print(json.dumps(c, ensure_ascii=False))
