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
}
