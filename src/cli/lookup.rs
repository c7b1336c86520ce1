//! The judge's lookups: `rule`, `toc`, `define`, `editions`, `refs`, `completions`.

use super::EditionArgs;
use crate::error::{Error, Result};
use crate::render::Out;
use crate::rulebook::Library;

#[derive(Debug, clap::Args)]
pub struct RuleArgs {
    /// The rule id, e.g. 323.5, 466.1.b.2 or 603.3b.
    #[arg(value_name = "ID")]
    pub id: String,
    /// How many levels of sub-rules to show beneath it.
    #[arg(long, default_value_t = 0)]
    pub depth: usize,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct TocArgs {
    /// One part or section, e.g. 300.
    pub part: Option<String>,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct DefineArgs {
    /// The term, e.g. mighty or "hot fepr".
    pub term: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct EditionsArgs {}

#[derive(Debug, clap::Args)]
pub struct RefsArgs {
    /// The rule id.
    pub id: String,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

pub fn rule(out: &mut Out, args: RuleArgs) -> Result<()> {
    let lib = Library::get();
    let bi = lib
        .resolve(
            args.edition.game.as_deref(),
            args.edition.edition.as_deref(),
        )
        .map_err(Error::usage)?;
    let book = lib.book(bi);
    let id = book
        .parse_id(&args.id)
        .ok_or_else(|| Error::usage(format!("{:?} is not a rule id", args.id)))?;
    let i = book.index_of(&id.to_string()).ok_or_else(|| {
        Error::usage(format!(
            "{id} is not in {} {}",
            book.meta.game, book.meta.edition
        ))
    })?;
    let r = &book.ed.rules[i];
    out.line(format!("{} {}", r.id, r.text.as_deref().unwrap_or("")))?;
    Ok(())
}

pub fn toc(_out: &mut Out, _args: TocArgs) -> Result<()> {
    Err(Error::usage("toc is not available yet"))
}

pub fn define(_out: &mut Out, _args: DefineArgs) -> Result<()> {
    Err(Error::usage("define is not available yet"))
}

pub fn editions(out: &mut Out, _args: EditionsArgs) -> Result<()> {
    for m in Library::get().metas() {
        out.line(format!("{} {} {}", m.game, m.edition, m.rule_count))?;
    }
    Ok(())
}

pub fn refs(_out: &mut Out, _args: RefsArgs) -> Result<()> {
    Err(Error::usage("refs is not available yet"))
}

pub fn completions(out: &mut Out, args: CompletionsArgs) -> Result<()> {
    let mut buf = Vec::new();
    crate::cli::write_completions(args.shell, &mut buf);
    out.raw(String::from_utf8_lossy(&buf))?;
    Ok(())
}
