//! `play --headless --sound-out`: what the WAV file holds for walks,
//! doors, a lift, a kick and a teleport that the tests record.

use mazewalker::physics::Struck;
use mazewalker::simulation::Event;

use crate::demos::{
    self, BALL, DOOR_ON_THE_LEFT, HALL, LIFT_AHEAD, WALL_BEFORE_THE_DOOR, record, sound_of,
    standing, using, walking,
};
use crate::signal::{SAMPLES_PER_TICK, onsets};

/// Metres walked in `events`.
fn walked(events: &[(usize, Event)]) -> f32 {
    let distances = events.iter().filter_map(|(_, event)| match event {
        Event::Walked { distance, .. } => Some(*distance),
        _ => None,
    });
    distances.sum()
}

#[test]
fn a_ten_metre_walk_makes_a_footstep_every_stride_walking_and_running() {
    // Walking at 3 m/s for 400 ticks, running at 6 m/s for 200: 10 m
    // either way, then a second of standing for the last step to fade.
    for (run, ticks, strides) in [(false, 400, 13), (true, 200, 11)] {
        let mut inputs = walking(ticks, run);
        inputs.extend(standing(120));
        let recorded = record("sound-footsteps", HALL, &inputs);
        let metres = walked(&recorded.events);
        assert!((metres - 10.0).abs() < 1e-3, "walked {metres} m");
        let wav = sound_of(&recorded.demo);
        assert_eq!(wav.ticks(), inputs.len());
        let steps = onsets(&wav.tick_energies(), 10.0);
        assert_eq!(
            steps.len(),
            strides,
            "run {run}: footsteps at ticks {steps:?}"
        );
    }
}

/// The door demo: the use key on the first tick, then three seconds of
/// standing while the door opens.
fn door_demo(name: &str, level: &str) -> demos::Recorded {
    let mut inputs = vec![using()];
    inputs.extend(standing(360));
    let recorded = record(name, level, &inputs);
    let opened = recorded
        .events
        .iter()
        .any(|(_, event)| matches!(event, Event::DoorStopped { closed: false, .. }));
    assert!(opened, "the door opened fully: {:?}", recorded.events);
    recorded
}

#[test]
fn a_door_opening_on_the_left_is_louder_in_the_left_channel() {
    let wav = sound_of(&door_demo("sound-door-left", DOOR_ON_THE_LEFT).demo);
    let (left, right) = (
        crate::signal::energy(&wav.left),
        crate::signal::energy(&wav.right),
    );
    assert!(left + right > 0.0, "the door sounds");
    assert!(
        left > 10.0 * right,
        "left {left} against right {right}: at least 10 dB louder on the left"
    );
}

#[test]
fn the_same_door_behind_a_wall_is_at_least_9_db_quieter_and_duller() {
    let open = sound_of(&door_demo("sound-door-open", DOOR_ON_THE_LEFT).demo);
    let walled = format!("{DOOR_ON_THE_LEFT}{WALL_BEFORE_THE_DOOR}");
    let behind = sound_of(&door_demo("sound-door-behind", &walled).demo);
    let quieter_db = 10.0 * (open.energy() / behind.energy()).log10();
    assert!(
        quieter_db >= 9.0,
        "only {quieter_db} dB quieter behind the wall"
    );
    let bright = |wav: &crate::signal::Wav| wav.energy_above_2_khz() / wav.energy();
    let (open_bright, behind_bright) = (bright(&open), bright(&behind));
    assert!(
        behind_bright < open_bright / 2.0,
        "a share of {behind_bright} above 2 kHz behind the wall, {open_bright} in the open"
    );
}

#[test]
fn a_rising_door_starts_with_sounds_of_its_own() {
    let rising_level =
        DOOR_ON_THE_LEFT.replace("swing = -90\n", "kind = \"rise\"\nthickness = 0.2\n");
    assert_ne!(rising_level, DOOR_ON_THE_LEFT);
    // The use key, then a quarter of a second: both doors start at the
    // same place on the same tick, and only their cues tell them apart.
    let mut inputs = vec![using()];
    inputs.extend(standing(30));
    let swinging = record("sound-door-swing-start", DOOR_ON_THE_LEFT, &inputs);
    let rising = record("sound-door-rise-start", &rising_level, &inputs);
    for recorded in [&swinging, &rising] {
        let started = (recorded.events.iter())
            .any(|(tick, event)| *tick == 1 && matches!(event, Event::DoorStarted { .. }));
        assert!(started, "the door started: {:?}", recorded.events);
    }
    let (swinging, rising) = (sound_of(&swinging.demo), sound_of(&rising.demo));
    assert!(rising.energy() > 0.0, "the rising door sounds");
    assert!(
        swinging.left != rising.left,
        "a rising door sounds as a swinging one"
    );
}

#[test]
fn a_lift_sounds_its_start_hums_while_it_moves_and_clunks_when_it_stops() {
    // The use key on the switch, then a second and a half: the lift
    // lowers 2 m in about half a second and stops down.
    let mut inputs = vec![using()];
    inputs.extend(standing(180));
    let recorded = record("sound-lift", LIFT_AHEAD, &inputs);
    let tick_of = |wanted: Event| {
        (recorded.events.iter())
            .find(|(_, event)| *event == wanted)
            .map(|(tick, _)| *tick)
            .unwrap_or_else(|| panic!("no {wanted:?}: {:?}", recorded.events))
    };
    let started = tick_of(Event::LiftStarted {
        lift: 0,
        lowering: true,
    });
    let stopped = tick_of(Event::LiftStopped {
        lift: 0,
        down: true,
    });
    assert_eq!(started, 1);
    let wav = sound_of(&recorded.demo);
    let energies = wav.tick_energies();
    // Ticks numbered from 1: index tick - 1. Once the start has faded
    // (0.3 s), the hum holds until the stop: more than the start's tail
    // alone (a twentieth of the start's tick) would give.
    let moving = &energies[started + 40..stopped - 1];
    let hum = moving.iter().sum::<f32>() / moving.len() as f32;
    let start = energies[started - 1];
    assert!(
        hum > start / 20.0,
        "no hum while it moves: {hum} against the start's {start}"
    );
    let stops: Vec<usize> = onsets(&energies, 2.0)
        .into_iter()
        .filter(|&tick| tick > started + 6)
        .collect();
    assert_eq!(
        stops.first().copied(),
        Some(stopped),
        "the clunk's onset, at the stop"
    );
    // The hum is released at the stop: the last tick is far quieter
    // than the ticks it moved.
    let last = energies[energies.len() - 1];
    assert!(last < hum / 10.0, "still humming: {last} against {hum}");
}

