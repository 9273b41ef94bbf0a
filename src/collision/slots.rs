//! Where the collider keeps its shapes so that a copy costs little and an
//! edit on a copy copies only what it touches.
//!
//! Each shape lives in a stable *slot*: a slot is never renumbered, a
//! removed shape frees its slot and a later insert reuses it. The grid
//! files shapes by slot, so an insert or a removal changes only the cells
//! its box covers. Per-slot values lie in a [`Chunked`] table: chunks of
//! [`CHUNK_LEN`] values behind an `Arc`, so that a lookup is two loads, a
//! clone copies one pointer per chunk, and a change on a shared collider
//! copies only the chunks it writes (`Arc::make_mut`).
//!
//! Everything outside the collider names a shape by its *position*, its
//! index among the walls (or among the obstacles), which an insert or a
//! removal in the middle shifts. [`Order`] maps positions to slots and
//! back with two chunked tables of 4 bytes a shape. An edit at position
//! `p` rewrites the chunks of positions from `p` on, and the chunks of
//! slots whose shapes lie at `p` or after (known from a bound kept per
//! chunk): half of both tables for an edit in the middle, one chunk each
//! for an edit at the end. [`ShapeView`] is the slice-like view of the
//! shapes in position order that [`Collider::walls`] and
//! [`Collider::obstacles`] return.
//!
//! [`Collider::walls`]: super::Collider::walls
//! [`Collider::obstacles`]: super::Collider::obstacles

use std::fmt;
use std::ops::Index;
use std::sync::Arc;

/// log2 of [`CHUNK_LEN`].
const CHUNK_BITS: u32 = 10;

/// Values per chunk: an edit on a shared collider copies a chunk of this
/// many values per table it changes (24 KB of capsules), and a clone
/// copies one pointer per chunk (a thousand for a million walls).
const CHUNK_LEN: usize = 1 << CHUNK_BITS;

/// The position of a free slot in [`Order`]'s table.
const FREE: u32 = u32::MAX;

/// A vector in chunks behind `Arc` (see the module's notes). Every chunk
/// holds [`CHUNK_LEN`] values: those of the last chunk past the length are
/// padding (copies of a value), so that a lookup needs no bounds check
/// within its chunk (the hot path of every query reads shapes this way).
#[derive(Clone)]
pub(crate) struct Chunked<T> {
    chunks: Vec<Arc<[T; CHUNK_LEN]>>,
    len: usize,
}

/// A chunk holding `values` (at most [`CHUNK_LEN`], at least one), padded
/// with copies of the last.
fn chunk_of<T: Clone>(mut values: Vec<T>) -> Arc<[T; CHUNK_LEN]> {
    if let Some(last) = values.last().cloned() {
        values.resize(CHUNK_LEN, last);
    }
    match <Box<[T; CHUNK_LEN]>>::try_from(values.into_boxed_slice()) {
        Ok(chunk) => Arc::from(chunk),
        Err(values) => panic!("a chunk of {} values", values.len()),
    }
}

