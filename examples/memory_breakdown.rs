//! Where the memory of a big maze goes before anything is drawn: the
//! resident set after generating the level, building its collider and its
//! chunk index, and what one more copy of the level and of the collider
//! would add (what the renderer's scene kept before it shared them).
//! Linux only (reads `/proc/self/statm`):
//!
//! ```sh
//! cargo run --release --example memory_breakdown -- 1425
//! ```

use std::time::Instant;

use mazewalker::level::Level;
use mazewalker::level::mesh::ChunkIndex;

/// The resident set in MB (2^20 bytes), if the system says.
fn resident_mb() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / (1024.0 * 1024.0))
}

fn main() -> anyhow::Result<()> {
    let side: u32 = std::env::args().nth(1).map_or(Ok(1425), |s| s.parse())?;
    let started = Instant::now();
    let mut last = resident_mb().unwrap_or(f64::NAN);
    let mut step = |what: &str| {
        let now = resident_mb().unwrap_or(f64::NAN);
        println!(
            "{what:<28} +{:>6.1} MB  (resident {now:>6.1} MB, {:>6.0} ms)",
            now - last,
            started.elapsed().as_secs_f64() * 1000.0
        );
        last = now;
    };
    step("start");
    let level = Level::maze(side, side, 1)?;
    step("level");
    let collider = level.collider();
    step("collider");
    let index = ChunkIndex::new(&level);
    step("chunk index");
    let level_copy = level.clone();
    step("a copy of the level");
    let collider_copy = collider.clone();
    step("a copy of the collider");
    println!(
        "{} walls, {} chunks",
        level.walls.len(),
        index.all_chunks().count()
    );
    std::hint::black_box((&level_copy, &collider_copy));
    Ok(())
}
