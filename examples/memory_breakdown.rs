//! Where the memory of a big maze goes: the heap each step keeps and the
//! most it held at once while it ran, counted by a global allocator that
//! wraps the system's, so that the figures are the program's own
//! allocations, whatever the allocator keeps aside. The steps are what
//! `mazewalker check` and `mazewalker screenshot` do, in their order:
//!
//! ```sh
//! cargo run --release --example memory_breakdown -- 1425
//! ```
//!
//! For the parts of a step, run it under heaptrack (which sees this
//! example's system allocator): `heaptrack target/release/examples/memory_breakdown 1425`.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use mazewalker::app::{ScreenshotOptions, screenshot_image};
use mazewalker::level::Level;
use mazewalker::level::mesh::ChunkIndex;

#[path = "../tests/common/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::CountingHeap = heap::CountingHeap::new();

/// Bytes in MB (10^6 bytes, as `/usr/bin/time` and the issue's figures).
fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

/// The resident set in MB, if the system says (Linux).
fn resident_mb() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / 1e6)
}

fn main() -> anyhow::Result<()> {
    let side: u32 = std::env::args().nth(1).map_or(Ok(1425), |s| s.parse())?;
    let started = Instant::now();
    let mut kept_before = HEAP.in_use();
    HEAP.take_peak();
    println!(
        "{:<26} {:>9} {:>9} {:>9} {:>9} {:>7}",
        "step", "kept MB", "heap MB", "peak MB", "RSS MB", "ms"
    );
    let mut step = |what: &str| {
        let (now, peak) = (HEAP.in_use(), HEAP.take_peak());
        println!(
            "{what:<26} {:>+9.1} {:>9.1} {:>9.1} {:>9.1} {:>7.0}",
            mb(now) - mb(kept_before),
            mb(now),
            mb(peak),
            resident_mb().unwrap_or(f64::NAN),
            started.elapsed().as_secs_f64() * 1000.0
        );
        kept_before = now;
    };
    let level = Arc::new(Level::maze(side, side, 1)?);
    step("level");
    let collider = level.collider();
    step("collider");
    let near_misses = mazewalker::map::near_misses(&collider);
    step("near misses");
    let floor = mazewalker::map::floor_warnings(&level, &collider, &near_misses);
    step("floor warnings");
    drop((floor, near_misses, collider));
    step("check's parts dropped");
    let index = ChunkIndex::new(&level);
    step("chunk index");
    drop(index);
    // What `mazewalker screenshot --maze` draws by default.
    let options = ScreenshotOptions {
        at: None,
        yaw_degrees: None,
        pitch_degrees: 0.0,
        size: (1280, 720),
        debug_lines: false,
        hud: false,
        map: false,
        lights: true,
    };
    let image = screenshot_image(&level, &options.simulation(&level), &options)?;
    step("screenshot 1280x720");
    image.save(Path::new(&std::env::temp_dir()).join("memory_breakdown.png"))?;
    println!("{} walls", level.walls.len());
    Ok(())
}
