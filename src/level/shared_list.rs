//! A list whose copies share their storage: [`SharedList`].
//!
//! A level's lists of items (its walls above all: a million in a big maze)
//! are copied on every edit, since the live level, the renderer and the
//! editor each hold a version. A `Vec` copy costs the whole list; this list
//! keeps its items in chunks of at most [`CHUNK`] behind `Arc`s, so a copy
//! costs one pointer a chunk, and an edit copies only the chunk it changes
//! (copy on write), whatever the list's length.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

/// The most items a chunk holds: what an edit of a shared list copies.
/// (A chunk that grows past it splits in two.)
pub const CHUNK: usize = 1024;

/// A list of items in shared chunks: cloning it is cheap, and changing a
/// clone copies only the chunk changed. Indexing finds the chunk by a
/// binary search over the chunks' first indices.
#[derive(Clone)]
pub struct SharedList<T> {
    /// Never an empty chunk.
    chunks: Vec<Arc<Vec<T>>>,
    /// The index of each chunk's first item.
    starts: Vec<usize>,
    len: usize,
}

impl<T> Default for SharedList<T> {
    fn default() -> Self {
        Self {
            chunks: Vec::new(),
            starts: Vec::new(),
            len: 0,
        }
    }
}

impl<T> SharedList<T> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many items the list holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no item.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The chunk holding item `index` (which must be below `len`), and
    /// the item's place in it.
    fn locate(&self, index: usize) -> (usize, usize) {
        // A list built at once has full chunks, where the chunk is found
        // by a division; edits make the guess miss near them only.
        let guess = index / CHUNK;
        if let (Some(&start), Some(chunk)) = (self.starts.get(guess), self.chunks.get(guess))
            && start <= index
            && index < start + chunk.len()
        {
            return (guess, index - start);
        }
        let chunk = self.starts.partition_point(|&start| start <= index) - 1;
        (chunk, index - self.starts[chunk])
    }

    /// Item `index`, if the list has it.
    pub fn get(&self, index: usize) -> Option<&T> {
        (index < self.len).then(|| {
            let (chunk, at) = self.locate(index);
            &self.chunks[chunk][at]
        })
    }

    /// The last item.
    pub fn last(&self) -> Option<&T> {
        self.chunks.last().and_then(|chunk| chunk.last())
    }

    /// Every item in order.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter {
            chunks: self.chunks.iter(),
            front: [].iter(),
            back: [].iter(),
            left: self.len,
        }
    }

    /// Gives each chunk's first index from `chunk` on again (after that
    /// chunk grew, shrank, split or went).
    fn renumber_from(&mut self, chunk: usize) {
        self.starts.truncate(chunk);
        let mut start = chunk
            .checked_sub(1)
            .map_or(0, |before| self.starts[before] + self.chunks[before].len());
        for later in &self.chunks[chunk..] {
            self.starts.push(start);
            start += later.len();
        }
    }
}

impl<T: Clone> SharedList<T> {
    /// Item `index`, to change (its chunk is copied first if shared).
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        if index >= self.len {
            return None;
        }
        let (chunk, at) = self.locate(index);
        Some(&mut Arc::make_mut(&mut self.chunks[chunk])[at])
    }

    /// Adds `item` at the end.
    pub fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(item),
            _ => {
                self.starts.push(self.len);
                self.chunks.push(Arc::new(vec![item]));
            }
        }
        self.len += 1;
    }

    /// Inserts `item` as item `index`, moving those from `index` on up by
    /// one. Panics when `index > len`, as `Vec::insert` does.
    pub fn insert(&mut self, index: usize, item: T) {
        assert!(
            index <= self.len,
            "insertion index {index} past the end {}",
            self.len
        );
        if index == self.len {
            self.push(item);
            return;
        }
        let (chunk, at) = self.locate(index);
        let items = Arc::make_mut(&mut self.chunks[chunk]);
        items.insert(at, item);
        if items.len() > CHUNK {
            let second = items.split_off(items.len() / 2);
            self.chunks.insert(chunk + 1, Arc::new(second));
        }
        self.len += 1;
        self.renumber_from(chunk);
    }

    /// Removes and returns item `index`, moving those after it down by
    /// one. Panics when `index >= len`, as `Vec::remove` does.
    pub fn remove(&mut self, index: usize) -> T {
        assert!(
            index < self.len,
            "removal index {index} past the end {}",
            self.len
        );
        let (chunk, at) = self.locate(index);
        let items = Arc::make_mut(&mut self.chunks[chunk]);
        let item = items.remove(at);
        if items.is_empty() {
            self.chunks.remove(chunk);
        }
        self.len -= 1;
        self.renumber_from(chunk);
        item
    }

    /// The items as a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }

    /// The items as a `Vec`, moved out of the chunks this list alone
    /// holds (copied from those it shares).
    pub fn into_vec(self) -> Vec<T> {
        let mut items = Vec::with_capacity(self.len);
        for chunk in self.chunks {
            match Arc::try_unwrap(chunk) {
                Ok(own) => items.extend(own),
                Err(shared) => items.extend_from_slice(&shared),
            }
        }
        items
    }
}

impl<T> Index<usize> for SharedList<T> {
    type Output = T;

    /// Panics when `index >= len`, as a slice does.
    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(item) => item,
            None => panic!("index {index} past the end {}", self.len),
        }
    }
}

