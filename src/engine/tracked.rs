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
#[derive(Default)]
pub struct Tracked<T> {
    value: T,
    generation: u64,
    /// A watch ([`watch`](Self::watch)): whether one is on, and the value before the first
    /// mutable access since it began.
    watching: bool,
    watched: Option<T>,
}

/// A copy holds the value alone (and the generation); no watch.
impl<T: Clone> Clone for Tracked<T> {
    fn clone(&self) -> Self {
        Tracked {
            value: self.value.clone(),
            generation: self.generation,
            watching: false,
            watched: None,
        }
    }
}

impl<T> Tracked<T> {
    pub fn new(value: T) -> Self {
        Tracked {
            value,
            generation: 0,
            watching: false,
            watched: None,
        }
    }

    /// How many mutable accesses there have been (wrapping: only equality is compared).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Begins a watch: the first mutable access from now on saves the value it changes, so
    /// that [`unchanged_since_watch`](Self::unchanged_since_watch) can tell whether the
    /// value is still what it was, at no cost while nothing is changed. A watch begun
    /// before is ended.
    pub fn watch(&mut self) {
        self.watching = true;
        self.watched = None;
    }

    /// Whether the value is the one the watch began on (one accessed mutably and set back
    /// is unchanged), and ends the watch. Without a watch on, `true`.
    pub fn unchanged_since_watch(&mut self) -> bool
    where
        T: PartialEq,
    {
        self.watching = false;
        match self.watched.take() {
            Some(old) => old == self.value,
            None => true,
        }
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: Clone> DerefMut for Tracked<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.generation = self.generation.wrapping_add(1);
        if self.watching && self.watched.is_none() {
            self.watched = Some(self.value.clone());
        }
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

impl<'a, T: Clone> IntoIterator for &'a mut Tracked<Vec<T>> {
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

/// A tracked vector with an undo journal: what [`Tracked`] is for the layer cache, plus
/// the means to take back one action's changes without a copy of the whole vector.
///
/// Reads are a plain slice index (`Deref` to the vector). Every mutable access goes
/// through [`IndexMut`](std::ops::IndexMut), [`get_mut`](Self::get_mut),
/// [`iter_mut`](Self::iter_mut) or [`push`](Self::push): each bumps the generation, and
/// while a journal is open ([`open`](Self::open)) the first mutable access to an element
/// saves its old value. [`roll_back`](Self::roll_back) puts the saved values back, drops
/// the elements pushed since, and restores the generation, so the vector is exactly as
/// it was when the journal opened; [`close`](Self::close) keeps the changes. An action
/// thus copies the elements it changes, not the whole vector.
pub struct Journaled<T> {
    items: Vec<T>,
    generation: u64,
    /// Whether a journal is open, and the length and generation when it opened.
    open: bool,
    len: usize,
    opened_at: u64,
    /// The old values saved since the journal opened, in order, and which elements they
    /// are (one bit per element below `len`).
    saved: Vec<(usize, T)>,
    marked: Vec<u64>,
    /// A watch ([`watch`](Self::watch)), apart from the journal: whether one is on, the
    /// length when it began, the old values of the elements changed since and which those
    /// are.
    watching: bool,
    watch_len: usize,
    watch_saved: Vec<(usize, T)>,
    watch_marked: Vec<u64>,
}

impl<T> Default for Journaled<T> {
    fn default() -> Self {
        Journaled::new(Vec::new())
    }
}

impl<T> From<Vec<T>> for Journaled<T> {
    fn from(items: Vec<T>) -> Self {
        Journaled::new(items)
    }
}

/// A copy holds the elements alone (and the generation, like [`Tracked`]); no journal.
impl<T: Clone> Clone for Journaled<T> {
    fn clone(&self) -> Self {
        Journaled {
            items: self.items.clone(),
            generation: self.generation,
            ..Journaled::default()
        }
    }
}

impl<T> Journaled<T> {
    pub fn new(items: Vec<T>) -> Self {
        Journaled {
            items,
            generation: 0,
            open: false,
            len: 0,
            opened_at: 0,
            saved: Vec::new(),
            marked: Vec::new(),
            watching: false,
            watch_len: 0,
            watch_saved: Vec::new(),
            watch_marked: Vec::new(),
        }
    }

    /// Begins a watch: from now on the first mutable access to each element saves its old
    /// value (as a journal does, and independently of one), so that
    /// [`unchanged_since_watch`](Self::unchanged_since_watch) can tell, at the cost of the
    /// elements accessed, whether the vector still holds what it held. A watch begun
    /// before is ended.
    pub fn watch(&mut self) {
        self.watching = true;
        self.watch_len = self.items.len();
        self.watch_saved.clear();
        self.watch_marked.clear();
        self.watch_marked.resize(self.watch_len.div_ceil(64), 0);
    }

    /// Whether the vector holds the values it held when the watch began (an element
    /// accessed mutably and set back is unchanged; one pushed is a change), and ends the
    /// watch. Without a watch on, `true`.
    pub fn unchanged_since_watch(&mut self) -> bool
    where
        T: PartialEq,
    {
        if !self.watching {
            return true;
        }
        self.watching = false;
        let same = self.items.len() == self.watch_len
            && self
                .watch_saved
                .iter()
                .all(|(i, old)| self.items[*i] == *old);
        self.watch_saved.clear();
        same
    }

    /// How many mutable accesses there have been (wrapping: only equality is compared).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Opens a journal: from now on, the first mutable access to each element saves its
    /// old value. Any journal open before is closed (its changes kept).
    pub fn open(&mut self) {
        self.close();
        self.open = true;
        self.len = self.items.len();
        self.opened_at = self.generation;
        self.marked.clear();
        self.marked.resize(self.len.div_ceil(64), 0);
    }

    /// Closes the journal, keeping every change made since it opened.
    pub fn close(&mut self) {
        self.open = false;
        self.saved.clear();
    }

    /// Takes back every change made since the journal opened (the vector and its
    /// generation as they were then) and closes it. Without an open journal, nothing.
    pub fn roll_back(&mut self) {
        if !self.open {
            return;
        }
        self.items.truncate(self.len);
        for (i, old) in self.saved.drain(..).rev() {
            self.items[i] = old;
        }
        self.generation = self.opened_at;
        self.open = false;
    }

    /// Saves element `i`'s value if a journal is open and it was not saved yet, and for a
    /// watch likewise.
    #[inline]
    fn save(&mut self, i: usize)
    where
        T: Clone,
    {
        if self.open && i < self.len {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            if self.marked[word] & bit == 0 {
                self.marked[word] |= bit;
                self.saved.push((i, self.items[i].clone()));
            }
        }
        if self.watching && i < self.watch_len {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            if self.watch_marked[word] & bit == 0 {
                self.watch_marked[word] |= bit;
                self.watch_saved.push((i, self.items[i].clone()));
            }
        }
    }

    /// The vector as it was when the journal opened (a copy; the journal stays open), or
    /// a copy of it as it is without an open journal.
    pub fn before(&self) -> Journaled<T>
    where
        T: Clone,
    {
        if !self.open {
            return self.clone();
        }
        let mut items = self.items[..self.len].to_vec();
        for (i, old) in &self.saved {
            items[*i] = old.clone();
        }
        Journaled {
            items,
            generation: self.opened_at,
            ..Journaled::default()
        }
    }

    /// Mutable access to element `i` (`None` past the end).
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T>
    where
        T: Clone,
    {
        if i >= self.items.len() {
            return None;
        }
        self.generation = self.generation.wrapping_add(1);
        self.save(i);
        self.items.get_mut(i)
    }

    /// Mutable access to every element (each saved first while a journal is open): for
    /// a change to most of them; change a few by index.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T>
    where
        T: Clone,
    {
        self.generation = self.generation.wrapping_add(1);
        for i in 0..self.items.len() {
            self.save(i);
        }
        self.items.iter_mut()
    }

    /// Appends an element (dropped again by a roll-back).
    pub fn push(&mut self, value: T) {
        self.generation = self.generation.wrapping_add(1);
        self.items.push(value);
    }
}

impl<T> Deref for Journaled<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> std::ops::Index<usize> for Journaled<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.items[i]
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for Journaled<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        self.generation = self.generation.wrapping_add(1);
        self.save(i);
        &mut self.items[i]
    }
}

/// Shown as the elements alone (a journal is not state).
impl<T: std::fmt::Debug> std::fmt::Debug for Journaled<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.items.fmt(f)
    }
}

