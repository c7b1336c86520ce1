//! The exported site in a real browser: headless Chromium (Debian's `chromium`)
//! loads every page; every internal link of the loaded DOM resolves to an anchor,
//! the search box finds 323.5 for "lethal damage", and nothing is logged to the
//! console. `.ci/run` installs Chromium when it is missing; without it (outside CI)
//! the test says so and checks nothing.

#[allow(dead_code)] // json() is for the other tests
mod common;

use common::arbiter;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|b| {
        Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Every value of `attr="…"` in `html`.
fn attrs<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let pat = format!(" {attr}=\"");
    let mut v = Vec::new();
    let mut rest = html;
    while let Some(p) = rest.find(&pat) {
        rest = &rest[p + pat.len()..];
        if let Some(e) = rest.find('"') {
            v.push(&rest[..e]);
            rest = &rest[e..];
        }
    }
    v
}

/// The DOM after load (scripts run) and the console messages.
fn load(bin: &str, url: &str, profile: &Path) -> (String, Vec<String>) {
    let out = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", url])
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let console = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(String::from)
        .collect();
    (String::from_utf8(out.stdout).unwrap(), console)
}

#[test]
fn the_site_in_headless_chromium() {
    let Some(bin) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium (.ci/run installs it)"
        );
        eprintln!("skipped: no chromium on this machine (apt-get install chromium)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("site");
    arbiter()
        .args(["export", "html"])
        .arg(&dir)
        .assert()
        .success();
    let profile = tmp.path().join("profile");
    let url = |page: &str| format!("file://{}", dir.join(page).display());
    let (index, console) = load(bin, &url("index.html"), &profile);
    assert!(console.is_empty(), "index.html: {console:?}");
    let pages: Vec<String> = attrs(&index, "href")
        .into_iter()
        .filter(|h| h.ends_with(".html") && *h != "index.html")
        .map(String::from)
        .collect();
    assert_eq!(pages.len(), 4);
    let mut doms: HashMap<String, String> = HashMap::new();
    for p in &pages {
        // the search runs from the query string as when typed in the box
        let (dom, console) = load(bin, &format!("{}?q=lethal+damage", url(p)), &profile);
        assert!(console.is_empty(), "{p}: {console:?}");
        doms.insert(p.clone(), dom);
    }
    let ids: HashMap<&str, HashSet<&str>> = doms
        .iter()
        .map(|(p, d)| (p.as_str(), attrs(d, "id").into_iter().collect()))
        .collect();
    let mut links = 0;
    for (p, dom) in &doms {
        for href in attrs(dom, "href") {
            let (page, frag) = href.split_once('#').unwrap_or((href, ""));
            let page = if page.is_empty() { p.as_str() } else { page };
            assert!(dir.join(page).is_file(), "{p}: {href}");
            if !frag.is_empty() {
                assert!(
                    ids[page].contains(frag),
                    "{p}: {href} resolves to no anchor"
                );
                links += 1;
            }
        }
    }
    eprintln!("{links} internal links resolve in the loaded pages");
    // the search box found 323.5 for "lethal damage"
    let now = &doms["riftbound-2026-03-30.html"];
    let start = now.find("<div id=\"results\"").expect("the results region");
    let results = &now[start..start + now[start..].find("</div>").unwrap()];
    assert!(!results.contains("hidden"), "results are shown");
    assert!(results.contains("href=\"#323.5\""), "{results}");
}

/// Made for reading, checked in the browser: `/` focuses the search box, typing searches,
/// Enter opens the first hit and Escape clears; the page follows the system's dark mode;
/// at a phone's width (390 px) the contents sit above the rules and nothing is wider than
/// the screen, at a desktop's (1280 px) they sit beside them. A harness page drives the
/// rules page in frames (`--allow-file-access-from-files` lets it reach into them).
#[test]
fn keyboard_dark_mode_and_phone_width_in_headless_chromium() {
    let Some(bin) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium (.ci/run installs it)"
        );
        eprintln!("skipped: no chromium on this machine (apt-get install chromium)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("site");
    arbiter()
        .args(["export", "html"])
        .arg(&dir)
        .assert()
        .success();
    std::fs::write(dir.join("harness.html"), HARNESS).unwrap();
    let run = |dark: bool| -> String {
        let mut c = Command::new(bin);
        c.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
        ]);
        if dark {
            c.arg("--force-dark-mode");
        }
        let out = c
            .arg(format!(
                "--user-data-dir={}",
                tmp.path().join("profile").display()
            ))
            .arg("--dump-dom")
            .arg(format!("file://{}", dir.join("harness.html").display()))
            .output()
            .expect("chromium runs");
        let dom = String::from_utf8_lossy(&out.stdout).to_string();
        let start = dom.find("<pre id=\"out\">").expect("the harness ran") + 14;
        dom[start..start + dom[start..].find("</pre>").unwrap()].to_string()
    };
    let light = run(false);
    for want in [
        "slash focuses the box: true",
        "results shown: true",
        "enter opens the first hit: true",
        "escape clears and leaves the box: true",
        "dark: false",
        "1280: layout grid, fits true",
        "390: layout block, fits true",
    ] {
        assert!(light.contains(want), "{want:?} not in:\n{light}");
    }
    let dark = run(true);
    assert!(dark.contains("dark: true"), "{dark}");
    // the background follows: the light page's is light, the dark page's dark
    let bg = |s: &str| -> u32 {
        let l = s.lines().find(|l| l.starts_with("background: ")).unwrap();
        l.split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse::<u32>().ok())
            .take(3)
            .sum()
    };
    assert!(bg(&light) > 600 && bg(&dark) < 150, "{light}\n{dark}");
}

const HARNESS: &str = r#"<!doctype html><html><body><pre id="out">did not run</pre>
<iframe id="wide" src="riftbound-2026-03-30.html" width="1280" height="700"></iframe>
<iframe id="phone" src="riftbound-2026-03-30.html" width="390" height="844"></iframe>
<script>
var log = [], loaded = 0;
function layout(f) {
  var d = f.contentDocument;
  return f.width + ": layout " + f.contentWindow.getComputedStyle(d.querySelector(".layout")).display +
    ", fits " + (d.documentElement.scrollWidth <= d.documentElement.clientWidth);
}
function keys(f) {
  var w = f.contentWindow, d = w.document, q = d.getElementById("q"), res = d.getElementById("results");
  function key(t, k) { t.dispatchEvent(new w.KeyboardEvent("keydown", {key: k, bubbles: true})); }
  key(d.body, "/");
  log.push("slash focuses the box: " + (d.activeElement === q));
  q.value = "lethal damage";
  q.dispatchEvent(new w.Event("input", {bubbles: true}));
  log.push("results shown: " + !res.hidden);
  var first = res.querySelector("li a");
  key(q, "Enter");
  log.push("enter opens the first hit: " + (!!first && w.location.hash === first.getAttribute("href")));
  key(q, "Escape");
  log.push("escape clears and leaves the box: " + (q.value === "" && d.activeElement !== q));
  log.push("dark: " + w.matchMedia("(prefers-color-scheme: dark)").matches);
  log.push("background: " + w.getComputedStyle(d.body).backgroundColor);
}
function done() {
  if (++loaded < 2) return;
  var wide = document.getElementById("wide"), phone = document.getElementById("phone");
  log.push(layout(wide));
  log.push(layout(phone));
  keys(wide);
  document.getElementById("out").textContent = log.join("\n");
}
document.getElementById("wide").onload = done;
document.getElementById("phone").onload = done;
</script></body></html>
"#;
