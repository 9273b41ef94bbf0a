//! A global allocator that counts: the system's allocator, with the bytes
//! in use and the most in use at once kept beside it. A binary that wants
//! its own heap measured includes this file (`#[path]`) and declares a
//! [`CountingHeap`] its `#[global_allocator]`; the counts are then that
//! binary's allocations, exactly, whatever the system allocator keeps
//! aside or the kernel maps, and the same on every machine.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes in use and the most in use
/// since the last [`CountingHeap::take_peak`].
#[derive(Debug, Default)]
pub struct CountingHeap {
    in_use: AtomicUsize,
    peak: AtomicUsize,
}

impl CountingHeap {
    /// Nothing counted yet.
    pub const fn new() -> Self {
        Self {
            in_use: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    fn add(&self, bytes: usize) {
        let now = self.in_use.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    /// The bytes in use now.
    pub fn in_use(&self) -> usize {
        self.in_use.load(Ordering::Relaxed)
    }

    /// The most bytes in use at once since the last call (or the start),
    /// and the next count starting from what is in use now.
    pub fn take_peak(&self) -> usize {
        self.peak.swap(self.in_use(), Ordering::Relaxed)
    }
}

// SAFETY: every call goes to the system allocator as it came; the counts
// are plain atomics beside it and never change what is allocated.
unsafe impl GlobalAlloc for CountingHeap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            self.add(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            self.add(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the caller's pointer and layout, passed on.
        unsafe { System.dealloc(pointer, layout) };
        self.in_use.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's pointer, layout and size, passed on.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            self.in_use.fetch_sub(layout.size(), Ordering::Relaxed);
            self.add(new_size);
        }
        moved
    }
}
