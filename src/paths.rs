//! The user's directories for arbiter, found the platform's way by a kept crate
//! (`directories`, issue 15 item 7) rather than by hand: on Linux `$XDG_DATA_HOME/arbiter`
//! else `~/.local/share/arbiter`, and `$XDG_CACHE_HOME/arbiter` else `~/.cache/arbiter`
//! (as before); on macOS `~/Library/Application Support/arbiter` and
//! `~/Library/Caches/arbiter`; on Windows `%APPDATA%\arbiter\data` and
//! `%LOCALAPPDATA%\arbiter\cache`. The home directory comes from the system when `HOME` is
//! not set.

use std::path::PathBuf;

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "arbiter")
}

/// The data directory (the HTML export's default place, `site/` in it).
pub fn data_dir() -> Option<PathBuf> {
    project().map(|p| p.data_dir().to_path_buf())
}

/// The cache directory (for the search index; `ARBITER_CACHE_DIR` is checked by the caller).
pub fn cache_dir() -> Option<PathBuf> {
    project().map(|p| p.cache_dir().to_path_buf())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// On Linux the crate gives what the hand-written XDG logic gave: checked against the
    /// environment this test runs in (no variables are changed: tests run in parallel).
    #[test]
    fn linux_directories_are_the_xdg_ones() {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        let home = std::path::PathBuf::from(env("HOME").expect("HOME in the test environment"));
        let abs = |k: &str| {
            env(k)
                .map(std::path::PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let data = abs("XDG_DATA_HOME").unwrap_or_else(|| home.join(".local/share"));
        let cache = abs("XDG_CACHE_HOME").unwrap_or_else(|| home.join(".cache"));
        assert_eq!(super::data_dir(), Some(data.join("arbiter")));
        assert_eq!(super::cache_dir(), Some(cache.join("arbiter")));
    }

    /// The account's home directory from the system's user database (/etc/passwd), for
    /// the effective user of this process.
    fn home_from_passwd() -> Option<std::path::PathBuf> {
        use std::os::unix::fs::MetadataExt;
        let uid = std::fs::metadata("/proc/self").ok()?.uid().to_string();
        let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
        passwd.lines().find_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() >= 7 && f[2] == uid).then(|| std::path::PathBuf::from(f[5]))
        })
    }

    /// Without `HOME` (normal on Windows, possible under cron or a service manager) and
    /// without the XDG variables, the directories are still found: under the account's home
    /// as the system records it (issue 15, item 7; before, a search rebuilt its index in
    /// memory every time and said so). Run in a child process of this test binary, so the
    /// environment of the other tests is not touched.
    #[test]
    fn without_home_the_directories_come_from_the_system() {
        // (an account without an entry, as in some containers, has no home to fall back on)
        let home = home_from_passwd();
        let under = |rel: &str| {
            home.as_ref()
                .map_or("none".to_string(), |h| h.join(rel).display().to_string())
        };
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "paths::tests::child_prints_the_directories",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env_remove("HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("XDG_DATA_HOME")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        let said = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(k))
                .unwrap_or_else(|| panic!("no {k} in {text}"))
                .to_string()
        };
        assert_eq!(said("home="), "unset", "{text}");
        assert_eq!(said("cache="), under(".cache/arbiter"));
        assert_eq!(said("data="), under(".local/share/arbiter"));
    }

    /// Prints the directories as this process finds them (for the test above).
    #[test]
    #[ignore = "run as a child process without HOME by without_home_the_directories_come_from_the_system"]
    fn child_prints_the_directories() {
        let show =
            |p: Option<std::path::PathBuf>| p.map_or("none".into(), |p| p.display().to_string());
        // (a line of its own: the harness's "test … " is on the line before)
        println!(
            "\nhome={}",
            std::env::var("HOME").unwrap_or_else(|_| "unset".into())
        );
        println!("cache={}", show(super::cache_dir()));
        println!("data={}", show(super::data_dir()));
    }
}
