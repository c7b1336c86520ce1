//! `arbiter export html`: the static site's pages, checked without a browser
//! (tests/browser.rs loads them in Chromium).

#[allow(dead_code)] // json() is for the other tests
mod common;

use common::arbiter;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// Every value of `attr="…"` in `html`.
pub fn attrs<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
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

fn export(dir: &Path) {
    arbiter()
        .args(["export", "html"])
        .arg(dir)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "riftbound 2026-03-30: 2089 rules",
        ));
}

#[test]
fn the_site_has_every_edition_with_anchors_links_and_no_network() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    export(dir);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let pages: Vec<&str> = attrs(&index, "href")
        .into_iter()
        .filter(|h| h.ends_with(".html") && *h != "index.html")
        .collect();
    assert_eq!(pages.len(), 4, "{pages:?}");
    let mut ids: HashMap<String, HashSet<String>> = HashMap::new();
    let mut texts: HashMap<String, String> = HashMap::new();
    for p in &pages {
        let h = std::fs::read_to_string(dir.join(p)).unwrap();
        ids.insert(
            p.to_string(),
            attrs(&h, "id").into_iter().map(String::from).collect(),
        );
        texts.insert(p.to_string(), h);
    }
    let mut checked = 0;
    for (p, h) in &texts {
        assert!(h.starts_with("<!doctype html>"));
        // nothing from the network: no absolute URLs, fonts or CDNs
        assert!(!h.contains("http://") && !h.contains("https://"), "{p}");
        for src in attrs(h, "src") {
            assert!(dir.join(src).is_file(), "{p}: {src}");
        }
        // every article is closed; every rule has its anchor
        assert_eq!(
            h.matches("<article").count(),
            h.matches("</article>").count()
        );
        // every internal link lands on an anchor
        for href in attrs(h, "href") {
            let (page, frag) = href.split_once('#').unwrap_or((href, ""));
            let page = if page.is_empty() { p.as_str() } else { page };
            assert!(dir.join(page).is_file(), "{p}: {href}");
            if !frag.is_empty() {
                assert!(ids[page].contains(frag), "{p}: {href} has no anchor");
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
    let now = &texts["riftbound-2026-03-30.html"];
    let ids_now = &ids["riftbound-2026-03-30.html"];
    for id in ["323.5", "359.3.f.3.a.1", "000", "805"] {
        assert!(ids_now.contains(id), "{id}");
    }
    // cross-references, backlinks, counterparts, recovered text, examples, symbols
    assert!(now.contains("<a href=\"#327\">See rule 327. Chains for more information.</a>"));
    assert!(now.contains("referenced by"));
    assert!(now.contains("was <a href=\"riftbound-2025-06-02.html#508\">508</a> in 2025-06-02"));
    assert!(now.contains("[recovered from the top index"));
    assert!(now.contains("<aside class=\"example\">"));
    assert!(now.contains("[M: Might]"));
    assert!(now.contains("<nav class=\"crumbs\""));
    assert!(now.contains("was <a href=\"riftbound-web-older.html#458\">458</a> in web-older"));
    let old = &texts["riftbound-2025-06-02.html"];
    assert!(old.contains("now <a href=\"riftbound-2026-03-30.html#308\">308</a>"));
    // Legions of Will: duplicated ids get their own anchors, and its HTML is escaped
    let low = &texts["legions-of-will-2023-09-11.html"];
    assert!(ids["legions-of-will-2023-09-11.html"].contains("111.1a~2"));
    assert!(!low.contains("<u>"));
    // its chapters are 1–9; a section only the contents names (404 Base) has its anchor
    assert!(low.contains("<li class=\"l1\"><a href=\"#4\">4 Zones</a></li>"));
    assert!(low.contains("<li class=\"l2\"><a href=\"#404\">404 Base</a></li>"));
    assert!(ids["legions-of-will-2023-09-11.html"].contains("404"));
    // a link whose title names the second of a duplicated id goes to it
    assert!(low.contains("See rule <a href=\"#702.3~2\">702.3</a>, &quot;Redeem.&quot;"));
    // made for reading: a phone's viewport, the system's dark mode, a print style sheet
    // without the header, search and contents (the browser test checks dark mode, the
    // phone layout and the keys in Chromium)
    assert!(
        now.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    );
    assert!(now.contains("<link rel=\"stylesheet\" href=\"site.css\">"));
    let css = std::fs::read_to_string(dir.join("site.css")).unwrap();
    assert!(css.contains("@media (prefers-color-scheme: dark)"), "{css}");
    let print = &css[css.find("@media print {").expect("a print style sheet")..];
    let print = &print[..print.find("\n}").unwrap()];
    assert!(
        print.contains("header, #results, .toc { display: none; }"),
        "{print}"
    );
    // the search box is labelled and says which key reaches it
    assert!(now.contains("placeholder=\"Search the rules (press /)\""));
    // the search index ships beside each page
    let idx = std::fs::read_to_string(dir.join("riftbound-2026-03-30.index.js")).unwrap();
    assert!(idx.starts_with("window.ARBITER_INDEX = {"));
    assert!(idx.contains("\"323.5\""));
}

#[test]
fn export_json_lists_what_it_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let out = arbiter()
        .args(["export", "html", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["schema"], "export/1");
    assert_eq!(v["editions"].as_array().unwrap().len(), 4);
    assert_eq!(v["files"], 11);
}

#[test]
fn terminal_links_go_to_the_local_copy_or_nowhere() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path();
    let run = || {
        let out = arbiter()
            .env("HOME", home)
            .env_remove("XDG_DATA_HOME")
            .env("ARBITER_HYPERLINKS", "1")
            .args(["--color", "always", "rule", "323.5"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // no export: no link to a page nobody checked
    assert!(!run().contains("\x1b]8;;"));
    // the default export place
    arbiter()
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .args(["export", "html"])
        .assert()
        .success();
    let page = home.join(".local/share/arbiter/site/riftbound-2026-03-30.html");
    assert!(page.is_file());
    let text = run();
    assert!(
        text.contains(&format!("\x1b]8;;file://{}#323.5\x1b\\", page.display())),
        "{text:?}"
    );
}

/// Why `html` is not well-formed HTML, if it is not: every element is closed in the
/// order it was opened (void elements excepted), no text holds a raw `<` or `>`,
/// attribute values are quoted, and no id is used twice.
fn malformed(html: &str) -> Option<String> {
    const VOID: [&str; 8] = ["meta", "link", "br", "input", "img", "hr", "wbr", "source"];
    let mut open: Vec<&str> = Vec::new();
    let mut ids = HashSet::new();
    let mut rest = html.strip_prefix("<!doctype html>")?;
    while let Some(lt) = rest.find('<') {
        if rest[..lt].contains('>') {
            return Some(format!(
                "a raw '>' in text before {:?}",
                &rest[lt..lt + 40.min(rest.len() - lt)]
            ));
        }
        rest = &rest[lt + 1..];
        let gt = rest.find('>')?;
        let tag = &rest[..gt];
        rest = &rest[gt + 1..];
        if tag.contains('<') {
            return Some(format!("a raw '<' in {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name => {}
                o => return Some(format!("</{name}> closes {o:?}")),
            }
            continue;
        }
        let name = tag.split([' ', '\n']).next().unwrap_or_default();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Some(format!("a bad tag {tag:?}"));
        }
        // attributes: name or name="value", values quoted
        let mut a = tag[name.len()..].trim();
        while !a.is_empty() {
            let end = a.find([' ', '=']).unwrap_or(a.len());
            let rest_a = &a[end..];
            if let Some(v) = rest_a.strip_prefix('=') {
                let Some(v) = v.strip_prefix('"') else {
                    return Some(format!("an unquoted attribute in {tag:?}"));
                };
                let close = v.find('"')?;
                if &a[..end] == "id" && !ids.insert(v[..close].to_string()) {
                    return Some(format!("id {:?} used twice", &v[..close]));
                }
                a = v[close + 1..].trim_start();
            } else {
                a = rest_a.trim_start();
            }
        }
        if !VOID.contains(&name) {
            open.push(name);
        }
    }
    (!open.is_empty()).then(|| format!("never closed: {open:?}"))
}

#[test]
fn every_page_is_well_formed_html() {
    let tmp = tempfile::tempdir().unwrap();
    export(tmp.path());
    let mut pages = 0;
    for e in std::fs::read_dir(tmp.path()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "html") {
            let h = std::fs::read_to_string(&p).unwrap();
            assert_eq!(malformed(&h), None, "{}", p.display());
            pages += 1;
        }
    }
    assert_eq!(pages, 5);
    // the checker itself catches what it is for
    for bad in [
        "<!doctype html><p><b>x</p></b>",
        "<!doctype html><p>a > b</p>",
        "<!doctype html><p id=\"a\"></p><p id=\"a\"></p>",
        "<!doctype html><p class=x></p>",
        "<!doctype html><main>",
    ] {
        assert!(malformed(bad).is_some(), "{bad}");
    }
    assert_eq!(malformed("<!doctype html><p id=\"a\">x<br>y</p>"), None);
}
