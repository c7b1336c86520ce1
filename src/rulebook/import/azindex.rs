//! A–Z index (stub).
use super::ImportError;
use super::hyperlinked::Layout;
use super::model::Edition;
pub struct Index;
pub(crate) fn parse(_file: &str, _l: &Layout) -> Result<Index, ImportError> {
    Ok(Index)
}
pub fn glossary(_ed: &mut Edition, _raw: &[Option<String>], _index: &Index) {}
