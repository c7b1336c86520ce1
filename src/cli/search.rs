//! `arbiter search`.

use crate::error::{Error, Result};
use crate::render::Out;

#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The words to search for.
    pub query: Vec<String>,
}

pub fn search(_out: &mut Out, _args: SearchArgs) -> Result<()> {
    Err(Error::usage("search is not available yet"))
}