impl<T: serde::Serialize> serde::Serialize for Journaled<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(s)
    }
}

impl<'a, T> IntoIterator for &'a Journaled<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Journaled<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::Journaled;

    /// A roll-back restores the elements, the length and the generation as they were when
    /// the journal opened, whatever the mix of accesses; `before` shows that state without
    /// disturbing the changes; a closed journal keeps them.
    #[test]
    fn a_roll_back_restores_exactly_what_the_journal_opened_on() {
        let start: Vec<Vec<u32>> = (0..130).map(|i| vec![i]).collect();
        let mut v = Journaled::new(start.clone());
        v[3].push(1);
        let generation = v.generation();
        v.open();
        v[5].push(7);
        v[5].push(8);
        if let Some(x) = v.get_mut(129) {
            x.clear();
        }
        assert!(v.get_mut(130).is_none());
        v.push(vec![99]);
        v[130].push(100);
        let mut opened_on = start.clone();
        opened_on[3].push(1);
        assert_eq!(*v.before(), opened_on);
        assert_eq!(v.before().generation(), generation);
        assert_eq!(v.len(), 131);
        assert_eq!(v[5], vec![5, 7, 8]);
        v.roll_back();
        assert_eq!(*v, opened_on);
        assert_eq!(v.generation(), generation);
        // every element at once, then kept
        v.open();
        for x in v.iter_mut() {
            x.push(0);
        }
        v.close();
        v.roll_back();
        assert!(v.iter().all(|x| x.last() == Some(&0)));
        assert_ne!(v.generation(), generation);
        // a copy holds the elements alone: rolling it back changes nothing
        v.open();
        v[0].clear();
        let mut copy = v.clone();
        copy.roll_back();
        assert!(copy[0].is_empty());
        v.roll_back();
        assert_eq!(v[0], vec![0, 0]);
    }

    /// A watch tells whether the values are still those it began on, whatever the accesses
    /// in between, and independently of a journal open at the same time; it ends with the
    /// answer.
    #[test]
    fn a_watch_tells_a_change_of_value_from_an_access() {
        let mut v = Journaled::new((0..130).map(|i| vec![i]).collect::<Vec<Vec<u32>>>());
        v.open();
        v.watch();
        v[129].push(1);
        v[129].pop();
        for x in v.iter_mut() {
            x.push(0);
            x.pop();
        }
        assert!(v.unchanged_since_watch());
        v.watch();
        v[64].push(1);
        assert!(!v.unchanged_since_watch());
        v.watch();
        v.push(vec![]);
        assert!(!v.unchanged_since_watch());
        // ended: a change after it is not weighed
        v[0].push(1);
        assert!(v.unchanged_since_watch());
        // the journal saw everything since it opened
        v.roll_back();
        assert_eq!(v.len(), 130);
        assert_eq!((v[0].len(), v[64].len()), (1, 1));
    }
}
