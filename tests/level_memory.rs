//! Building a big maze's level and its collider keeps to its memory: the
//! bytes per wall the two keep, and the most in use at once while they are
//! built, counted by this binary's own allocator. A million-wall maze's
//! `check` and `screenshot` are bound by these (docs/benchmarks.md has the
//! breakdown), and each byte per wall here is a megabyte there.
//!
//! A binary of its own: other tests running in the same process would
//! allocate while this one counts.

#[path = "common/heap.rs"]
mod heap;

use heap::CountingHeap;
use mazewalker::level::Level;

#[global_allocator]
static HEAP: CountingHeap = CountingHeap::new();

/// The maze measured: big enough that what each wall costs outweighs
/// what does not grow with the level.
const SIDE: u32 = 300;

/// The level and its collider keep at most this many bytes per wall: 5%
/// above the 110.5 they keep, so that 8 more bytes in a level's wall or a
/// collider's entry fail it.
const KEPT_BYTES_PER_WALL: f64 = 116.0;

/// While the two are built, at most this many bytes per wall are in use at
/// once: 5% above the 111.5 they reach (the collider is built from the
/// level's walls as it files them, with no list of them all beside it).
const PEAK_BYTES_PER_WALL: f64 = 117.0;

#[test]
fn a_mazes_level_and_collider_keep_to_their_bytes_per_wall() {
    let before = HEAP.in_use();
    HEAP.take_peak();
    let level = Level::maze(SIDE, SIDE, 1).expect("a 300 x 300 maze");
    let level_bytes = HEAP.in_use() - before;
    let collider = level.collider();
    let kept = (HEAP.in_use() - before) as f64;
    let peak = (HEAP.take_peak() - before) as f64;
    let walls = level.walls.len() as f64;
    let per_wall = |bytes: f64| bytes / walls;
    println!(
        "{walls} walls: the level keeps {:.1} bytes a wall, the collider {:.1}; \
         the two keep {:.1} and reach {:.1} while built",
        per_wall(level_bytes as f64),
        per_wall(kept - level_bytes as f64),
        per_wall(kept),
        per_wall(peak),
    );
    assert_eq!(collider.walls().len(), level.walls.len());
    assert!(
        per_wall(kept) <= KEPT_BYTES_PER_WALL,
        "the level and its collider keep {:.1} bytes a wall, above {KEPT_BYTES_PER_WALL}",
        per_wall(kept)
    );
    assert!(
        per_wall(peak) <= PEAK_BYTES_PER_WALL,
        "building them reached {:.1} bytes a wall, above {PEAK_BYTES_PER_WALL}",
        per_wall(peak)
    );
}
