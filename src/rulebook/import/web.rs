//! Importer for the web format. (Placeholder: produces no rules yet.)

use super::ImportError;
use super::model::{Edition, IdStyle, ManifestEntry};

pub fn import(entry: &ManifestEntry, _text: &str) -> Result<Edition, ImportError> {
    Ok(Edition::from_manifest(entry, IdStyle::Dotted))
}
