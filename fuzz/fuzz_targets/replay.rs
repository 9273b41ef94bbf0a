//! The lines `mazewalker replay` reads from standard input, walked on the
//! embedded house through the same `replay` the command runs. A script
//! that replays prints one `x z FEET EYE` line of four finite numbers per
//! tick (the heights are asked for), as many as its moves and waits ask
//! for, each followed by its moved bodies' `body I X Z ANGLE` lines.

#![no_main]

use std::io::{self, Write};
use std::sync::{Arc, LazyLock};

use libfuzzer_sys::fuzz_target;
use mazewalker::collision::{Collider, MoveOptions};
use mazewalker::level::Level;
use mazewalker::replay::{ReplayLine, ReplayOutput, ReplayStart, parse_replay_line, replay};

/// The most output one input may make: `wait 4000000000` is a valid line,
/// and the output stops it with a write error once it has written this.
const OUTPUT_LIMIT: usize = 1 << 20;

/// The house and its walking collider, built once.
static HOUSE: LazyLock<(Level, Arc<Collider>)> = LazyLock::new(|| {
    let level = Level::default_house();
    let collider = level.walking_collider(&Arc::new(level.collider()));
    (level, collider)
});

/// Output that refuses to grow past [`OUTPUT_LIMIT`].
struct LimitedOutput(Vec<u8>);

impl Write for LimitedOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.0.len() + bytes.len() > OUTPUT_LIMIT {
            return Err(io::Error::other("the fuzz target's output limit"));
        }
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The ticks `script` asks for, when every line of it parses.
fn ticks_asked(script: &str) -> Option<u64> {
    let mut ticks = 0u64;
    for (index, text) in script.split('\n').enumerate() {
        match parse_replay_line(text, index as u64 + 1).ok()? {
            Some(ReplayLine::Move(_)) => ticks += 1,
            Some(ReplayLine::Wait(count)) => ticks += u64::from(count),
            Some(ReplayLine::Use) | None => {}
        }
    }
    Some(ticks)
}

/// The numbers of an output line, which must all be finite.
fn finite_numbers<'a>(fields: impl Iterator<Item = &'a str>, line: &str) -> usize {
    fields
        .map(|field| {
            let number: f32 = field.parse().unwrap_or_else(|_| panic!("{line:?}"));
            assert!(number.is_finite(), "{line:?}");
        })
        .count()
}

fuzz_target!(|data: &[u8]| {
    let (level, collider) = &*HOUSE;
    let start = ReplayStart::on_level(level, level.player.start);
    let printed = ReplayOutput {
        bodies: true,
        heights: true,
    };
    let mut output = LimitedOutput(Vec::new());
    let result = replay(
        collider,
        start,
        &MoveOptions::default(),
        printed,
        data,
        &mut output,
    );
    let Ok(written) = result else {
        return;
    };
    let text = std::str::from_utf8(&output.0).expect("replay writes UTF-8");
    let mut positions = 0u64;
    for line in text.lines() {
        let mut fields = line.split(' ');
        if line.starts_with("body ") {
            fields.next();
            let index: usize = fields.next().and_then(|i| i.parse().ok()).expect(line);
            assert!(index < level.obstacles.len(), "{line:?}");
            assert_eq!(finite_numbers(fields, line), 3, "{line:?}");
        } else {
            // `x z FEET EYE`: the heights are asked for.
            assert_eq!(finite_numbers(fields, line), 4, "{line:?}");
            positions += 1;
        }
    }
    assert_eq!(positions, written);
    let script = std::str::from_utf8(data).expect("a script that replays is UTF-8");
    assert_eq!(ticks_asked(script), Some(written));
});
