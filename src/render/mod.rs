//! Terminal output: the colour and hyperlink policy, styles, OSC 8 links, wrapping.
//! Every command writes through an [`Out`].

pub mod html;
pub mod pager;
pub mod text;

use owo_colors::OwoColorize;
use std::io::{self, IsTerminal, Write};

/// `--color auto|always|never`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// How a command writes: JSON or text, colour, hyperlinks, width.
pub struct Out {
    pub json: bool,
    /// How many JSON documents were written (a command prints one; an error is printed as
    /// JSON only when its command printed none).
    documents: usize,
    pub color: bool,
    pub links: bool,
    pub width: usize,
    w: Target,
}

/// Where an [`Out`] writes: any writer, or standard output through the pager's gate.
enum Target {
    Writer(Box<dyn Write>),
    Paged(io::BufWriter<pager::Paged>),
}

impl Write for Target {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Target::Writer(w) => w.write(buf),
            Target::Paged(w) => w.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Target::Writer(w) => w.write_all(buf),
            Target::Paged(w) => w.write_all(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Target::Writer(w) => w.flush(),
            Target::Paged(w) => w.flush(),
        }
    }
}

impl Out {
    /// Decides colour the way ripgrep does: `always`/`never` win; `auto` is on only
    /// for a terminal, and off with `NO_COLOR` or `TERM=dumb`. Hyperlinks need colour
    /// and a terminal known to support OSC 8 (or `ARBITER_HYPERLINKS=1`).
    ///
    /// With `pager` (no `--no-pager`), output to a terminal that turns out longer than the
    /// terminal is tall goes through the pager ([`pager::command_from_env`]); output that
    /// fits, or that is not to a terminal, is printed as it is.
    pub fn stdout(choice: ColorChoice, json: bool, pager: bool) -> Out {
        let tty = io::stdout().is_terminal();
        let env = |k: &str| std::env::var(k).ok();
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                tty && env("NO_COLOR").is_none_or(|v| v.is_empty())
                    && env("TERM").as_deref() != Some("dumb")
            }
        };
        let links = color && !json && hyperlinks_supported(tty);
        let width = terminal_width();
        let rows = terminal_size::terminal_size_of(io::stdout()).map(|(_, h)| h.0 as usize);
        let w = match (tty && pager, rows, pager::command_from_env()) {
            (true, Some(rows), Some(command)) => {
                Target::Paged(io::BufWriter::new(pager::Paged::new(command, rows)))
            }
            _ => Target::Writer(Box::new(io::BufWriter::new(io::stdout().lock()))),
        };
        Out {
            json,
            documents: 0,
            color,
            links,
            width,
            w,
        }
    }

    /// The styling stdout would get (colour and hyperlink policy of [`Out::stdout`]),
    /// writing nowhere: for text written through another writer (the REPL's).
    pub fn styler(choice: ColorChoice) -> Out {
        let mut o = Out::stdout(choice, false, false);
        o.w = Target::Writer(Box::new(io::sink()));
        o
    }

    /// An `Out` that writes into a buffer (for tests and the REPL).
    pub fn to_writer(w: Box<dyn Write>, color: bool, links: bool, json: bool) -> Out {
        Out {
            json,
            documents: 0,
            color,
            links,
            width: 80,
            w: Target::Writer(w),
        }
    }

    /// Writes one line of text. A line wider than [`Out::width`] (counted in display
    /// columns) that its command did not wrap itself is wrapped here, with a hanging indent
    /// two columns deeper than its own, so that nothing printed overflows the terminal.
    pub fn line(&mut self, s: impl AsRef<str>) -> io::Result<()> {
        let s = s.as_ref();
        if s.contains('\n') {
            // a block (a table): each of its lines
            for l in s.split('\n') {
                self.line(l)?;
            }
            return Ok(());
        }
        if !self.json && s.len() > self.width && text::visible_len(s) > self.width {
            let lead = &s[..s.len() - s.trim_start_matches(' ').len()];
            let body = &s[lead.len()..];
            let hang = format!("{lead}  ");
            for l in text::wrap_spaced(body, self.width, lead, &hang) {
                self.w.write_all(l.as_bytes())?;
                self.w.write_all(b"\n")?;
            }
            return Ok(());
        }
        self.w.write_all(s.as_bytes())?;
        self.w.write_all(b"\n")
    }

    pub fn raw(&mut self, s: impl AsRef<str>) -> io::Result<()> {
        self.w.write_all(s.as_ref().as_bytes())
    }

    /// A command's `--json` document: pretty JSON of its typed output struct, then a newline.
    pub fn document<T: serde::Serialize + ?Sized>(&mut self, v: &T) -> io::Result<()> {
        self.documents += 1;
        serde_json::to_writer_pretty(&mut self.w, v)?;
        self.w.write_all(b"\n")
    }

    /// Whether a JSON document was written.
    pub fn wrote_json(&self) -> bool {
        self.documents > 0
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }

    /// Ends the output: flushes it, and when it may be paged, prints what was held back or
    /// waits for the pager to be quit.
    pub fn finish(&mut self) -> io::Result<()> {
        match &mut self.w {
            Target::Writer(w) => w.flush(),
            Target::Paged(w) => {
                w.flush()?;
                w.get_mut().finish()
            }
        }
    }

    pub fn dim(&self, s: &str) -> String {
        if self.color {
            s.dimmed().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn bold(&self, s: &str) -> String {
        if self.color {
            s.bold().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn italic(&self, s: &str) -> String {
        if self.color {
            s.italic().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn accent(&self, s: &str) -> String {
        if self.color {
            s.cyan().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn good(&self, s: &str) -> String {
        if self.color {
            s.green().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn bad(&self, s: &str) -> String {
        if self.color {
            s.red().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn warn(&self, s: &str) -> String {
        if self.color {
            s.yellow().to_string()
        } else {
            s.to_string()
        }
    }
    pub fn highlight(&self, s: &str) -> String {
        if self.color {
            s.bold().yellow().to_string()
        } else {
            s.to_string()
        }
    }

    /// `text` as an OSC 8 hyperlink to `url` when links are on.
    pub fn link(&self, url: &str, text: &str) -> String {
        if self.links {
            format!("\x1b]8;;{url}\x1b\\{text}\x1b]8;;\x1b\\")
        } else {
            text.to_string()
        }
    }

    /// A rule id as a link to the rule in a local HTML export (see [`rule_url`]); plain
    /// text when links are off or no target is known to exist.
    pub fn rule_link(&self, game: &str, edition: &str, id: &str, text: &str) -> String {
        if !self.links {
            return text.to_string();
        }
        match rule_url(game, edition, id) {
            Some(url) => self.link(&url, text),
            None => text.to_string(),
        }
    }
}

/// The width output wraps to: `COLUMNS` when it is a number (an override, as for clap's
/// help), else the width of the terminal stdout is (`terminal_size`), else 80; at least 20
/// and at most 100 columns, so that prose stays readable on a wide screen (clap's help
/// has the same limit).
pub fn terminal_width() -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w > 0);
    columns
        .or_else(|| terminal_size::terminal_size_of(io::stdout()).map(|(w, _)| w.0 as usize))
        .unwrap_or(80)
        .clamp(MIN_WIDTH, MAX_WIDTH)
}

/// The narrowest and widest output [`terminal_width`] gives.
pub const MIN_WIDTH: usize = 20;
pub const MAX_WIDTH: usize = 100;

/// The URL a rule id links to: `ARBITER_LINK_BASE` with `{game}`, `{edition}` and
/// `{id}` filled in (e.g. `file:///srv/rules/{game}-{edition}.html#{id}`); else the
/// page of `arbiter export html` in its default place, when that page exists; else
/// none (no link to a target nobody checked).
pub fn rule_url(game: &str, edition: &str, id: &str) -> Option<String> {
    let anchor = html::anchor(id);
    if let Ok(base) = std::env::var("ARBITER_LINK_BASE")
        && !base.is_empty()
    {
        return Some(
            base.replace("{game}", game)
                .replace("{edition}", edition)
                .replace("{id}", &anchor),
        );
    }
    let page = html::default_site_dir()?.join(html::page_name(game, edition));
    page.is_file()
        .then(|| format!("file://{}#{anchor}", page.display()))
}

/// Terminals known to render OSC 8 links (as ripgrep and others detect them).
fn hyperlinks_supported(tty: bool) -> bool {
    let env = |k: &str| std::env::var(k).ok();
    match env("ARBITER_HYPERLINKS").as_deref() {
        Some("1") | Some("always") => return true,
        Some("0") | Some("never") => return false,
        _ => {}
    }
    if !tty {
        return false;
    }
    if let Some(p) = env("TERM_PROGRAM")
        && [
            "iTerm.app",
            "WezTerm",
            "vscode",
            "ghostty",
            "Hyper",
            "Tabby",
            "rio",
        ]
        .contains(&p.as_str())
    {
        return true;
    }
    if env("VTE_VERSION")
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|v| v >= 5000)
    {
        return true;
    }
    env("WT_SESSION").is_some()
        || env("KONSOLE_VERSION").is_some()
        || env("KITTY_WINDOW_ID").is_some()
        || env("TERM")
            .is_some_and(|t| t.contains("kitty") || t.contains("alacritty") || t.contains("foot"))
}
