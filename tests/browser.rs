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
