//! What opening a million-wall maze for editing and saving it cost: its
//! text written from the level, that text read as a document to edit, the
//! document written back (what Ctrl+S writes), and one removal and its
//! undo near the start of the million `[[wall]]` tables. It prints the
//! figures of `docs/benchmarks.md` and asserts only what each step did: no
//! figure depends on the machine's speed.
//!
//! ```sh
//! cargo bench --bench save_cost
//! ```

use std::time::Instant;

use mazewalker::level::Level;
use mazewalker::level::save::{LevelDocument, Tables};

fn ms(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

fn main() {
    let level = Level::maze(1425, 1425, 1).expect("maze");
    let started = Instant::now();
    let text = LevelDocument::text_for_level(&level)
        .expect("writable")
        .into_owned();
    println!(
        "maze 1425x1425: {} walls; its text ({} bytes) written in {:.0} ms",
        level.walls.len(),
        text.len(),
        ms(started)
    );
    let started = Instant::now();
    let mut document = LevelDocument::parse(&text).expect("valid");
    println!(
        "maze 1425x1425: read as a document in {:.0} ms",
        ms(started)
    );
    for _ in 0..3 {
        let started = Instant::now();
        let written = document.text();
        println!("maze 1425x1425: written back in {:.0} ms", ms(started));
        assert_eq!(written, text, "written back unchanged");
    }
    let started = Instant::now();
    let removed = document.remove(Tables::Walls, 3).expect("wall 3");
    let removal = ms(started);
    let started = Instant::now();
    document.put_back(3, removed).expect("its place");
    println!(
        "maze 1425x1425: wall 3's table removed in {removal:.3} ms, put back in {:.3} ms",
        ms(started)
    );
    assert_eq!(document.text(), text, "put back byte for byte");
}
