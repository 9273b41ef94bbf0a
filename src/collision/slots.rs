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
//! back: the slots in position order in runs of at most [`CHUNK_LEN`],
//! and each slot's run and place in it, so that an edit anywhere rewrites
//! one run and the places of its slots. [`ShapeView`] is the slice-like
//! view of the
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
/// many values per table it changes (20 KB of walls), and a clone
/// copies one pointer per chunk (a thousand for a million walls).
const CHUNK_LEN: usize = 1 << CHUNK_BITS;

/// In [`Order`], a free slot's run and place, and a retired run id's index.
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

/// A chunk holding the next values of `values` (at most [`CHUNK_LEN`]),
/// padded with copies of the last; `None` when `values` has no more.
fn chunk_of<T: Clone>(values: impl Iterator<Item = T>) -> Option<Arc<[T; CHUNK_LEN]>> {
    let mut chunk = Vec::with_capacity(CHUNK_LEN);
    chunk.extend(values.take(CHUNK_LEN));
    let last = chunk.last().cloned()?;
    chunk.resize(CHUNK_LEN, last);
    match <Box<[T; CHUNK_LEN]>>::try_from(chunk.into_boxed_slice()) {
        Ok(chunk) => Some(Arc::from(chunk)),
        Err(values) => panic!("a chunk of {} values", values.len()),
    }
}