impl<T: Clone> Chunked<T> {
    /// The values, in order.
    pub fn new(values: Vec<T>) -> Self {
        let len = values.len();
        let mut values = values.into_iter();
        let chunks = (0..len.div_ceil(CHUNK_LEN))
            .map(|_| chunk_of(values.by_ref().take(CHUNK_LEN).collect()))
            .collect();
        Self { chunks, len }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The value at `index`, or `None` past the end.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&T> {
        (index < self.len).then(|| &self[index])
    }

    /// How many of chunk `chunk`'s values are in the table (the rest pad).
    fn used(&self, chunk: usize) -> usize {
        (self.len - chunk * CHUNK_LEN).min(CHUNK_LEN)
    }

    /// Puts `value` at `index`, or appends it when `index` is the length:
    /// copies the chunk it writes first when another table shares it.
    pub fn put(&mut self, index: usize, value: T) {
        if index < self.len {
            Arc::make_mut(&mut self.chunks[index >> CHUNK_BITS])[index & (CHUNK_LEN - 1)] = value;
        } else {
            self.insert(index, value);
        }
    }

    /// Inserts `value` at `index`, the values from `index` on moving one
    /// up: rewrites the chunks from `index`'s on, copying those shared.
    /// Panics when `index` is past the end.
    pub fn insert(&mut self, index: usize, value: T) {
        assert!(index <= self.len, "insert at {index} past {}", self.len);
        let mut carry = value;
        let mut at = index & (CHUNK_LEN - 1);
        for chunk in index >> CHUNK_BITS.. {
            if chunk == self.chunks.len() {
                self.chunks.push(chunk_of(vec![carry]));
                break;
            }
            let used = self.used(chunk);
            let values = Arc::make_mut(&mut self.chunks[chunk]);
            if used < CHUNK_LEN {
                // The last chunk has room: its padding takes the shift.
                values[at..=used].rotate_right(1);
                values[at] = carry;
                break;
            }
            // A full chunk: its last value moves on to the next.
            values[at..].rotate_right(1);
            std::mem::swap(&mut values[at], &mut carry);
            at = 0;
        }
        self.len += 1;
    }

    /// Removes the value at `index` and returns it, the values after it
    /// moving one down: rewrites the chunks from `index`'s on, copying
    /// those shared. Panics when `index` is past the end.
    pub fn remove(&mut self, index: usize) -> T {
        assert!(index < self.len, "remove at {index} past {}", self.len);
        let removed = self[index].clone();
        let mut at = index & (CHUNK_LEN - 1);
        for chunk in index >> CHUNK_BITS..self.chunks.len() {
            let used = self.used(chunk);
            // The next chunk's first value moves to this one's end.
            let next = self.chunks.get(chunk + 1).map(|next| next[0].clone());
            let values = Arc::make_mut(&mut self.chunks[chunk]);
            values[at..used].rotate_left(1);
            if let Some(next) = next {
                values[CHUNK_LEN - 1] = next;
            }
            at = 0;
        }
        self.len -= 1;
        if self.len <= (self.chunks.len() - 1) * CHUNK_LEN {
            self.chunks.pop();
        }
        removed
    }

    /// The number of chunks.
    fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Applies `change` to every value of chunk `chunk` (in place, or in
    /// the one pass that copies it when shared) and returns its values.
    fn rewrite_chunk(&mut self, chunk: usize, change: impl Fn(&T) -> T) -> &[T] {
        let used = self.used(chunk);
        let values = Arc::make_mut(&mut self.chunks[chunk]);
        for value in &mut values[..used] {
            *value = change(value);
        }
        &values[..used]
    }
}

impl<T: fmt::Debug> fmt::Debug for Chunked<T> {
    /// The values as a list, without the padding.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries((0..self.len).map(|index| &self[index]))
            .finish()
    }
}

impl<T> Index<usize> for Chunked<T> {
    type Output = T;

    /// The value at `index`. Past the end it panics, or, within the last
    /// chunk, gives a padding value (checked in debug builds only: the
    /// queries look up only slots that hold a shape).
    #[inline]
    fn index(&self, index: usize) -> &T {
        debug_assert!(index < self.len, "index {index} past {}", self.len);
        &self.chunks[index >> CHUNK_BITS][index & (CHUNK_LEN - 1)]
    }
}

/// Positions (a shape's index among its kind, as the world outside sees
/// it) to slots and back (see the module's notes).
#[derive(Debug, Clone)]
pub(crate) struct Order {
    /// The slot of each position.
    slot_of_position: Chunked<u32>,
    /// The position of each slot; [`FREE`] for a free slot.
    position_of_slot: Chunked<u32>,
    /// For each chunk of `position_of_slot`, a bound that none of its
    /// positions exceeds: an edit at position `p` rewrites only the chunks
    /// whose bound is `p` or more.
    bounds: Vec<u32>,
    /// The free slots, the last one reused first.
    free: Vec<u32>,
    /// Whether every shape's slot is its position: true until an edit
    /// other than an append or a removal of the last shape, so that the
    /// queries on a collider never edited in the middle look up no table.
    is_identity: bool,
}

impl Order {
    /// `count` shapes, shape `i` in slot `i`.
    pub fn identity(count: usize) -> Self {
        let identity = Chunked::new((0..count as u32).collect());
        let bounds = (0..identity.chunk_count())
            .map(|chunk| (((chunk + 1) * CHUNK_LEN).min(count) - 1) as u32)
            .collect();
        Self {
            slot_of_position: identity.clone(),
            position_of_slot: identity,
            bounds,
            free: Vec::new(),
            is_identity: true,
        }
    }