impl<T: Clone> IndexMut<usize> for SharedList<T> {
    /// Panics when `index >= len`, as a slice does.
    fn index_mut(&mut self, index: usize) -> &mut T {
        let len = self.len;
        match self.get_mut(index) {
            Some(item) => item,
            None => panic!("index {index} past the end {len}"),
        }
    }
}

impl<T: Clone> FromIterator<T> for SharedList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = Self::new();
        list.extend(items);
        list
    }
}

impl<T: Clone> Extend<T> for SharedList<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Clone> From<Vec<T>> for SharedList<T> {
    fn from(items: Vec<T>) -> Self {
        items.into_iter().collect()
    }
}

impl<T: PartialEq> PartialEq for SharedList<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: fmt::Debug> fmt::Debug for SharedList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a SharedList<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// The items of a [`SharedList`] in order, from either end.
#[derive(Clone)]
pub struct Iter<'a, T> {
    chunks: std::slice::Iter<'a, Arc<Vec<T>>>,
    front: std::slice::Iter<'a, T>,
    back: std::slice::Iter<'a, T>,
    /// Items not yet yielded from either end.
    left: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        loop {
            if let Some(item) = self.front.next() {
                self.left -= 1;
                return Some(item);
            }
            match self.chunks.next() {
                Some(chunk) => self.front = chunk.iter(),
                None => {
                    let item = self.back.next()?;
                    self.left -= 1;
                    return Some(item);
                }
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.back.next_back() {
                self.left -= 1;
                return Some(item);
            }
            match self.chunks.next_back() {
                Some(chunk) => self.back = chunk.iter(),
                None => {
                    let item = self.front.next_back()?;
                    self.left -= 1;
                    return Some(item);
                }
            }
        }
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use crate::property_cases::property_config;

    /// One change to a list, at a fraction of its length.
    #[derive(Debug, Clone)]
    enum ListOp {
        Push(u32),
        Insert(f64, u32),
        Remove(f64),
        Set(f64, u32),
    }

    fn step() -> impl Strategy<Value = ListOp> {
        prop_oneof![
            any::<u32>().prop_map(ListOp::Push),
            (0.0f64..1.0, any::<u32>()).prop_map(|(at, v)| ListOp::Insert(at, v)),
            (0.0f64..1.0).prop_map(ListOp::Remove),
            (0.0f64..1.0, any::<u32>()).prop_map(|(at, v)| ListOp::Set(at, v)),
        ]
    }

    proptest! {
        #![proptest_config(property_config(256))]
        /// Any sequence of changes leaves the list as a `Vec` changed the
        /// same way, and a copy taken before them as it was.
        #[test]
        fn changes_match_a_vec_and_leave_copies_alone(
            start in 0usize..5000,
            steps in proptest::collection::vec(step(), 0..200),
        ) {
            let mut model: Vec<u32> = (0..start as u32).collect();
            let mut list: SharedList<u32> = model.clone().into();
            let copy = list.clone();
            for step in steps {
                let at = |f: f64, n: usize| ((f * n as f64) as usize).min(n.saturating_sub(1));
                match step {
                    ListOp::Push(v) => {
                        model.push(v);
                        list.push(v);
                    }
                    ListOp::Insert(f, v) => {
                        let index = (f * (model.len() + 1) as f64) as usize;
                        model.insert(index, v);
                        list.insert(index, v);
                    }
                    ListOp::Remove(f) if !model.is_empty() => {
                        let index = at(f, model.len());
                        prop_assert_eq!(list.remove(index), model.remove(index));
                    }
                    ListOp::Set(f, v) if !model.is_empty() => {
                        let index = at(f, model.len());
                        model[index] = v;
                        list[index] = v;
                    }
                    ListOp::Remove(_) | ListOp::Set(..) => {}
                }
                prop_assert_eq!(list.len(), model.len());
            }
            prop_assert!(list.iter().eq(model.iter()));
            prop_assert!(list.iter().rev().eq(model.iter().rev()));
            for (index, item) in model.iter().enumerate() {
                prop_assert_eq!(list.get(index), Some(item));
            }
            prop_assert_eq!(list.get(model.len()), None);
            prop_assert_eq!(list.last(), model.last());
            prop_assert!(copy.iter().copied().eq(0..start as u32));
        }
    }

    #[test]
    fn an_edit_of_a_copy_copies_one_chunk() {
        let list: SharedList<u32> = (0..10 * CHUNK as u32).collect();
        let mut copy = list.clone();
        copy.remove(5 * CHUNK + 3);
        copy.insert(2, 7);
        let shared = list
            .chunks
            .iter()
            .filter(|chunk| copy.chunks.iter().any(|other| Arc::ptr_eq(chunk, other)))
            .count();
        assert_eq!(shared, 8, "all but the two chunks changed are shared");
    }

    #[test]
    fn an_iterator_from_both_ends_meets_in_the_middle() {
        let list: SharedList<u32> = (0..3 * CHUNK as u32).collect();
        let mut items = list.iter();
        assert_eq!(items.len(), 3 * CHUNK);
        assert_eq!(items.next(), Some(&0));
        assert_eq!(items.next_back(), Some(&(3 * CHUNK as u32 - 1)));
        assert_eq!(items.len(), 3 * CHUNK - 2);
        assert_eq!(items.count(), 3 * CHUNK - 2);
    }
}
