"""Every word a reader of a translated edition sees is in the edition's language, or marked as what it is.

Walks each non-English edition (NEIGHBORHOOD/LANG/) of a built site: every HTML page and the HTML part
of every e-mail. A text node, or an attribute a reader or screen reader meets (alt, title, aria-label,
placeholder), is an English fragment when it holds an English function word or an English category
label, and no element around it says by its `lang` that it is English. Fails when the site has more
fragments than the limit (default 10), printing the most common ones.

Then, in headless Chromium, searches each translated edition for every category's label in its
language (and a few words residents type) and checks that every report of the category is found.

    python3 checks/language_checks.py PUBLIC CONTENT [--limit N] [--show N] [--no-search]
"""
import collections
import email
import email.policy
import html.parser
import os
import re
import sys

import yaml

from checklib import Checks, hoods

FUNCTION_WORDS = {
    "the", "and", "of", "to", "with", "near", "is", "are", "was", "were", "this", "that", "these", "from",
    "by", "for", "on", "at", "it", "its", "has", "have", "been", "you", "your", "our", "we", "they",
    "there", "not", "or", "but", "an", "what", "which", "who", "will", "would", "can", "should", "more",
    "about", "after", "before", "here", "reports", "report", "week", "stories", "story", "events", "read",
}
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
SKIPPED = {"script", "style", "code", "pre"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
READ_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")


def english_labels(content):
    """The English category labels of site.yml (one text, or the `en` of a map of languages)."""
    text = open(os.path.join(content, "site.yml"), encoding="utf-8").read()
    site = yaml.safe_load(text) or {}
    labels = set()
    for category in (site.get("categories") or {}).values():
        label = (category or {}).get("label")
        label = label.get("en") if isinstance(label, dict) else label
        if isinstance(label, str) and len(label) > 3:
            labels.add(label.lower())
    return labels


# Addresses, file names (events.ics) and names in capitals (CC BY 4.0) are not words of a language.
ADDRESS = re.compile(r"\S+@\S+|\b[a-z]+://\S+|\bwww\.\S+|\b[\w-]+\.(?:ics|json|xml|csv|html|geojson)\b|\b[A-Z]{2,}\b")


def is_english(text, labels):
    """Holds an English function word or category label."""
    text = ADDRESS.sub(" ", text)
    words = [w.lower() for w in WORD.findall(text)]
    if any(w in FUNCTION_WORDS for w in words):
        return True
    lowered = text.lower()
    return any(label in lowered for label in labels)


class Fragments(html.parser.HTMLParser):
    """Collects the English fragments of one page, minding `lang` on every element."""

    def __init__(self, page_lang, labels):
        super().__init__(convert_charrefs=True)
        self.stack = [(None, page_lang)]
        self.labels = labels
        self.skip = 0
        self.found = []

    def lang(self):
        return self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = attrs.get("lang", attrs.get("xml:lang")) or self.lang()
        for name in READ_ATTRIBUTES:
            value = attrs.get(name)
            if value and not lang.lower().startswith("en") and is_english(value, self.labels):
                self.found.append(f"@{name}: {value.strip()}")
        if tag in VOID:
            return
        self.stack.append((tag, lang))
        if tag in SKIPPED:
            self.skip += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                if tag in SKIPPED:
                    self.skip -= 1
                del self.stack[i:]
                return

    def handle_data(self, data):
        text = " ".join(data.split())
        if text and not self.skip and not self.lang().lower().startswith("en") and is_english(text, self.labels):
            self.found.append(text)


def page_language(markup, fallback):
    m = re.search(r'<html[^>]*\blang="([^"]+)"', markup)
    return m.group(1) if m else fallback


def fragments_of(markup, lang, labels):
    parser = Fragments(page_language(markup, lang), labels)
    # <wbr> is a place a word or an address may wrap, not a break between words: read across it.
    parser.feed(markup.replace("<wbr>", ""))
    parser.close()
    return parser.found


def email_html(path):
    message = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
    part = message.get_body(preferencelist=("html",))
    return part.get_content() if part else ""


def editions(public):
    for h in hoods(public):
        for lang in sorted(os.listdir(os.path.join(public, h))):
            folder = os.path.join(public, h, lang)
            if len(lang) in (2, 3) and lang != "en" and os.path.isfile(os.path.join(folder, "index.html")):
                yield h, lang, folder


def site_labels(content):
    """Each category's label by language, from site.yml."""
    site = yaml.safe_load(open(os.path.join(content, "site.yml"), encoding="utf-8")) or {}
    out = {}
    for key, category in (site.get("categories") or {}).items():
        label = (category or {}).get("label")
        out[key] = label if isinstance(label, dict) else {site.get("language", "en"): label}
    return out


def search_in_language(public, content, checks, extra_queries):
    """In each translated edition, searching for a category's label in the edition's language finds
    every report of that category the index holds (up to the page's 100 shown)."""
    import json
    from checklib import chromium
    labels = site_labels(content)
    driver = chromium()
    searched = 0
    try:
        for h, lang, folder in editions(public):
            text = open(os.path.join(folder, "search", "index.js"), encoding="utf-8").read()
            entries = json.loads(text[text.index("= [") + 2:text.rindex("]") + 1])
            page = os.path.abspath(os.path.join(folder, "search", "index.html"))
            queries = [(words.get(lang), words.get(lang)) for words in labels.values() if words.get(lang)]
            queries += [(q, label) for q, label in extra_queries.get(lang, [])]
            for query, label in queries:
                expected = sum(1 for e in entries if e[0] == "o" and e[3].startswith(label))
                if expected == 0:
                    continue
                driver.get("file://" + page + "?q=" + query.replace(" ", "%20"))
                found = driver.execute_script(
                    "return [...document.querySelectorAll('#search-results a')].filter(a => a.href.includes('/observations/')).length")
                searched += 1
                checks.check(f"{h}/{lang}: searching '{query}' finds the {expected} reports labeled '{label}'",
                             found == min(expected, 100), found)
    finally:
        driver.quit()
    checks.check("searches in the editions' languages were tried", searched > 0 or not list(editions(public)), searched)


# Words residents type that are not the whole label: an Arabic word without its article, or with a
# short vowel and a final ha for ta marbuta (as phones often type it); a Spanish word of the label.
EXTRA_QUERIES = {"ar": [("سرعة", "السرعة الزائدة"), ("السُّرعه", "السرعة الزائدة")], "es": [("estacionamiento", "Estacionamiento ilegal")]}


def main():
    args = sys.argv[1:]
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 10
    show = int(args[args.index("--show") + 1]) if "--show" in args else 15
    public, content = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or not args[i - 1].startswith("--"))][:2]
    labels = english_labels(content)
    checks = Checks("language-checks")
    total, pages, counter, where = 0, 0, collections.Counter(), {}
    seen_editions = 0
    for h, lang, folder in editions(public):
        seen_editions += 1
        for d, _, files in os.walk(folder):
            for f in files:
                path = os.path.join(d, f)
                if f.endswith(".html"):
                    markup = open(path, encoding="utf-8").read()
                elif f.endswith(".eml"):
                    markup = email_html(path)
                else:
                    continue
                found = fragments_of(markup, lang, labels)
                if found:
                    pages += 1
                    total += len(found)
                    for text in found:
                        counter[text[:100]] += 1
                        where.setdefault(text[:100], os.path.relpath(path, public))
    checks.check("the site has translated editions to look at", seen_editions > 0, public)
    for text, n in counter.most_common(show):
        print(f"  {n:5} × {text!r}  ({where[text]})")
    checks.check(f"at most {limit} English fragments in the translated editions", total <= limit,
                 f"{total} fragments in {pages} pages")
    if "--no-search" not in args:
        search_in_language(public, content, checks, EXTRA_QUERIES)
    checks.finish(f" ({total} English fragments in {pages} pages)")


if __name__ == "__main__":
    main()