    /// The number of shapes.
    #[inline]
    pub fn len(&self) -> usize {
        self.slot_of_position.len()
    }

    /// The slot of the shape at `position`, if there is one.
    #[inline]
    pub fn slot(&self, position: usize) -> Option<u32> {
        if self.is_identity {
            return (position < self.len()).then_some(position as u32);
        }
        self.slot_of_position.get(position).copied()
    }

    /// The slot of the shape at `position`; panics when there is none.
    pub fn slot_at(&self, position: usize) -> u32 {
        self.slot_of_position[position]
    }

    /// The slots that hold a shape, ascending.
    pub fn used_slots(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.position_of_slot.len() as u32)
            .filter(|&slot| self.position_of_slot[slot as usize] != FREE)
    }

    /// The position of the shape in `slot`, which must hold one.
    #[inline]
    pub fn position(&self, slot: u32) -> usize {
        if self.is_identity {
            return slot as usize;
        }
        self.position_of_slot[slot as usize] as usize
    }

    /// Makes room for a new shape at `position` (those from `position` on
    /// move one up) and returns its slot: a free one, or the next new one
    /// (the slot count). Panics when `position` is past the end.
    pub fn insert(&mut self, position: usize) -> u32 {
        let at = position as u32;
        let slot = (self.free.last().copied()).unwrap_or(self.position_of_slot.len() as u32);
        // Free slots are taken last freed first, so slots freed by removing
        // the last shapes come back in the order they left.
        self.is_identity &= position == self.len() && slot == at;
        self.slot_of_position.insert(position, slot);
        self.free.pop();
        self.shift(at, |p| p + u32::from(p >= at && p != FREE));
        self.position_of_slot.put(slot as usize, at);
        let chunk = slot as usize >> CHUNK_BITS;
        match self.bounds.get_mut(chunk) {
            Some(bound) => *bound = (*bound).max(at),
            None => self.bounds.push(at),
        }
        slot
    }

    /// Removes the shape at `position` (those after it move one down) and
    /// returns its slot, now free. Panics when there is no shape there.
    pub fn remove(&mut self, position: usize) -> u32 {
        self.is_identity &= position + 1 == self.len();
        let slot = self.slot_of_position.remove(position);
        let at = position as u32;
        self.shift(at, |p| {
            if p == at {
                FREE
            } else {
                p - u32::from(p > at && p != FREE)
            }
        });
        self.free.push(slot);
        slot
    }

    /// Applies `change` to the positions of every chunk that may hold one
    /// from `from` on, and tightens those chunks' bounds.
    fn shift(&mut self, from: u32, change: impl Fn(u32) -> u32) {
        for (chunk, bound) in self.bounds.iter_mut().enumerate() {
            if *bound >= from {
                let positions = self.position_of_slot.rewrite_chunk(chunk, |&p| change(p));
                let used = positions.iter().copied().filter(|&p| p != FREE);
                *bound = used.max().unwrap_or(0);
            }
        }
    }
}

/// The shapes of one kind in position order, as a slice-like view:
/// what [`Collider::walls`](super::Collider::walls) and
/// [`Collider::obstacles`](super::Collider::obstacles) return, since the
/// collider keeps its shapes in slots rather than in one slice.
pub struct ShapeView<'a, T> {
    order: &'a Order,
    values: &'a Chunked<T>,
}

impl<'a, T: Clone> ShapeView<'a, T> {
    /// The view of the per-slot `values` in `order`.
    pub(crate) fn new(order: &'a Order, values: &'a Chunked<T>) -> Self {
        Self { order, values }
    }

    /// The number of shapes.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there is no shape.
    pub fn is_empty(&self) -> bool {
        self.order.len() == 0
    }

