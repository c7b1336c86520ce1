//! The command line: clap definitions, the output policy, one handler per subcommand.

pub mod cards;
pub mod define;
pub mod diff;
pub mod export;
pub mod json;
pub mod lookup;
pub mod scenario;
pub mod search;

use crate::error::Result;
use crate::render::{ColorChoice, Out};
use clap::{Parser, Subcommand};

/// The command tree, defined twice: `Cli` and `Command` parse the command line, and each
/// command's own arguments are added when that command runs (clap's `defer`), not for all
/// eighteen at every start (a `rule 323.5` lookup spent most of its instructions building,
/// propagating into and dropping the arguments of commands it does not run). `EagerCli`
/// and `EagerCommand` are the same tree built at once, for man pages and completions: a
/// deferred tree lists the global options before a command's own and leaves the nested
/// commands (`cards coverage`, `deck check`) out of `help`'s. The arguments structs carry
/// no doc comment: clap would make it the command's description, and a deferred one is
/// added after the variant's own.
macro_rules! command_tree {
    ($cli:ident, $command:ident $(, defer = $defer:tt)? $(, #[$extra:meta])*) => {
        /// arbiter — Riftbound rules at the table: look rules up, search them, and run
        /// board-state scenarios that explain every ruling with rule citations.
        ///
        /// An unofficial fan tool for learning and judge preparation. Riftbound and its
        /// rules text are the property of Riot Games.
        $(#[$extra])*
        #[derive(Debug, Parser)]
        #[command(
            name = "arbiter",
            version,
            about,
            long_about = None,
            max_term_width = 100,
            after_help = ENVIRONMENT
        )]
        pub struct $cli {
            /// When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb).
            #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
            pub color: ColorChoice,
            /// Print one JSON document instead of text, errors included (each with a schema
            /// version; the fields are listed in the README).
            #[arg(long, global = true)]
            pub json: bool,
            /// Never page: print long output straight to the terminal (by default output longer
            /// than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX).
            #[arg(long, global = true)]
            pub no_pager: bool,
            /// The card database to read (the community JSON format, or a YAML list in the
            /// scenario's card format); default $ARBITER_CARDS, else cards.json in the data directory.
            #[arg(long, global = true, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
            pub cards: Option<std::path::PathBuf>,
            #[command(subcommand)]
            pub command: $command,
        }

        $(#[$extra])*
        #[derive(Debug, Subcommand)]
        $(#[command(defer = $defer)])?
        pub enum $command {
            /// Show a rule by id: its breadcrumb, text, examples and references.
            Rule(lookup::RuleArgs),
            /// Table of contents: the sections of an edition, or one part.
            Toc(lookup::TocArgs),
            /// Look a term up in the glossary: the rules that define and use it.
            Define(define::DefineArgs),
            /// The embedded rulebooks: game, edition, date, rule count, source file.
            Editions(lookup::EditionsArgs),
            /// What a rule links to, and every rule that links to it.
            Refs(lookup::RefsArgs),
            /// What changed between two editions: every rule aligned, with word diffs.
            Diff(diff::DiffArgs),
            /// Export every embedded edition as a static, offline, searchable web site.
            Export(export::ExportArgs),
            /// Search the rules by words: ranked, typo-tolerant, with synonyms.
            Search(search::SearchArgs),
            /// Run a scenario and print its timeline with rule citations.
            Run(scenario::RunArgs),
            /// Run every scenario in files or folders and report pass/fail.
            Test(scenario::TestArgs),
            /// Validate a scenario without running it.
            Check(scenario::CheckArgs),
            /// Look a card up in the card database: its text, keywords linked to their rules,
            /// what governs it, and whether the engine models it.
            Card(cards::CardArgs),
            /// The card database: which file, how many cards; `cards coverage` for what the engine models.
            Cards(cards::CardsArgs),
            /// Deck lists: `deck check FILE` against deck construction.
            Deck(cards::DeckArgs),
            /// Step through a scenario: step, back, board, why, do, choose, save (see `help` inside).
            Repl(ReplArgs),
            /// Print a shell completion script.
            Completions(lookup::CompletionsArgs),
            /// Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`.
            Man(ManArgs),
        }
    };
}

command_tree!(Cli, Command, defer = true);
command_tree!(EagerCli, EagerCommand, #[allow(dead_code)]);

/// The environment variables, listed under `--help`.
pub const ENVIRONMENT: &str = "Environment:
  NO_COLOR             no colour (as --color never), when set and not empty
  COLUMNS              the output width (default: the terminal's, else 80; at most 100)
  ARBITER_CARDS        the card database (as --cards)
  ARBITER_HYPERLINKS   1 or 0: OSC 8 rule links on or off (default: known terminals)
  ARBITER_LINK_BASE    where rule links point, with {game}, {edition} and {id}
  ARBITER_PAGER        the pager for output longer than the terminal (empty: none)
  PAGER                the pager when ARBITER_PAGER is not set (default: less -FRX)
  ARBITER_CACHE_DIR    the search index cache (default: $XDG_CACHE_HOME/arbiter)
  XDG_DATA_HOME        the data directory (cards.json, REPL history) is $XDG_DATA_HOME/arbiter";

/// `--version` (long): the version and the rule editions built in.
pub fn long_version() -> String {
    let mut s = format!("{}\nembedded rule editions:", env!("CARGO_PKG_VERSION"));
    for m in crate::rulebook::Library::get().metas() {
        s.push_str(&format!(
            "\n  {} {} — {} ({} rules{})",
            m.game,
            m.edition,
            m.title,
            m.rule_count,
            if m.default { ", default" } else { "" }
        ));
    }
    s
}

/// The clap command with what is known only at run time: the long version (when
/// `version` is asked for: it lists the embedded editions, which means reading the
/// rulebooks, about 50 µs), and clap's own colours following `--color` / `NO_COLOR` like
/// the rest of the output.
pub fn command(color: ColorChoice, version: bool) -> clap::Command {
    use clap::CommandFactory;
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let choice = match color {
        ColorChoice::Always => clap::ColorChoice::Always,
        ColorChoice::Never => clap::ColorChoice::Never,
        ColorChoice::Auto if no_color => clap::ColorChoice::Never,
        ColorChoice::Auto => clap::ColorChoice::Auto,
    };
    static LONG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let cli = Cli::command().color(choice);
    if version {
        cli.long_version(LONG.get_or_init(long_version).as_str())
    } else {
        cli
    }
}

/// `--color` as written among `args` (before clap parses them, so that clap's own help and
/// errors obey it): `--color WHEN` or `--color=WHEN`; `auto` when absent or not understood.
pub fn color_arg(args: &[std::ffi::OsString]) -> ColorChoice {
    let mut it = args.iter().map(|a| a.to_string_lossy());
    let mut choice = ColorChoice::Auto;
    while let Some(a) = it.next() {
        let v = if a == "--color" {
            it.next().map(|v| v.to_string())
        } else {
            a.strip_prefix("--color=").map(String::from)
        };
        match v.as_deref() {
            Some("always") => choice = ColorChoice::Always,
            Some("never") => choice = ColorChoice::Never,
            Some("auto") => choice = ColorChoice::Auto,
            _ => {}
        }
    }
    choice
}

/// The values `--game` and `--edition` offer for completion (any text is still accepted
/// and checked by the lookup, which suggests the nearest).
#[derive(Clone)]
struct Known(&'static [&'static str]);

impl clap::builder::TypedValueParser for Known {
    type Value = String;
    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|v| clap::builder::PossibleValue::new(*v)),
        ))
    }
}

