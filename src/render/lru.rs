//! A cache of things built on the GPU, by key, with a byte budget: what
//! the current frame uses is always kept; once the frame is done, the
//! least recently used of the rest go first until the bytes fit. The
//! level's chunks ([`ChunkCache`](super::chunk_cache::ChunkCache)) and the
//! map's tiles ([`MapTiles`](super::map::MapTiles)) stream through it.

use std::collections::HashMap;
use std::hash::Hash;

/// What a cached value costs, in bytes of GPU memory.
pub(super) trait Weighed {
    /// Bytes the value's buffers take.
    fn bytes(&self) -> u64;
}

/// Built values by key, with the frame that last used each.
#[derive(Debug)]
pub(super) struct ByteLru<K, V> {
    entries: HashMap<K, Entry<V>>,
    budget: u64,
    bytes: u64,
    /// Frames begun so far: each entry remembers the last one that used it.
    frame: u64,
}

#[derive(Debug)]
struct Entry<V> {
    value: V,
    last_used: u64,
}

impl<K: Copy + Eq + Hash + Ord, V: Weighed> ByteLru<K, V> {
    /// An empty cache that keeps at most `budget` bytes once a frame is
    /// done (a frame may use more while it draws).
    pub fn new(budget: u64) -> Self {
        Self {
            entries: HashMap::new(),
            budget,
            bytes: 0,
            frame: 0,
        }
    }

    /// The bytes kept once a frame is done.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Sets the bytes kept once a frame is done.
    pub fn set_budget(&mut self, bytes: u64) {
        self.budget = bytes;
    }

    /// Starts a frame: what it uses from now on counts as recently used.
    pub fn begin_frame(&mut self) {
        self.frame += 1;
    }

    /// The value for `key`, built by `build` when not cached; marked used
    /// this frame.
    pub fn get_or_build(&mut self, key: K, build: impl FnOnce() -> V) -> &V {
        self.update(key, build, |_| {})
    }

    /// Marks `key` used this frame (made by `make` when not cached), lets
    /// `change` alter its value, and counts the bytes it now takes.
    pub fn update(&mut self, key: K, make: impl FnOnce() -> V, change: impl FnOnce(&mut V)) -> &V {
        let frame = self.frame;
        let mut made = false;
        let entry = self.entries.entry(key).or_insert_with(|| {
            made = true;
            Entry {
                value: make(),
                last_used: frame,
            }
        });
        let before = if made { 0 } else { entry.value.bytes() };
        entry.last_used = frame;
        change(&mut entry.value);
        self.bytes = self.bytes - before + entry.value.bytes();
        &entry.value
    }

    /// Counts `key`'s value as used by the last frame, if it is cached and
    /// passes `keep`: it is wanted soon, so entries used longer ago go
    /// first. Whether it did.
    pub fn keep_if(&mut self, key: &K, keep: impl FnOnce(&V) -> bool) -> bool {
        let last_frame = self.frame.saturating_sub(1);
        match self.entries.get_mut(key) {
            Some(entry) if keep(&entry.value) => {
                entry.last_used = entry.last_used.max(last_frame);
                true
            }
            _ => false,
        }
    }

    /// The value for `key`, if cached (does not mark it used).
    pub fn get(&self, key: &K) -> Option<&V> {
        self.entries.get(key).map(|entry| &entry.value)
    }

    /// Bytes of the values used by the last two frames begun: the ones
    /// worth keeping over any other.
    pub fn recent_bytes(&self) -> u64 {
        self.entries
            .values()
            .filter(|entry| entry.last_used + 1 >= self.frame)
            .map(|entry| entry.value.bytes())
            .sum()
    }

    /// Ends a frame: drops the least recently used entries that this frame
    /// did not use until the cache is within its budget.
    pub fn end_frame(&mut self) {
        if self.bytes <= self.budget {
            return;
        }
        let mut stale: Vec<(u64, K)> = self
            .entries
            .iter()
            .filter(|(_, entry)| entry.last_used < self.frame)
            .map(|(&key, entry)| (entry.last_used, key))
            .collect();
        stale.sort_unstable();
        for (_, key) in stale {
            if self.bytes <= self.budget {
                break;
            }
            if let Some(entry) = self.entries.remove(&key) {
                self.bytes -= entry.value.bytes();
            }
        }
    }

    /// Drops `key`'s value, if cached: what it was built from changed.
    pub fn remove(&mut self, key: &K) {
        if let Some(entry) = self.entries.remove(key) {
            self.bytes -= entry.value.bytes();
        }
    }

    /// Bytes the cached values take.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many values are cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of a given size.
    struct Sized(u64);

    impl Weighed for Sized {
        fn bytes(&self) -> u64 {
            self.0
        }
    }

    #[test]
    fn the_least_recently_used_go_first_and_the_current_frame_is_kept() {
        let mut cache: ByteLru<u32, Sized> = ByteLru::new(100);
        let mut builds = 0;
        for (frame, keys) in [[1, 2], [3, 1], [4, 5]].into_iter().enumerate() {
            cache.begin_frame();
            for key in keys {
                cache.get_or_build(key, || {
                    builds += 1;
                    Sized(40)
                });
            }
            cache.end_frame();
            match frame {
                // 1 and 2: 80 bytes, within the budget.
                0 => assert_eq!((cache.len(), cache.bytes()), (2, 80)),
                // 3 is built, 1 reused; 2 (unused longest) goes.
                1 => {
                    assert_eq!((cache.len(), cache.bytes()), (2, 80));
                    assert!(cache.get(&2).is_none() && cache.get(&1).is_some());
                }
                // 4 and 5 push out both 3 and 1.
                _ => {
                    assert_eq!((cache.len(), cache.bytes()), (2, 80));
                    assert!(cache.get(&4).is_some() && cache.get(&5).is_some());
                }
            }
        }
        assert_eq!(builds, 5, "1 was reused once");
        // A frame that needs more than the budget keeps it all.
        cache.begin_frame();
        for key in 10..14 {
            cache.get_or_build(key, || Sized(40));
        }
        cache.end_frame();
        assert_eq!((cache.len(), cache.bytes()), (4, 160));
    }

    #[test]
    fn updates_recount_the_bytes_and_kept_entries_outlive_older_ones() {
        let mut cache: ByteLru<u32, Sized> = ByteLru::new(50);
        cache.begin_frame();
        cache.update(1, || Sized(10), |value| value.0 += 20);
        cache.update(2, || Sized(10), |_| {});
        assert_eq!(cache.bytes(), 40);
        assert_eq!(cache.recent_bytes(), 40);
        cache.update(1, || Sized(0), |value| value.0 = 5);
        assert_eq!(cache.bytes(), 15, "1 shrank to 5 bytes");
        // Two frames later neither is recent; keeping 1 makes it outlive 2.
        cache.begin_frame();
        cache.begin_frame();
        assert_eq!(cache.recent_bytes(), 0);
        assert!(cache.keep_if(&1, |value| value.0 == 5));
        assert!(!cache.keep_if(&2, |value| value.0 == 5));
        assert!(!cache.keep_if(&3, |_| true), "not cached");
        assert_eq!(cache.recent_bytes(), 5);
        cache.update(3, || Sized(40), |_| {});
        cache.end_frame();
        assert!(cache.get(&2).is_none() && cache.get(&1).is_some());
        assert_eq!(cache.bytes(), 45);
    }
}
