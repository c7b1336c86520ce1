//! The README's JSON field lists (section "JSON output") are the real output: each entry's
//! example command is run and the keys it prints are compared, at every depth, with the
//! list; and every `schema` the source names has an entry (issue 15, item 3).

use serde_json::Value;
use std::collections::BTreeSet;

/// One field of a documented list: `name`, `name?`, `name[]`, `name{…}`, `name[{…}]`,
/// `name[^]`; `*` for any name.
#[derive(Debug, Clone)]
struct Field {
    name: String,
    optional: bool,
    shape: Shape,
}

#[derive(Debug, Clone)]
enum Shape {
    Scalar,
    List,
    Object(Vec<Field>),
    ListOf(Vec<Field>),
    /// `[^]`: a list of objects shaped like the enclosing one.
    ListOfSelf,
}

/// Parses `a, b[], c{d, e[{f}]}, g?` (whitespace anywhere).
fn parse(s: &str) -> Vec<Field> {
    let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut i = 0;
    let fields = parse_fields(&chars, &mut i);
    assert_eq!(i, chars.len(), "unparsed rest of {s:?}: {:?}", &chars[i..]);
    fields
}

fn parse_fields(c: &[char], i: &mut usize) -> Vec<Field> {
    let mut out = Vec::new();
    loop {
        let start = *i;
        while *i < c.len() && (c[*i].is_ascii_alphanumeric() || c[*i] == '_' || c[*i] == '*') {
            *i += 1;
        }
        let name: String = c[start..*i].iter().collect();
        assert!(!name.is_empty(), "a field name expected at {start}");
        let optional = c.get(*i) == Some(&'?');
        if optional {
            *i += 1;
        }
        let shape = match (c.get(*i), c.get(*i + 1)) {
            (Some('['), Some(']')) => {
                *i += 2;
                Shape::List
            }
            (Some('['), Some('^')) => {
                assert_eq!(c.get(*i + 2), Some(&']'));
                *i += 3;
                Shape::ListOfSelf
            }
            (Some('['), Some('{')) => {
                *i += 2;
                let inner = parse_fields(c, i);
                assert_eq!(c.get(*i..*i + 2), Some(&['}', ']'][..]), "}}] expected");
                *i += 2;
                Shape::ListOf(inner)
            }
            (Some('{'), _) => {
                *i += 1;
                let inner = parse_fields(c, i);
                assert_eq!(c.get(*i), Some(&'}'), "}} expected");
                *i += 1;
                Shape::Object(inner)
            }
            _ => Shape::Scalar,
        };
        out.push(Field {
            name,
            optional,
            shape,
        });
        if c.get(*i) == Some(&',') {
            *i += 1;
        } else {
            return out;
        }
    }
}

/// Compares an actual object with its documented fields; differences are pushed as
/// `path: what`.
fn compare(doc: &[Field], v: &Value, path: &str, errs: &mut Vec<String>) {
    let Some(obj) = v.as_object() else {
        if !v.is_null() {
            errs.push(format!("{path}: documented as an object, is {v}"));
        }
        return;
    };
    let any = doc.iter().find(|f| f.name == "*");
    for f in doc.iter().filter(|f| f.name != "*") {
        match obj.get(&f.name) {
            None if !f.optional => errs.push(format!("{path}.{}: documented, not printed", f.name)),
            None => {}
            Some(x) => compare_value(f, doc, x, &format!("{path}.{}", f.name), errs),
        }
    }
    for (k, x) in obj {
        if doc.iter().any(|f| &f.name == k) {
            continue;
        }
        match any {
            Some(f) => compare_value(f, doc, x, &format!("{path}.{k}"), errs),
            None => errs.push(format!("{path}.{k}: printed, not documented")),
        }
    }
}

fn compare_value(f: &Field, parent: &[Field], x: &Value, path: &str, errs: &mut Vec<String>) {
    match &f.shape {
        Shape::Scalar => {
            if x.is_object() || x.is_array() {
                errs.push(format!("{path}: documented as a plain value, is {x}"));
            }
        }
        Shape::List => {
            if !x.is_array() && !x.is_null() {
                errs.push(format!("{path}: documented as a list, is {x}"));
            }
        }
        Shape::Object(inner) => compare(inner, x, path, errs),
        Shape::ListOf(inner) => list_of(inner, x, path, errs),
        Shape::ListOfSelf => {
            // the enclosing object's fields, `schema` left out
            let inner: Vec<Field> = parent
                .iter()
                .filter(|g| g.name != "schema")
                .cloned()
                .collect();
            list_of(&inner, x, path, errs)
        }
    }
}

fn list_of(inner: &[Field], x: &Value, path: &str, errs: &mut Vec<String>) {
    match x.as_array() {
        Some(items) => {
            for (n, item) in items.iter().enumerate() {
                compare(inner, item, &format!("{path}[{n}]"), errs);
            }
        }
        None if x.is_null() => {}
        None => errs.push(format!("{path}: documented as a list, is {x}")),
    }
}

