//! Change tracking for the inputs of the layer system (468–475), so that the current
//! characteristics are derived once per change rather than once per query.
//!
//! A [`Tracked`] field reads like the value it holds (`Deref`); every mutable access
//! (`DerefMut`: an assignment, `push`, `iter_mut`, `&mut field[i]`) bumps its generation.
//! The borrow checker guarantees that no query of the game runs while such a mutable
//! borrow is alive, so a cache keyed by the generations of every input is never stale: a
//! mutation always bumps before the next query can see the changed value.

use std::ops::{Deref, DerefMut};

/// A value whose mutable accesses are counted.
#[derive(Clone, Default)]
pub struct Tracked<T> {
    value: T,
    generation: u64,
}

impl<T> Tracked<T> {
    pub fn new(value: T) -> Self {
        Tracked {
            value,
            generation: 0,
        }
    }

    /// How many mutable accesses there have been (wrapping: only equality is compared).
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Tracked<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.generation = self.generation.wrapping_add(1);
        &mut self.value
    }
}

/// Shown as the value alone: two states that hold the same values are the same state,
/// whatever their histories of access.
impl<T: std::fmt::Debug> std::fmt::Debug for Tracked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: serde::Serialize> serde::Serialize for Tracked<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<T> From<T> for Tracked<T> {
    fn from(value: T) -> Self {
        Tracked::new(value)
    }
}

impl<'a, T> IntoIterator for &'a Tracked<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.value.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Tracked<Vec<T>> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.deref_mut().iter_mut()
    }
}

/// A derived value cached with the generations it was derived from. Cloning a game shares
/// the cached value; `Debug` shows nothing (a cache is not state).
pub struct Cache<K, V> {
    slot: std::cell::RefCell<Option<(K, std::sync::Arc<V>)>>,
}

impl<K, V> Default for Cache<K, V> {
    fn default() -> Self {
        Cache {
            slot: std::cell::RefCell::new(None),
        }
    }
}

impl<K: Clone, V> Clone for Cache<K, V> {
    fn clone(&self) -> Self {
        Cache {
            slot: std::cell::RefCell::new(self.slot.borrow().clone()),
        }
    }
}

impl<K, V> std::fmt::Debug for Cache<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}

impl<K: PartialEq + Clone, V> Cache<K, V> {
    /// The value derived for `key`: the cached one when the key is unchanged, else
    /// `derive(previous)` (which must not query this cache), given the value cached before
    /// (for a derivation that reuses what did not change).
    pub fn get_or(&self, key: K, derive: impl FnOnce(Option<&V>) -> V) -> std::sync::Arc<V> {
        let prev = {
            let slot = self.slot.borrow();
            match &*slot {
                Some((k, v)) if *k == key => return v.clone(),
                Some((_, v)) => Some(v.clone()),
                None => None,
            }
        };
        let v = std::sync::Arc::new(derive(prev.as_deref()));
        drop(prev);
        *self.slot.borrow_mut() = Some((key, v.clone()));
        v
    }
}
