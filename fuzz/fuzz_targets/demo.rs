//! Demo files, read as `mazewalker play` reads them and played on the
//! embedded house (as `play --level` plays a demo on another level) through
//! the program's `play_tick`. The ticks a demo holds, recorded again as the
//! program records a walk, read back to the same header, and play back to
//! the end without a desync, to the pose the recording walker reached; a
//! demo that plays to its `end` line ends at that pose too.

#![no_main]

use std::sync::{Arc, LazyLock};

use libfuzzer_sys::fuzz_target;
use mazewalker::collision::Collider;
use mazewalker::demo::{DemoEvent, DemoReader, DemoRecorder, Played, TickPlayed, play, play_tick};
use mazewalker::level::Level;
use mazewalker::walker::{Pose, TickInput};

/// The most ticks one input plays: a single `repeat=N` line may ask for a
/// day of them.
const MAX_TICKS: usize = 2400;

/// The house and its walking collider, built once.
static HOUSE: LazyLock<(Level, Arc<Collider>)> = LazyLock::new(|| {
    let level = Level::default_house();
    let collider = level.walking_collider(&Arc::new(level.collider()));
    (level, collider)
});

/// The pose's numbers as bits: -0 and 0 differ, as playback's checks tell.
fn bits(pose: &Pose) -> [u32; 4] {
    [pose.position.x, pose.position.y, pose.yaw, pose.pitch].map(f32::to_bits)
}

fuzz_target!(|data: &[u8]| {
    let (level, collider) = &*HOUSE;
    let Ok((mut reader, header)) = DemoReader::new(data) else {
        return;
    };
    let mut inputs: Vec<TickInput> = Vec::new();
    while inputs.len() < MAX_TICKS {
        match reader.next_event() {
            Ok(Some(DemoEvent::Tick(input))) => inputs.push(input),
            Ok(Some(DemoEvent::Check(_))) => {}
            Ok(None) | Err(_) => break,
        }
    }

    let (mut reader, _) = DemoReader::new(data).expect("read once already");
    let mut played = header.simulation(level);
    let mut ended = false;
    for _ in 0..=MAX_TICKS {
        match play_tick(&mut reader, &mut played, collider) {
            Ok(TickPlayed::Ticked) => {}
            Ok(TickPlayed::Ended) => {
                ended = true;
                break;
            }
            Ok(TickPlayed::Desync(_)) | Err(_) => break,
        }
    }

    let mut recording = Vec::new();
    let Ok(mut recorder) = DemoRecorder::new(&mut recording, &header) else {
        // A `level file` path with a line break reads but cannot be written.
        return;
    };
    let mut simulation = header.simulation(level);
    for input in &inputs {
        simulation.step(input, collider);
        recorder.record(input, &simulation).expect("writes to memory");
    }
    recorder.finish(&simulation).expect("writes to memory");
    if ended {
        assert_eq!(bits(&played.walker.pose()), bits(&simulation.walker.pose()));
    }

    let (mut reread, reread_header) = DemoReader::new(&recording[..]).expect("a recorded header");
    assert_eq!(reread_header, header);
    let mut replayed = reread_header.simulation(level);
    let result = play(&mut reread, &mut replayed, collider, |_, _| {
        Ok::<(), mazewalker::demo::DemoError>(())
    });
    match result {
        Ok(Played::Finished { ticks, pose }) => {
            assert_eq!(ticks, inputs.len() as u64);
            assert_eq!(bits(&pose), bits(&simulation.walker.pose()));
        }
        other => panic!(
            "the recording does not play back: {other:?}\n{}",
            String::from_utf8_lossy(&recording)
        ),
    }
});