    /// The shape at `index`, or `None` past the end.
    pub fn get(&self, index: usize) -> Option<&'a T> {
        let slot = self.order.slot(index)?;
        Some(&self.values[slot as usize])
    }

    /// The shapes in order.
    pub fn iter(&self) -> ShapeIter<'a, T> {
        ShapeIter {
            view: *self,
            positions: 0..self.len(),
        }
    }

    /// The shapes in order, copied into a vector.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T> Clone for ShapeView<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for ShapeView<'_, T> {}

impl<T: Clone> Index<usize> for ShapeView<'_, T> {
    type Output = T;

    /// The shape at `index`; panics past the end, like a slice.
    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(shape) => shape,
            None => panic!("index {index} out of range for {} shapes", self.len()),
        }
    }
}

impl<T: Clone + PartialEq> PartialEq for ShapeView<'_, T> {
    /// The same shapes in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for ShapeView<'_, T> {
    /// As a list, like a slice.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T: Clone> IntoIterator for ShapeView<'a, T> {
    type Item = &'a T;
    type IntoIter = ShapeIter<'a, T>;

    fn into_iter(self) -> ShapeIter<'a, T> {
        self.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &ShapeView<'a, T> {
    type Item = &'a T;
    type IntoIter = ShapeIter<'a, T>;

    fn into_iter(self) -> ShapeIter<'a, T> {
        self.iter()
    }
}

/// The shapes of a [`ShapeView`] in order.
pub struct ShapeIter<'a, T> {
    view: ShapeView<'a, T>,
    /// The positions still to give.
    positions: std::ops::Range<usize>,
}

impl<'a, T: Clone> Iterator for ShapeIter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        self.positions
            .next()
            .and_then(|position| self.view.get(position))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.positions.size_hint()
    }

    /// Skips `n` shapes without looking them up: constant time, as for a
    /// slice.
    fn nth(&mut self, n: usize) -> Option<&'a T> {
        self.positions
            .nth(n)
            .and_then(|position| self.view.get(position))
    }
}

impl<T: Clone> DoubleEndedIterator for ShapeIter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.positions
            .next_back()
            .and_then(|position| self.view.get(position))
    }
}