impl<T: Clone> Chunked<T> {
    /// The values, in order: taken one chunk at a time, so that no list of
    /// them all is made beside the chunks.
    pub fn new(values: impl IntoIterator<Item = T>) -> Self {
        let mut values = values.into_iter();
        let mut len = 0;
        let chunks =
            std::iter::from_fn(|| chunk_of(values.by_ref().inspect(|_| len += 1))).collect();
        Self { chunks, len }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Puts `value` at `index`, or appends it when `index` is the length:
    /// copies the chunk it writes first when another table shares it.
    /// Panics when `index` is past the length.
    pub fn put(&mut self, index: usize, value: T) {
        assert!(index <= self.len, "put at {index} past {}", self.len);
        if index == self.chunks.len() * CHUNK_LEN {
            self.chunks.extend(chunk_of(std::iter::once(value)));
        } else {
            Arc::make_mut(&mut self.chunks[index >> CHUNK_BITS])[index & (CHUNK_LEN - 1)] = value;
        }
        self.len = self.len.max(index + 1);
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
///
/// Until an edit other than an append or a removal of the last shape,
/// every shape's slot is its position, and the order keeps no table at
/// all: a level as loaded costs nothing here, and its queries look
/// nothing up. The first other edit lays out the [`Tables`] (linear in
/// the shapes, once), which answer from then on.
#[derive(Debug, Clone)]
pub(crate) struct Order {
    /// The number of shapes.
    len: usize,
    layout: Layout,
}

/// How an [`Order`] maps positions to slots.
#[derive(Debug, Clone)]
enum Layout {
    /// Shape `i` in slot `i`; the slots from the length to `slot_count`
    /// are free, the lowest reused first.
    Identity { slot_count: usize },
    /// Any order, looked up.
    Tables(Tables),
}

/// The tables of an [`Order`] edited in the middle.
///
/// The slots lie in position order in *runs* of at most [`CHUNK_LEN`],
/// each behind an `Arc`, with the position of each run's first slot; each
/// slot knows its run (by an id that outlives the run's index) and its
/// place in it. An insert or a removal therefore rewrites one run and the
/// places of its slots, and moves the runs' first positions and indices
/// (one number a run): a few microseconds at any position, where a table
/// of positions would be rewritten from the edit on.
#[derive(Debug, Clone)]
struct Tables {
    /// The slots in position order, run by run (no run is empty).
    runs: Vec<Arc<Vec<u32>>>,
    /// The position of each run's first slot.
    starts: Vec<u32>,
    /// Each run's id.
    run_ids: Vec<u32>,
    /// For each run id, the run's index in `runs` ([`FREE`] once retired).
    run_index: Vec<u32>,
    /// Retired run ids, for the next run made.
    free_run_ids: Vec<u32>,
    /// For each slot, its run's id and its place in the run; [`NO_PLACE`]
    /// for a free slot.
    place_of_slot: Chunked<(u32, u32)>,
    /// The free slots, the last one reused first.
    free: Vec<u32>,
}

/// The place of a free slot.
const NO_PLACE: (u32, u32) = (FREE, FREE);

impl Order {
    /// `count` shapes, shape `i` in slot `i`.
    pub fn identity(count: usize) -> Self {
        Self {
            len: count,
            layout: Layout::Identity { slot_count: count },
        }
    }

    /// The number of shapes.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The slot of the shape at `position`, if there is one.
    #[inline]
    pub fn slot(&self, position: usize) -> Option<u32> {
        if position >= self.len {
            return None;
        }
        match &self.layout {
            Layout::Identity { .. } => Some(position as u32),
            Layout::Tables(tables) => tables.slot(position),
        }
    }

    /// The slot of the shape at `position`; panics when there is none.
    pub fn slot_at(&self, position: usize) -> u32 {
        match self.slot(position) {
            Some(slot) => slot,
            None => panic!("no shape at {position} of {}", self.len),
        }
    }

    /// The slots that hold a shape, ascending.
    pub fn used_slots(&self) -> impl Iterator<Item = u32> + '_ {
        let (slot_count, tables) = match &self.layout {
            Layout::Identity { .. } => (self.len, None),
            Layout::Tables(tables) => (tables.place_of_slot.len(), Some(tables)),
        };
        (0..slot_count as u32).filter(move |&slot| {
            tables.is_none_or(|tables| tables.place_of_slot[slot as usize] != NO_PLACE)
        })
    }

    /// The position of the shape in `slot`, which must hold one.
    #[inline]
    pub fn position(&self, slot: u32) -> usize {
        match &self.layout {
            Layout::Identity { .. } => slot as usize,
            Layout::Tables(tables) => tables.position(slot),
        }
    }

    /// Makes room for a new shape at `position` (those from `position` on
    /// move one up) and returns its slot: a free one, or the next new one
    /// (the slot count). Panics when `position` is past the end.
    pub fn insert(&mut self, position: usize) -> u32 {
        assert!(
            position <= self.len,
            "insert at {position} past {}",
            self.len
        );
        if let Layout::Identity { slot_count } = &mut self.layout
            && position == self.len
        {
            *slot_count = (*slot_count).max(position + 1);
            self.len += 1;
            return position as u32;
        }
        let slot = self.tables().insert(position);
        self.len += 1;
        slot
    }

    /// Removes the shape at `position` (those after it move one down) and
    /// returns its slot, now free. Panics when there is no shape there.
    pub fn remove(&mut self, position: usize) -> u32 {
        assert!(
            position < self.len,
            "remove at {position} past {}",
            self.len
        );
        let slot = if position + 1 == self.len && matches!(self.layout, Layout::Identity { .. }) {
            position as u32
        } else {
            self.tables().remove(position)
        };
        self.len -= 1;
        slot
    }

    /// The tables, laid out first if the order is still the identity.
    fn tables(&mut self) -> &mut Tables {
        if let Layout::Identity { slot_count } = self.layout {
            self.layout = Layout::Tables(Tables::identity(self.len, slot_count));
        }
        match &mut self.layout {
            Layout::Tables(tables) => tables,
            Layout::Identity { .. } => unreachable!("the tables were just laid out"),
        }
    }
}

impl Tables {
    /// The tables of shape `i` in slot `i` for `len` shapes, the slots from
    /// `len` to `slot_count` free (the lowest reused first).
    fn identity(len: usize, slot_count: usize) -> Self {
        let slots = 0..len as u32;
        let runs: Vec<Arc<Vec<u32>>> = (0..len.div_ceil(CHUNK_LEN) as u32)
            .map(|run| {
                let first = run * CHUNK_LEN as u32;
                Arc::new((first..slots.end.min(first + CHUNK_LEN as u32)).collect())
            })
            .collect();
        let run_count = runs.len() as u32;
        Self {
            starts: (0..run_count).map(|run| run * CHUNK_LEN as u32).collect(),
            run_ids: (0..run_count).collect(),
            run_index: (0..run_count).collect(),
            free_run_ids: Vec::new(),
            place_of_slot: Chunked::new((0..slot_count as u32).map(|slot| {
                if slot < slots.end {
                    (slot >> CHUNK_BITS, slot & (CHUNK_LEN as u32 - 1))
                } else {
                    NO_PLACE
                }
            })),
            runs,
            free: (slots.end..slot_count as u32).rev().collect(),
        }
    }

    /// The run holding `position` (below the length, or equal to it for
    /// the run an append goes to), if there is one.
    fn run_at(&self, position: usize) -> Option<usize> {
        let after = self
            .starts
            .partition_point(|&start| start as usize <= position);
        after.checked_sub(1)
    }

    /// The slot of the shape at `position`, if there is one.
    fn slot(&self, position: usize) -> Option<u32> {
        let run = self.run_at(position)?;
        let at = position - self.starts[run] as usize;
        self.runs[run].get(at).copied()
    }

    /// The position of the shape in `slot`, from its run and its place in
    /// it.
    fn position(&self, slot: u32) -> usize {
        let (run, at) = self.place_of_slot[slot as usize];
        (self.starts[self.run_index[run as usize] as usize] + at) as usize
    }

    /// Makes room for a new shape at `position`, at most the length, and
    /// returns its slot.
    fn insert(&mut self, position: usize) -> u32 {
        // Free slots are taken last freed first, so slots freed by removing
        // the last shapes come back in the order they left.
        let slot = (self.free.pop()).unwrap_or(self.place_of_slot.len() as u32);
        let run = match self.run_at(position) {
            Some(run) => run,
            None => {
                let id = self.new_run_id();
                self.runs.insert(0, Arc::new(Vec::new()));
                self.starts.insert(0, 0);
                self.run_ids.insert(0, id);
                self.renumber_runs_from(0);
                0
            }
        };
        let at = position - self.starts[run] as usize;
        Arc::make_mut(&mut self.runs[run]).insert(at, slot);
        self.place_from(run, at);
        self.starts[run + 1..]
            .iter_mut()
            .for_each(|start| *start += 1);
        if self.runs[run].len() > CHUNK_LEN {
            self.split(run);
        }
        slot
    }

    /// Removes the shape at `position`, below the length, and returns its
    /// slot, now free.
    fn remove(&mut self, position: usize) -> u32 {
        let run = self.run_at(position).unwrap_or(0);
        let at = position - self.starts[run] as usize;
        let slot = Arc::make_mut(&mut self.runs[run]).remove(at);
        self.place_of_slot.put(slot as usize, NO_PLACE);
        self.place_from(run, at);
        self.starts[run + 1..]
            .iter_mut()
            .for_each(|start| *start -= 1);
        if self.runs[run].is_empty() {
            self.runs.remove(run);
            self.starts.remove(run);
            let id = self.run_ids.remove(run);
            self.run_index[id as usize] = FREE;
            self.free_run_ids.push(id);
            self.renumber_runs_from(run);
        }
        self.free.push(slot);
        slot
    }

    /// Splits run `run` in two halves.
    fn split(&mut self, run: usize) {
        let half = self.runs[run].len() / 2;
        let second = Arc::make_mut(&mut self.runs[run]).split_off(half);
        let id = self.new_run_id();
        self.runs.insert(run + 1, Arc::new(second));
        self.starts.insert(run + 1, self.starts[run] + half as u32);
        self.run_ids.insert(run + 1, id);
        self.renumber_runs_from(run + 1);
        self.place_from(run + 1, 0);
    }

    /// A run id no run has.
    fn new_run_id(&mut self) -> u32 {
        self.free_run_ids.pop().unwrap_or_else(|| {
            self.run_index.push(FREE);
            self.run_index.len() as u32 - 1
        })
    }

    /// Writes down the index of every run from `from` on under its id.
    fn renumber_runs_from(&mut self, from: usize) {
        for (index, &id) in self.run_ids.iter().enumerate().skip(from) {
            self.run_index[id as usize] = index as u32;
        }
    }

    /// Writes down the place of every slot of run `run` from `at` on.
    fn place_from(&mut self, run: usize, at: usize) {
        let id = self.run_ids[run];
        for (place, &slot) in self.runs[run].iter().enumerate().skip(at) {
            self.place_of_slot.put(slot as usize, (id, place as u32));
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

    impl Order {
        /// Whether the order keeps no tables yet.
        fn is_identity(&self) -> bool {
            matches!(self.layout, Layout::Identity { .. })
        }

        /// A copy with its tables laid out.
        fn laid_out(&self) -> Tables {
            self.clone().tables().clone()
        }
    }

    /// Checks every lookup of `order` against `model`, the slots in
    /// position order, and those of its tables laid out.
    fn agrees(order: &Order, model: &[u32]) {
        assert_eq!(order.len(), model.len());
        let tables = order.laid_out();
        for (position, &slot) in model.iter().enumerate() {
            assert_eq!(order.slot(position), Some(slot), "slot at {position}");
            assert_eq!(
                tables.slot(position),
                Some(slot),
                "table's slot at {position}"
            );
            assert_eq!(order.position(slot), position, "position of {slot}");
            assert_eq!(tables.position(slot), position, "table of {slot}");
        }
        assert_eq!(order.slot(model.len()), None);
        let mut used = model.to_vec();
        used.sort_unstable();
        assert_eq!(order.used_slots().collect::<Vec<_>>(), used);
        assert!(
            tables
                .runs
                .iter()
                .all(|run| !run.is_empty() && run.len() <= CHUNK_LEN)
        );
    }

    #[test]
    fn puts_and_appends_across_chunks_agree_with_a_vector() {
        let mut model: Vec<usize> = (0..2 * CHUNK_LEN - 3).collect();
        let mut table = Chunked::new(model.clone());
        for k in 0..5 {
            table.put(model.len(), 10_000 + k);
            model.push(10_000 + k);
        }
        for index in [0, CHUNK_LEN - 1, CHUNK_LEN, model.len() - 1] {
            table.put(index, 7);
            model[index] = 7;
        }
        assert_eq!(table.len(), model.len());
        let values: Vec<usize> = (0..table.len()).map(|i| table[i]).collect();
        assert_eq!(values, model);
        assert_eq!(format!("{table:?}"), format!("{model:?}"));
    }

    #[test]
    fn a_change_on_a_shared_table_copies_only_the_chunks_it_writes() {
        let count = 3 * CHUNK_LEN + 5;
        let mut table = Chunked::new(0..count);
        let shared = table.clone();
        table.put(3, 100);
        table.put(count, 7);
        assert_eq!((table[3], shared[3]), (100, 3));
        let same = |chunk: usize, table: &Chunked<usize>| {
            Arc::ptr_eq(&table.chunks[chunk], &shared.chunks[chunk])
        };
        assert!(!same(0, &table) && same(1, &table) && same(2, &table) && !same(3, &table));
        assert_eq!((table.len(), shared.len()), (count + 1, count));
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

    #[test]
    fn edits_at_the_end_keep_the_identity_shortcut_and_others_end_it() {
        let mut order = Order::identity(5);
        // Removing the last two and appending two: slots come back in the
        // order they left, so every slot is still its position.
        assert_eq!((order.remove(4), order.remove(3)), (4, 3));
        assert_eq!((order.insert(3), order.insert(4)), (3, 4));
        assert_eq!(order.insert(5), 5);
        assert!(order.is_identity());
        agrees(&order, &[0, 1, 2, 3, 4, 5]);
        // An insert in the middle ends the shortcut; the tables answer.
        assert_eq!(order.insert(1), 6);
        assert!(!order.is_identity());
        agrees(&order, &[0, 6, 1, 2, 3, 4, 5]);
        let mut removed_first = Order::identity(3);
        assert_eq!(removed_first.remove(0), 0);
        assert!(!removed_first.is_identity());
        agrees(&removed_first, &[1, 2]);
    }

    #[test]
    fn tables_laid_out_after_removing_the_last_shapes_reuse_their_slots_lowest_first() {
        let mut order = Order::identity(5);
        assert_eq!((order.remove(4), order.remove(3)), (4, 3));
        assert!(order.is_identity());
        agrees(&order, &[0, 1, 2]);
        // The first insert in the middle lays the tables out; slots 3 and
        // 4 are free, 3 first, then a new one.
        assert_eq!(order.insert(1), 3);
        assert!(!order.is_identity());
        assert_eq!(order.insert(0), 4);
        assert_eq!(order.insert(0), 5);
        agrees(&order, &[5, 4, 0, 3, 1, 2]);
    }

    #[test]
    fn random_inserts_and_removals_agree_with_a_vector() {
        // A small generator of its own, so that the sequence is the same
        // on every run: inserts crowd into one region now and then, so that
        // runs fill up and split; removals empty some runs.
        let mut state = 0x2545_f491_u64;
        let mut next = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below.max(1) as u64) as usize
        };
        let mut order = Order::identity(3 * CHUNK_LEN);
        let mut model: Vec<u32> = (0..3 * CHUNK_LEN as u32).collect();
        let mut free: Vec<u32> = Vec::new();
        for step in 0..6_000 {
            let crowd = step % 2_000 < 1_200;
            if model.is_empty() || next(3) > 0 {
                let position = if crowd {
                    17.min(model.len())
                } else {
                    next(model.len() + 1)
                };
                let slot = order.insert(position);
                let expected = free.pop().unwrap_or((model.len() + free.len()) as u32);
                assert_eq!(slot, expected, "step {step}");
                model.insert(position, slot);
            } else {
                let position = next(model.len());
                let slot = order.remove(position);
                assert_eq!(slot, model.remove(position), "step {step}");
                free.push(slot);
            }
            if step % 500 == 0 {
                agrees(&order, &model);
            }
        }
        agrees(&order, &model);
        let runs = order.laid_out().runs.len();
        assert!(runs > 4, "{runs} runs");
    }

    #[test]
    fn an_edit_on_a_shared_order_copies_one_run_and_its_places() {
        let count = 4 * CHUNK_LEN + 5;
        let mut shared = Order::identity(count);
        // An edit in the middle, undone (slot 3 taken back at once, no run
        // split): the tables are laid out, and the order is as it was.
        assert_eq!(shared.remove(3), 3);
        assert_eq!(shared.insert(3), 3);
        assert!(!shared.is_identity());
        let mut order = shared.clone();
        let at = 2 * CHUNK_LEN + 7;
        assert_eq!(order.remove(at), at as u32);
        let (Layout::Tables(edited), Layout::Tables(kept)) = (&order.layout, &shared.layout) else {
            panic!("both orders keep tables");
        };
        let copied_runs = (0..kept.runs.len())
            .filter(|&run| !Arc::ptr_eq(&edited.runs[run], &kept.runs[run]))
            .collect::<Vec<_>>();
        let copied_places = (0..kept.place_of_slot.chunks.len())
            .filter(|&chunk| {
                !Arc::ptr_eq(
                    &edited.place_of_slot.chunks[chunk],
                    &kept.place_of_slot.chunks[chunk],
                )
            })
            .collect::<Vec<_>>();
        assert_eq!(copied_runs, [2]);
        assert_eq!(copied_places, [2]);
        agrees(
            &order,
            &(0..count as u32)
                .filter(|&s| s as usize != at)
                .collect::<Vec<_>>(),
        );
        // The shared order still answers as before.
        agrees(&shared, &(0..count as u32).collect::<Vec<_>>());
    }
}
