//! A cache of things built on the GPU, by key, with a byte budget: what
//! the current frame uses is always kept; once the frame is done, the
//! least recently used of the rest go first until the bytes fit. The
//! map's tiles stream through it.

use std::collections::HashMap;
use std::hash::Hash;

/// Built values by key, each with its size in bytes.
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
    bytes: u64,
    last_used: u64,
}

impl<K: Copy + Eq + Hash + Ord, V> ByteLru<K, V> {
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

    /// Sets the bytes kept once a frame is done.
    pub fn set_budget(&mut self, bytes: u64) {
        self.budget = bytes;
    }

    /// Starts a frame: what it uses from now on counts as recently used.
    pub fn begin_frame(&mut self) {
        self.frame += 1;
    }

    /// The value for `key`, built by `build` (which gives it with its
    /// bytes) when not cached; marked used this frame.
    pub fn get_or_build(&mut self, key: K, build: impl FnOnce() -> (V, u64)) -> &V {
        let frame = self.frame;
        let bytes = &mut self.bytes;
        let entry = self.entries.entry(key).or_insert_with(|| {
            let (value, size) = build();
            *bytes += size;
            Entry {
                value,
                bytes: size,
                last_used: frame,
            }
        });
        entry.last_used = frame;
        &entry.value
    }

    /// The value for `key`, if cached (does not mark it used).
    pub fn get(&self, key: &K) -> Option<&V> {
        self.entries.get(key).map(|entry| &entry.value)
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
                self.bytes -= entry.bytes;
            }
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

    #[test]
    fn the_least_recently_used_go_first_and_the_current_frame_is_kept() {
        let mut cache: ByteLru<u32, &str> = ByteLru::new(100);
        let mut builds = 0;
        for (frame, keys) in [[1, 2], [3, 1], [4, 5]].into_iter().enumerate() {
            cache.begin_frame();
            for key in keys {
                cache.get_or_build(key, || {
                    builds += 1;
                    ("tile", 40)
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
            cache.get_or_build(key, || ("tile", 40));
        }
        cache.end_frame();
        assert_eq!((cache.len(), cache.bytes()), (4, 160));
    }
}