/// One entry of the README's list: schema, the command's arguments, the fields.
struct Entry {
    schema: String,
    args: Vec<String>,
    fields: String,
}

fn entries() -> Vec<Entry> {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme
        .find("<!-- json-fields")
        .expect("the README's JSON field list");
    let end = readme.find("<!-- /json-fields -->").unwrap();
    let section = &readme[start..end];
    let mut out = Vec::new();
    for item in section.split("\n- ").skip(1) {
        // `SCHEMA` — `arbiter --json ARGS`: `FIELDS`
        let spans: Vec<&str> = item.split('`').collect();
        assert!(spans.len() >= 6, "an entry without its three parts: {item}");
        let cmd = spans[3].split_whitespace().collect::<Vec<_>>();
        assert_eq!(&cmd[..2], ["arbiter", "--json"], "{item}");
        out.push(Entry {
            schema: spans[1].to_string(),
            args: cmd[2..].iter().map(|s| s.to_string()).collect(),
            fields: spans[5].to_string(),
        });
    }
    out
}

#[test]
fn the_readme_json_field_lists_match_the_output() {
    let entries = entries();
    assert!(entries.len() >= 17, "{} entries", entries.len());
    let tmp = tempfile::tempdir().unwrap();
    let tmp_s = tmp.path().to_str().unwrap().to_string();
    let problems: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = entries
            .iter()
            .map(|e| {
                let tmp_s = &tmp_s;
                s.spawn(move || {
                    let args: Vec<String> =
                        e.args.iter().map(|a| a.replace("{tmp}", tmp_s)).collect();
                    let out = assert_cmd::Command::cargo_bin("arbiter")
                        .unwrap()
                        .arg("--json")
                        .args(&args)
                        .env("ARBITER_CACHE_DIR", format!("{tmp_s}/cache"))
                        .env("COLUMNS", "80")
                        .output()
                        .unwrap();
                    let v: Value = match serde_json::from_slice(&out.stdout) {
                        Ok(v) => v,
                        Err(err) => {
                            return vec![format!(
                                "{args:?}: not JSON ({err}): {}",
                                String::from_utf8_lossy(&out.stderr)
                            )];
                        }
                    };
                    let mut errs = Vec::new();
                    if v["schema"] != e.schema.as_str() {
                        errs.push(format!(
                            "schema is {}, documented {}",
                            v["schema"], e.schema
                        ));
                    }
                    compare(&parse(&e.fields), &v, "", &mut errs);
                    errs.into_iter()
                        .map(|m| format!("{} ({}): {m}", e.schema, args.join(" ")))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        problems.is_empty(),
        "the README's JSON field lists differ from the output:\n{}",
        problems.join("\n")
    );
}

/// Every schema name in the source (`schema: "x/1"`, `then_some("x/1")`) has an entry.
#[test]
fn every_schema_is_documented() {
    let documented: BTreeSet<String> = entries().into_iter().map(|e| e.schema).collect();
    let mut named = BTreeSet::new();
    let mut stack = vec![std::path::PathBuf::from("src")];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for marker in ["schema: \"", "then_some(\""] {
            for (at, _) in text.match_indices(marker) {
                let rest = &text[at + marker.len()..];
                let name = &rest[..rest.find('"').unwrap()];
                if name.contains('/') {
                    named.insert(name.to_string());
                }
            }
        }
    }
    assert!(named.len() >= 17, "{named:?}");
    let missing: Vec<_> = named.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "schemas with no README entry: {missing:?}"
    );
    let stale: Vec<_> = documented.difference(&named).collect();
    assert!(stale.is_empty(), "README entries for no schema: {stale:?}");
}

#[test]
fn the_notation_is_read_as_meant() {
    let f = parse("a, b?[], c{d, *{e}}, f[{g}], h[^]");
    assert_eq!(f.len(), 5);
    assert!(f[1].optional && matches!(f[1].shape, Shape::List));
    let v: Value = serde_json::from_str(
        r#"{"a": 1, "c": {"d": 2, "x": {"e": 3}}, "f": [{"g": 1}], "h": [{"a": 1, "c": null, "f": [], "h": []}]}"#,
    )
    .unwrap();
    let mut errs = Vec::new();
    compare(&f, &v, "", &mut errs);
    assert!(errs.is_empty(), "{errs:?}");
    // a drift either way is found
    let v: Value = serde_json::from_str(
        r#"{"c": {"d": 2, "x": {"e": 3, "z": 0}}, "f": [{"g": 1, "y": 2}], "h": [], "new": 1}"#,
    )
    .unwrap();
    compare(&f, &v, "", &mut errs);
    assert_eq!(
        errs,
        [
            ".a: documented, not printed",
            ".c.x.z: printed, not documented",
            ".f[0].y: printed, not documented",
            ".new: printed, not documented"
        ]
    );
}
