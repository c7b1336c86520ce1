//! The search cache: built once and reused, rebuilt on request, safe when two
//! processes build at once, rebuilt when damaged, in memory when unwritable.

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

fn arbiter(cache: &Path) -> Command {
    let mut c = Command::cargo_bin("arbiter").expect("binary");
    c.env("ARBITER_CACHE_DIR", cache);
    c
}

/// The index folders (`search-v…`) in a cache root.
fn index_dirs(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(root)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("search-"))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Leftover temporary or trash folders.
fn leftovers(root: &Path) -> Vec<String> {
    fs::read_dir(root)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.starts_with('.'))
        .collect()
}

fn search_ok(cache: &Path) -> (String, String) {
    let out = arbiter(cache)
        .args(["search", "deathknell", "--limit", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn segment_file(dir: &Path, ext: &str) -> PathBuf {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().and_then(|x| x.to_str()) == Some(ext))
        .unwrap_or_else(|| panic!("no .{ext} file in {}", dir.display()))
}

#[test]
fn built_once_then_reused_and_rebuilt_on_request() {
    let tmp = tempfile::tempdir().unwrap();
    let (first, err) = search_ok(tmp.path());
    assert!(err.is_empty(), "unexpected notice: {err}");
    let dirs = index_dirs(tmp.path());
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    let seal = dirs[0].join("READY");
    let before = fs::metadata(&seal).unwrap().modified().unwrap();
    let (second, _) = search_ok(tmp.path());
    assert_eq!(first, second);
    assert_eq!(
        fs::metadata(&seal).unwrap().modified().unwrap(),
        before,
        "a warm search rebuilt the index"
    );
    arbiter(tmp.path())
        .args(["search", "--rebuild"])
        .assert()
        .success()
        .stdout(predicate::str::contains("rebuilt the search index"));
    assert_eq!(index_dirs(tmp.path()).len(), 1);
    assert!(seal.exists());
    let (third, _) = search_ok(tmp.path());
    assert_eq!(first, third);
    assert!(
        leftovers(tmp.path()).is_empty(),
        "{:?}",
        leftovers(tmp.path())
    );
}

#[test]
fn concurrent_first_builds_all_succeed() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("arbiter");
    let children: Vec<_> = (0..4)
        .map(|_| {
            std::process::Command::new(&bin)
                .env("ARBITER_CACHE_DIR", tmp.path())
                .args(["search", "deathknell", "--limit", "3"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for o in &outs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.stdout, outs[0].stdout);
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("in-memory"),
            "a concurrent build fell back to memory"
        );
    }
    assert_eq!(index_dirs(tmp.path()).len(), 1);
    assert!(
        leftovers(tmp.path()).is_empty(),
        "{:?}",
        leftovers(tmp.path())
    );
    let (after, err) = search_ok(tmp.path());
    assert_eq!(after.as_bytes(), &outs[0].stdout[..]);
    assert!(err.is_empty(), "{err}");
}

/// Damages the built index with `damage`, then checks the next search notices,
/// rebuilds, answers as before, and the one after is quiet.
fn damaged_index_is_rebuilt(damage: impl Fn(&Path)) {
    let tmp = tempfile::tempdir().unwrap();
    let (good, _) = search_ok(tmp.path());
    let dir = index_dirs(tmp.path()).pop().unwrap();
    damage(&dir);
    let (again, err) = search_ok(tmp.path());
    assert_eq!(again, good);
    assert!(err.contains("damaged"), "no notice: {err:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (third, err) = search_ok(tmp.path());
    assert_eq!(third, good);
    assert!(err.is_empty(), "still damaged: {err}");
}

#[test]
fn a_truncated_segment_is_detected_and_rebuilt() {
    damaged_index_is_rebuilt(|dir| {
        let f = segment_file(dir, "idx");
        let len = fs::metadata(&f).unwrap().len();
        fs::OpenOptions::new()
            .write(true)
            .open(&f)
            .unwrap()
            .set_len(len / 2)
            .unwrap();
    });
}

#[test]
fn flipped_bytes_fail_the_checksum_and_are_rebuilt() {
    damaged_index_is_rebuilt(|dir| {
        let f = segment_file(dir, "term");
        let mut bytes = fs::read(&f).unwrap();
        let mid = bytes.len() / 2;
        for b in &mut bytes[mid..mid + 16] {
            *b ^= 0xff;
        }
        fs::write(&f, bytes).unwrap();
    });
}

#[test]
fn a_half_written_folder_without_its_seal_is_rebuilt() {
    damaged_index_is_rebuilt(|dir| fs::remove_file(dir.join("READY")).unwrap());
}

#[test]
fn a_garbled_seal_or_meta_is_rebuilt() {
    damaged_index_is_rebuilt(|dir| fs::write(dir.join("meta.json"), b"{ not json").unwrap());
    damaged_index_is_rebuilt(|dir| fs::write(dir.join("READY"), b"garbage\n").unwrap());
}

#[test]
fn a_same_size_edit_of_the_vocabulary_is_detected() {
    // issue 10: only sizes were checked, and typo correction was lost for good
    damaged_index_is_rebuilt(|dir| {
        let f = dir.join("vocab.txt");
        let mut bytes = fs::read(&f).unwrap();
        let i = bytes.iter().position(u8::is_ascii_lowercase).unwrap();
        bytes[i] = if bytes[i] == b'z' { b'y' } else { b'z' };
        fs::write(&f, bytes).unwrap();
    });
    let tmp = tempfile::tempdir().unwrap();
    search_ok(tmp.path());
    // typo correction still works after the repair
    let out = arbiter(tmp.path())
        .args(["search", "deathknel"])
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn leftovers_of_killed_builds_are_removed() {
    let tmp = tempfile::tempdir().unwrap();
    search_ok(tmp.path());
    let name = index_dirs(tmp.path())[0]
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    // a build killed mid-way (pid 4000000000 is past any pid_max), and a removal killed
    let dead = tmp.path().join(format!(".{name}.tmp-4000000000-123"));
    fs::create_dir(&dead).unwrap();
    fs::write(dead.join("meta.json"), b"{}").unwrap();
    fs::create_dir(tmp.path().join(".trash-4000000000-5")).unwrap();
    // a build in progress in a live process (this test) is left alone
    let live = tmp
        .path()
        .join(format!(".{name}.tmp-{}-9", std::process::id()));
    fs::create_dir(&live).unwrap();
    search_ok(tmp.path());
    let left = leftovers(tmp.path());
    if Path::new("/proc/self").exists() {
        assert_eq!(
            left,
            vec![live.file_name().unwrap().to_str().unwrap().to_string()]
        );
    }
}

#[test]
fn an_unwritable_cache_falls_back_to_memory_with_one_notice() {
    let tmp = tempfile::tempdir().unwrap();
    // A cache path beneath a regular file can never be created, even by root.
    let file = tmp.path().join("not-a-dir");
    fs::write(&file, b"").unwrap();
    let cache = file.join("cache");
    let out = arbiter(&cache)
        .args(["search", "deathknell", "--limit", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("in-memory index"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("2026-03-30/808")
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_cache_directory_falls_back_to_memory() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let ro = tmp.path().join("ro");
    fs::create_dir(&ro).unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o555)).unwrap();
    if fs::write(ro.join("probe"), b"").is_ok() {
        // Running as root: permissions do not bind, so the directory is not
        // read-only; `an_unwritable_cache_falls_back_to_memory_with_one_notice`
        // covers the fallback with a path that cannot be created.
        eprintln!("skipped: the directory stays writable (running as root)");
        return;
    }
    let out = arbiter(&ro)
        .args(["search", "deathknell", "--limit", "3"])
        .output()
        .unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("in-memory index"), "{err}");
    assert!(index_dirs(&ro).is_empty());
}

#[test]
fn a_build_prunes_other_versions_unused_for_a_week() {
    let tmp = tempfile::tempdir().unwrap();
    let make = |name: &str, age_days: u64| {
        let d = tmp.path().join(name);
        fs::create_dir_all(&d).unwrap();
        let f = fs::File::create(d.join("READY")).unwrap();
        let t = std::time::SystemTime::now() - std::time::Duration::from_secs(age_days * 86_400);
        f.set_modified(t).unwrap();
        d
    };
    let old = make("search-v0-0000000000000000", 8);
    let recent = make("search-v0-1111111111111111", 1);
    let unrelated = make("notes-v0", 30);
    search_ok(tmp.path());
    assert!(
        !old.exists(),
        "a week-old index of another version was kept"
    );
    assert!(
        recent.exists(),
        "a recent index of another version was deleted"
    );
    assert!(
        unrelated.exists(),
        "a folder that is not an index was deleted"
    );
    assert_eq!(index_dirs(tmp.path()).len(), 2);
}

/// Without `HOME` (normal on Windows) the cache directory is still found — the platform's
/// way, through the `directories` crate — and a search builds its index there once and
/// reuses it, with no notice (issue 15, item 7).
#[cfg(target_os = "linux")]
#[test]
fn without_home_the_cache_directory_is_still_found() {
    let tmp = tempfile::tempdir().unwrap();
    let search = || {
        let mut c = Command::cargo_bin("arbiter").expect("binary");
        c.env_remove("HOME")
            .env_remove("ARBITER_CACHE_DIR")
            .env("XDG_CACHE_HOME", tmp.path())
            .args(["search", "deathknell", "--limit", "1"])
            .output()
            .unwrap()
    };
    let out = search();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    let root = tmp.path().join("arbiter");
    let dirs = index_dirs(&root);
    assert_eq!(dirs.len(), 1, "no index under {}", root.display());
    let seal = |d: &Path| fs::metadata(d).unwrap().modified().unwrap();
    let built = seal(&dirs[0]);
    let out = search();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    assert_eq!(index_dirs(&root), dirs);
    assert_eq!(seal(&dirs[0]), built, "rebuilt instead of reused");
}