impl<T: Clone> ExactSizeIterator for ShapeIter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slots of `order`'s shapes, in position order.
    fn slots(order: &Order) -> Vec<u32> {
        (0..order.len()).map(|p| order.slot_at(p)).collect()
    }

    #[test]
    fn inserts_and_removals_across_chunks_agree_with_a_vector() {
        let count = 2 * CHUNK_LEN + 5;
        let mut model: Vec<usize> = (0..count).collect();
        let mut table = Chunked::new(model.clone());
        let at = [
            0,
            5,
            CHUNK_LEN - 1,
            CHUNK_LEN,
            2 * CHUNK_LEN + 3,
            model.len(),
        ];
        for (k, &index) in at.iter().enumerate() {
            table.insert(index, 10_000 + k);
            model.insert(index, 10_000 + k);
        }
        for index in [0, CHUNK_LEN, 2 * CHUNK_LEN + 5] {
            assert_eq!(table.remove(index), model.remove(index));
        }
        while model.len() > 2 * CHUNK_LEN - 2 {
            assert_eq!(
                table.remove(model.len() - 1),
                model.pop().unwrap_or_default()
            );
        }
        assert_eq!(table.len(), model.len());
        let values: Vec<usize> = (0..table.len()).map(|i| table[i]).collect();
        assert_eq!(values, model);
        assert_eq!(table.get(model.len()), None);
    }

    #[test]
    fn a_change_on_a_shared_table_copies_only_the_chunks_it_writes() {
        let count = 3 * CHUNK_LEN + 5;
        let mut table = Chunked::new((0..count).collect());
        let shared = table.clone();
        table.put(3, 100);
        assert_eq!((table[3], shared[3]), (100, 3));
        let same = |chunk: usize, table: &Chunked<usize>| {
            Arc::ptr_eq(&table.chunks[chunk], &shared.chunks[chunk])
        };
        assert!(!same(0, &table) && same(1, &table) && same(2, &table));
        // An insert in the third chunk rewrites it and the last.
        table.insert(2 * CHUNK_LEN + 1, 7);
        assert!(same(1, &table) && !same(2, &table) && !same(3, &table));
        assert_eq!((table.len(), shared.len()), (count + 1, count));
        assert_eq!(shared.chunks.len(), 4);
        assert_eq!(shared[2 * CHUNK_LEN + 1], 2 * CHUNK_LEN + 1);
    }

    #[test]
    fn positions_move_around_inserts_and_removals_and_free_slots_are_reused() {
        let mut order = Order::identity(4);
        assert_eq!(order.remove(1), 1);
        assert_eq!(slots(&order), [0, 2, 3]);
        assert_eq!((order.position(2), order.position(3)), (1, 2));
        let shared = order.clone();
        // The freed slot comes back, at the front.
        assert_eq!(order.insert(0), 1);
        assert_eq!(slots(&order), [1, 0, 2, 3]);
        assert_eq!(
            (0..4).map(|s| order.position(s)).collect::<Vec<_>>(),
            [1, 0, 2, 3]
        );
        // A new slot once none is free; the copy kept its own tables.
        assert_eq!(order.insert(4), 4);
        assert_eq!(order.position(4), 4);
        assert_eq!(order.used_slots().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(slots(&shared), [0, 2, 3]);
        assert_eq!(shared.position(3), 2);
        assert_eq!(shared.used_slots().collect::<Vec<_>>(), [0, 2, 3]);
    }

    /// The positions of slots `0..count` as the tables hold them.
    fn table_positions(order: &Order, count: u32) -> Vec<u32> {
        (0..count)
            .map(|slot| order.position_of_slot[slot as usize])
            .collect()
    }

    #[test]
    fn edits_at_the_end_keep_the_identity_shortcut_and_others_end_it() {
        let mut order = Order::identity(5);
        // Removing the last two and appending two: slots come back in the
        // order they left, so every slot is still its position.
        assert_eq!((order.remove(4), order.remove(3)), (4, 3));
        assert_eq!((order.insert(3), order.insert(4)), (3, 4));
        assert_eq!(order.insert(5), 5);
        assert!(order.is_identity);
        assert_eq!(table_positions(&order, 6), [0, 1, 2, 3, 4, 5]);
        assert_eq!(slots(&order), [0, 1, 2, 3, 4, 5]);
        // An insert in the middle ends the shortcut; the tables answer.
        assert_eq!(order.insert(1), 6);
        assert!(!order.is_identity);
        assert_eq!(order.position(6), 1);
        assert_eq!(order.position(1), 2);
        assert_eq!(order.slot(1), Some(6));
        assert_eq!(order.slot(7), None);
        let mut removed_first = Order::identity(3);
        assert_eq!(removed_first.remove(0), 0);
        assert!(!removed_first.is_identity);
        assert_eq!(
            (removed_first.position(1), removed_first.position(2)),
            (0, 1)
        );
    }

    #[test]
    fn an_edit_at_the_end_of_a_shared_order_copies_only_the_last_chunks() {
        let count = 4 * CHUNK_LEN + 5;
        let shared = Order::identity(count);
        let mut order = shared.clone();
        assert_eq!(order.insert(count), count as u32);
        assert_eq!(order.remove(count), count as u32);
        assert_eq!(order.insert(count - 1), count as u32);
        assert_eq!(order.position(count as u32 - 1), count);
        let copied = |table: &Chunked<u32>, shared: &Chunked<u32>| {
            (0..shared.chunk_count())
                .filter(|&chunk| !Arc::ptr_eq(&table.chunks[chunk], &shared.chunks[chunk]))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            copied(&order.slot_of_position, &shared.slot_of_position),
            [4]
        );
        assert_eq!(
            copied(&order.position_of_slot, &shared.position_of_slot),
            [4]
        );
        // One in the middle rewrites the chunks from there on.
        order.remove(2 * CHUNK_LEN);
        assert_eq!(
            copied(&order.slot_of_position, &shared.slot_of_position),
            [2, 3, 4]
        );
        assert_eq!(
            copied(&order.position_of_slot, &shared.position_of_slot),
            [2, 3, 4]
        );
        assert_eq!(order.position(2 * CHUNK_LEN as u32 + 1), 2 * CHUNK_LEN);
    }
}
