//! Recovery of lost titles and text (stub).
use super::azindex::Index;
use super::model::Edition;
pub fn recover(_ed: &mut Edition, _raw: &[Option<String>], _index: &Index) {}
