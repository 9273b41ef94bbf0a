//! What mixing costs: the window's sound thread hearing a tick and mixing
//! its 400 samples (48 kHz stereo) with every one of the mixer's 32 voices
//! playing, on the house. A tick's sound must cost at most 5% of one core,
//! that is 5% of the tick's 8.33 ms: 417 µs.
//!
//! The 32 voices are door loops, held until their doors stop: the moment
//! that starts them says 32 doors started opening (the house has 8, so the
//! others sound from the level's origin). Each measured tick then hears the
//! walker standing at the spawn (each voice placed again: panning,
//! distance and the occlusion test through the walls) and mixes it.
//!
//! Run: `cargo bench --bench sound` (the figures are in
//! `docs/benchmarks.md`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mazewalker::config::SoundSettings;
use mazewalker::level::Level;
use mazewalker::simulation::{Event, Simulation};
use mazewalker::sound::{MAX_VOICES, Moment, SAMPLES_PER_TICK, Soundscape};

fn mixing(criterion: &mut Criterion) {
    let level = Level::default_house();
    let collider = level.collider();
    let simulation = Simulation::at_spawn(&level);
    let standing = Moment::of(&simulation).with_events(Vec::new());
    let doors_starting = (0..MAX_VOICES)
        .map(|door| Event::DoorStarted {
            door,
            opening: true,
        })
        .collect();
    let starting = Moment::of(&simulation).with_events(doors_starting);

    let mut soundscape = Soundscape::new(&level, SoundSettings::default());
    soundscape.hear(&starting, &level, &collider);
    let mut frames = vec![[0.0; 2]; SAMPLES_PER_TICK];
    // The doors' starts fade in a second; their loops play on.
    for _ in 0..mazewalker::tick::TICK_RATE {
        soundscape.hear(&standing, &level, &collider);
        soundscape.mix(&mut frames);
    }
    assert_eq!(soundscape.voices(), MAX_VOICES, "every voice plays");

    criterion.bench_function("sound/a tick, 32 voices", |bench| {
        bench.iter(|| {
            soundscape.hear(black_box(&standing), &level, &collider);
            soundscape.mix(black_box(&mut frames));
        });
    });
    assert_eq!(soundscape.voices(), MAX_VOICES, "every voice still plays");
}

criterion_group!(benches, mixing);
criterion_main!(benches);