/// The games and editions built in, for completion (checked against the library by a test).
pub const GAMES: &[&str] = &["riftbound", "legions-of-will"];
pub const EDITIONS: &[&str] = &["2026-03-30", "2025-06-02", "web-older", "2023-09-11"];

/// Runs the command, writing to standard output (the REPL's lookups come here; the binary
/// goes through [`crate::main_with_args`], which also reports the error).
pub fn run(cli: Cli) -> Result<()> {
    let mut out = output(&cli);
    let res = execute(&mut out, cli);
    let flushed = out.finish();
    res?;
    flushed?;
    Ok(())
}

/// Standard output as `cli` asks for it: colour, JSON, pager.
pub fn output(cli: &Cli) -> Out {
    Out::stdout(cli.color, cli.json, !cli.no_pager)
}

/// Runs the command, writing to `out`; the caller finishes `out` and reports the error.
pub fn execute(out: &mut Out, cli: Cli) -> Result<()> {
    let db = cli.cards.as_deref();
    match cli.command {
        Command::Rule(a) => lookup::rule(out, a),
        Command::Toc(a) => lookup::toc(out, a),
        Command::Define(a) => define::define(out, a),
        Command::Editions(a) => lookup::editions(out, a),
        Command::Refs(a) => lookup::refs(out, a),
        Command::Completions(a) => lookup::completions(out, a),
        Command::Man(a) if a.list => Ok(out.raw(man_commands().join("\n") + "\n")?),
        Command::Man(a) => {
            let mut buf = Vec::new();
            write_man(a.command.as_deref(), &mut buf)?;
            Ok(out.raw(String::from_utf8_lossy(&buf))?)
        }
        Command::Search(a) => search::search(out, a),
        Command::Diff(a) => diff::diff(out, a),
        Command::Export(a) => export::export(out, a),
        Command::Run(mut a) => scenario_database(db).and_then(|d| {
            a.database = d;
            scenario::run(out, a)
        }),
        Command::Test(mut a) => scenario_database(db).and_then(|d| {
            a.database = d;
            scenario::test(out, a)
        }),
        Command::Check(mut a) => scenario_database(db).and_then(|d| {
            a.database = d;
            scenario::check(out, a)
        }),
        Command::Repl(a) => {
            scenario_database(db).and_then(|d| crate::repl::run(a.file, d, cli.color))
        }
        Command::Card(a) => cards::card(out, db, a),
        Command::Cards(a) => cards::cards(out, db, a),
        Command::Deck(a) => cards::deck(out, db, a),
    }
}