#[test]
fn a_kicked_balls_impact_sounds_at_the_tick_it_strikes_the_wall() {
    let mut inputs = vec![using()];
    inputs.extend(standing(120));
    let recorded = record("sound-kick", BALL, &inputs);
    let struck = recorded
        .events
        .iter()
        .find_map(|(tick, event)| match event {
            Event::BodyImpact {
                struck: Struck::Wall(_),
                ..
            } => Some(*tick),
            _ => None,
        });
    let struck = struck.expect("the ball struck a wall");
    let wav = sound_of(&recorded.demo);
    // The kick and the scrape start on tick 1 and glide in over 50 ms:
    // from the tick after that, the first sound that starts is the
    // impact's.
    let settled = 1 + 6 + 1;
    let energies = wav.tick_energies();
    let after_kick: Vec<usize> = onsets(&energies, 4.0)
        .into_iter()
        .filter(|&tick| tick > settled)
        .collect();
    assert_eq!(
        after_kick.first(),
        Some(&struck),
        "the ball struck the wall on tick {struck}; sounds started on ticks {after_kick:?}"
    );
}

#[test]
fn standing_still_and_turning_on_the_spot_is_silence() {
    let mut inputs = standing(120);
    inputs.extend((0..120).map(|_| mazewalker::walker::TickInput {
        mouse: glam::DVec2::new(20.0, 0.0),
        ..Default::default()
    }));
    let recorded = record("sound-silence", DOOR_ON_THE_LEFT, &inputs);
    let wav = sound_of(&recorded.demo);
    assert_eq!(wav.left.len(), inputs.len() * SAMPLES_PER_TICK);
    let loud = wav
        .left
        .iter()
        .chain(&wav.right)
        .filter(|&&sample| sample != 0.0);
    assert_eq!(loud.count(), 0, "every sample is zero");
}

/// A kick, a walk and a stop on the ball's level: footsteps, a kick, an
/// impact, rolling.
fn kick_and_walk() -> Vec<mazewalker::walker::TickInput> {
    let mut inputs = vec![using()];
    inputs.extend(walking(60, false));
    inputs.extend(standing(60));
    inputs
}

/// FNV-1a, 64 bits: a hash written the same on every build and machine.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hash of [`kick_and_walk`]'s WAV file. A change to how anything
/// sounds changes it: check the change is meant, then put the new hash
/// (printed by the failure) here.
const KICK_AND_WALK_WAV_HASH: u64 = 0x623e_073d_5024_a57c;

/// The same bytes in debug and in release: `.ci/run` runs this test again
/// with the crate optimised, as the release profile builds it.
#[test]
fn the_wav_file_is_the_same_in_every_build() {
    let recorded = record("sound-every-build", BALL, &kick_and_walk());
    let hash = fnv1a(&demos::sound_bytes(&recorded.demo, "sound.wav"));
    assert_eq!(
        hash, KICK_AND_WALK_WAV_HASH,
        "the WAV file's hash is {hash:#018x}"
    );
}

#[test]
fn the_same_demo_gives_the_same_wav_file_twice() {
    let inputs = kick_and_walk();
    let recorded = record("sound-twice", BALL, &inputs);
    let first = demos::sound_bytes(&recorded.demo, "first.wav");
    let second = demos::sound_bytes(&recorded.demo, "second.wav");
    assert_eq!(first.len(), 44 + inputs.len() * SAMPLES_PER_TICK * 4);
    assert!(first[44..].iter().any(|&byte| byte != 0), "it sounds");
    assert!(first == second, "the two files differ");
}

/// A wooden hall, the eye at its west end looking east, a teleporter's
/// line 0.3 m ahead (its front the west) that sends it to the far end.
const TELEPORTER_HALL: &str = r#"
name = "teleporter hall"

[player]
start = [1.0, 3.0]
yaw = 0.0
radius = 0.25

[environment]
floor = "wood"

[[wall]]
a = [0.0, 0.0]
b = [40.0, 0.0]

[[wall]]
a = [40.0, 6.0]
b = [0.0, 6.0]

[[teleporter]]
a = [1.3, 0.5]
b = [1.3, 5.5]
to = [30.0, 3.0]
yaw = 180.0
"#;

#[test]
fn a_teleport_sounds_at_the_tick_it_happens() {
    // Too short a walk for a footstep: the one sound is the teleport's.
    let mut inputs = walking(20, false);
    inputs.extend(standing(120));
    let recorded = record("sound-teleport", TELEPORTER_HALL, &inputs);
    let teleported = recorded
        .events
        .iter()
        .find_map(|(tick, event)| matches!(event, Event::Teleported { .. }).then_some(*tick))
        .expect("the walk teleported");
    let wav = sound_of(&recorded.demo);
    let energies = wav.tick_energies();
    assert_eq!(
        onsets(&energies, 4.0),
        [teleported],
        "teleported on tick {teleported}"
    );
}
