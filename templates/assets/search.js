// CommonSight search: finds every word typed in the neighborhood's index (search/index.js), with
// no server. Results are built as elements with textContent, never as HTML.
(function () {
  "use strict";
  var data = window.COMMONSIGHT_SEARCH || [];
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!form || !input || !status || !list) return;
  // Every word comes from the page (the theme's language file), as data attributes of the form.
  var words = form.dataset;
  var kinds = { o: words.kindO || "", s: words.kindS || "", c: words.kindC || "", e: words.kindE || "" };
  var limit = 100;
  var lang = document.documentElement.lang || "en";
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  var numbers = window.Intl && Intl.NumberFormat ? new Intl.NumberFormat(lang + (words.digits === "arab" ? "-u-nu-arab" : "-u-nu-latn")) : null;
  function fill(text, count) {
    return String(text || "").replace("[query]", query).replace("[count]", numbers ? numbers.format(count) : String(count));
  }
  var query = "";

  // Lowercase, without accents, so "Muliett" finds "muliett" and "cafe" finds "café"; Arabic
  // without its short vowels and tatweel, and with one alef, so "سرعه" finds "السُّرعة".
  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "").toLowerCase()
      .replace(/[\u0622\u0623\u0625\u0671]/g, "\u0627").replace(/\u0649/g, "\u064a").replace(/\u0629/g, "\u0647");
  }
  var titles = data.map(function (d) { return fold(d[2]); });
  var texts = data.map(function (d, i) { return titles[i] + " " + fold(d[3]) + " " + fold(d[4]); });

  // The words of the index and how often each is used: what a query that finds nothing is
  // compared with ("parkng": "parking").
  var known = null;
  function vocabulary() {
    if (known) return known;
    known = {};
    texts.forEach(function (text) {
      (text.match(/[\p{L}\p{N}]+/gu) || []).forEach(function (w) { if (w.length >= 3) known[w] = (known[w] || 0) + 1; });
    });
    return known;
  }
  // Edits (a letter added, dropped, changed, or two swapped) from a to b, or more than `most`.
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var before = null, row = [], i, j;
    for (j = 0; j <= b.length; j++) row.push(j);
    for (i = 1; i <= a.length; i++) {
      var next = [i], least = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2] + 1);
        next.push(v);
        least = Math.min(least, v);
      }
      if (least > most) return most + 1;
      before = row;
      row = next;
    }
    return row[b.length];
  }
  // The closest known word to a term that finds nothing: fewest edits, then the most used.
  function closest(term) {
    var words = vocabulary(), most = term.length <= 4 ? 1 : 2, best = null, bestD = most + 1, bestN = 0;
    for (var w in words) {
      var d = distance(term, w, most);
      if (d < bestD || (d === bestD && d <= most && (words[w] > bestN || (words[w] === bestN && w < best)))) { best = w; bestD = d; bestN = words[w]; }
    }
    return bestD <= most ? best : null;
  }
  var suggestion = document.createElement("p");
  suggestion.className = "search-suggest";
  suggestion.id = "search-suggest";
  suggestion.setAttribute("aria-live", "polite");
  status.parentNode.insertBefore(suggestion, status.nextSibling);
  function suggest(terms) {
    var changed = false;
    var better = terms.map(function (t) {
      var found = texts.some(function (text) { return text.indexOf(t) >= 0; });
      if (found) return t;
      var c = closest(t);
      if (c) { changed = true; return c; }
      return t;
    });
    if (!changed || !words.suggest) return;
    var parts = String(words.suggest).split("[words]");
    var proposal = better.join(" ");
    var link = document.createElement("a");
    link.href = "?q=" + encodeURIComponent(proposal);
    link.textContent = proposal;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      input.value = proposal;
      run(proposal);
      try { history.replaceState(null, "", "?q=" + encodeURIComponent(proposal)); } catch (e) { /* file:// may refuse */ }
    });
    suggestion.appendChild(document.createTextNode(parts[0] || ""));
    suggestion.appendChild(link);
    suggestion.appendChild(document.createTextNode(parts.slice(1).join("") || ""));
  }

  function run(raw) {
    query = raw;
    var terms = fold(query).split(/\s+/).filter(Boolean);
    list.textContent = "";
    suggestion.textContent = "";
    if (terms.length === 0) { status.textContent = ""; return; }
    var hits = [];
    for (var i = 0; i < data.length; i++) {
      var score = 0, all = true;
      for (var k = 0; k < terms.length; k++) {
        if (texts[i].indexOf(terms[k]) < 0) { all = false; break; }
        score += titles[i].indexOf(terms[k]) >= 0 ? 2 : 1;
      }
      if (all) hits.push([score, i]);
    }
    hits.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    var category = plural ? plural.select(hits.length) : (hits.length === 1 ? "one" : "other");
    var key = "found" + category.charAt(0).toUpperCase() + category.slice(1);
    status.textContent = hits.length === 0 ? fill(words.none, 0)
      : fill(words[key] || words.foundOther, hits.length) + (hits.length > limit ? fill(words.limit, limit) : "");
    if (hits.length === 0) suggest(terms);
    hits.slice(0, limit).forEach(function (hit) {
      var d = data[hit[1]];
      var item = document.createElement("li");
      item.className = "obs";
      var link = document.createElement("a");
      link.className = "obs-place";
      link.href = d[1];
      link.textContent = d[2];
      item.appendChild(link);
      var meta = document.createElement("span");
      meta.className = "obs-meta";
      meta.textContent = (kinds[d[0]] || "") + (d[3] ? " \u00b7 " + d[3] : "");
      item.appendChild(meta);
      if (d[4]) {
        var words = document.createElement("p");
        words.className = "obs-words";
        words.textContent = d[4];
        item.appendChild(words);
      }
      list.appendChild(item);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    run(input.value);
    try { history.replaceState(null, "", "?q=" + encodeURIComponent(input.value)); } catch (e) { /* file:// may refuse */ }
  });
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { input.value = asked; run(asked); }
})();