// `arbiter repl [FILE]` (a plain comment: see `command_tree!` on why not a doc comment).
#[derive(Debug, clap::Args)]
pub struct ReplArgs {
    /// The scenario to step through (default: an empty duel).
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub file: Option<std::path::PathBuf>,
}

/// The card database for scenarios, when one is given or configured (cards a scenario
/// names without defining come from it).
fn scenario_database(
    flag: Option<&std::path::Path>,
) -> Result<Option<std::sync::Arc<crate::cards::Database>>> {
    match crate::cards::Database::locate(flag) {
        Some(p) => Ok(Some(std::sync::Arc::new(crate::cards::Database::load(&p)?))),
        None => Ok(None),
    }
}

// `--game` and `--edition`, shared by the lookup commands (a plain comment: see
// `command_tree!` on why not a doc comment).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct EditionArgs {
    /// The game: riftbound (default) or legions-of-will.
    #[arg(long, value_name = "GAME", value_parser = Known(GAMES))]
    pub game: Option<String>,
    /// The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older.
    #[arg(long, value_name = "EDITION", value_parser = Known(EDITIONS))]
    pub edition: Option<String>,
}

// `arbiter man [COMMAND]` (a plain comment: see `command_tree!` on why not a doc comment).
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The command whose page to print (arbiter-COMMAND(1)); default the main page, arbiter(1).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
    /// List the commands that have a page, one per line.
    #[arg(long, conflicts_with = "command")]
    pub list: bool,
}

/// The commands that have a man page of their own, arbiter-COMMAND(1).
pub fn man_commands() -> Vec<String> {
    use clap::CommandFactory;
    EagerCli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect()
}

/// Writes a man page generated from the clap definition: arbiter(1), or arbiter-COMMAND(1)
/// for `command` (committed under `man/`; `tests/completions.rs` checks they are current).
pub fn write_man(command: Option<&str>, w: &mut dyn std::io::Write) -> Result<()> {
    use clap::CommandFactory;
    let root = EagerCli::command()
        .version(env!("CARGO_PKG_VERSION"))
        .about("Riftbound rules at the table: look rules up, search them, and run board-state scenarios that explain every ruling with rule citations");
    let page = match command {
        None => root,
        Some(name) => {
            let Some(sub) = root.find_subcommand(name).cloned() else {
                return Err(crate::error::Error::usage(format!(
                    "no command named {name:?}; the commands are: {}",
                    man_commands().join(", ")
                )));
            };
            sub.name(format!("arbiter-{name}"))
                .bin_name(format!("arbiter {name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    clap_mangen::Man::new(page).render(w)?;
    if command.is_none() {
        // clap_mangen leaves `after_help` out; the environment section is ours.
        writeln!(w, ".SH ENVIRONMENT")?;
        for line in ENVIRONMENT.lines().skip(1) {
            let line = line.trim_start();
            let (name, what) = line.split_once(' ').unwrap_or((line, ""));
            writeln!(
                w,
                ".TP\n\\fB{name}\\fR\n{}",
                what.trim().replace('-', "\\-")
            )?;
        }
        writeln!(
            w,
            ".SH EXIT STATUS\n0 success; 1 nothing found, or a scenario's expectations failed; \
             2 usage or input error.\n.SH SEE ALSO\nThe README; \\fBarbiter help\\fR \\fICOMMAND\\fR."
        )?;
    }
    Ok(())
}

/// Writes the completion script for `shell` (also committed under `completions/`).
pub fn write_completions(shell: clap_complete::Shell, w: &mut dyn std::io::Write) {
    use clap::CommandFactory;
    clap_complete::generate(shell, &mut EagerCli::command(), "arbiter", w);
}
