// arbiter's rules site: search over the index shipped beside the page
// (window.ARBITER_INDEX, loaded by a <script>; no network). `/` focuses the box,
// Enter opens the first hit, Escape clears.
(function () {
  "use strict";
  var I = window.ARBITER_INDEX;
  var q = document.getElementById("q");
  var out = document.getElementById("results");
  if (!I || !q || !out) return;
  function norm(s) {
    return s.toLowerCase().replace(/[’‘]/g, "'").replace(/[^a-z0-9'.\[\]]+/g, " ").trim();
  }
  var rules = I.rules.map(function (r) {
    return { anchor: r[0], id: r[1], title: r[2], text: r[3], hay: " " + norm(r[1] + " " + r[2] + " " + r[3]) + " " };
  });
  // the synonyms of `arbiter search`: a key phrase typed adds its replacements
  function alternatives(words) {
    var joined = " " + words.join(" ") + " ";
    var alts = [words];
    I.synonyms.forEach(function (s) {
      s[0].forEach(function (key) {
        if (joined.indexOf(" " + key + " ") >= 0) {
          s[1].forEach(function (to) {
            var rest = (" " + joined.replace(" " + key + " ", " ") + " ").trim();
            alts.push(norm(to + " " + rest).split(" ").filter(Boolean));
          });
        }
      });
    });
    return alts;
  }
  function score(r, words) {
    var s = 0;
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (r.hay.indexOf(" " + w) < 0) return 0;
      s += r.hay.indexOf(" " + w + " ") >= 0 ? 2 : 1;
    }
    if (words.length > 1 && r.hay.indexOf(" " + words.join(" ") + " ") >= 0) s += 3 * words.length;
    return s / (1 + r.hay.length / 600);
  }
  function esc(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function run() {
    var text = norm(q.value);
    if (!text) { out.hidden = true; out.innerHTML = ""; return; }
    var words = text.split(" ");
    var alts = alternatives(words);
    var hits = [];
    rules.forEach(function (r) {
      var best = 0;
      alts.forEach(function (a) { best = Math.max(best, score(r, a)); });
      if (r.id === text) best = 1000;
      if (best > 0) hits.push([best, r]);
    });
    hits.sort(function (a, b) { return b[0] - a[0]; });
    var shown = hits.slice(0, 30);
    var html = "<p>" + hits.length + " rule" + (hits.length === 1 ? "" : "s") + " match" +
      (hits.length > shown.length ? "; the first " + shown.length : "") + "</p><ol>";
    shown.forEach(function (h) {
      var r = h[1];
      var snip = r.text.length > 180 ? r.text.slice(0, 180) + "…" : r.text;
      html += '<li><a href="#' + esc(r.anchor) + '">' + esc(r.id) + "</a> " + esc(r.title) +
        '<span class="snip">' + esc(snip) + "</span></li>";
    });
    out.innerHTML = html + "</ol>";
    out.hidden = false;
  }
  q.addEventListener("input", run);
  q.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { q.value = ""; run(); q.blur(); }
    if (e.key === "Enter") {
      var a = out.querySelector("li a");
      if (a) { location.hash = a.getAttribute("href"); }
    }
  });
  out.addEventListener("click", function (e) {
    if (e.target.tagName === "A") { out.hidden = true; }
  });
  // a search can be shared as a link: page.html?q=lethal+damage
  var m = /[?&]q=([^&#]*)/.exec(location.search);
  if (m) { q.value = decodeURIComponent(m[1].replace(/\+/g, " ")); run(); }
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== q) { e.preventDefault(); q.focus(); }
  });
})();
