//! A lift and a door of a real map, by scripted `replay`s: Freedoom's
//! E1M1 lift east of the start, walked onto over its walk-over line,
//! lowers 4 m with the walker on it, waits and rises again; the door
//! south-east of it, used, rises at Doom's speed and lets the walker
//! through. Each shown by its `--heights` numbers.

use crate::freedoom;

/// West of E1M1's lift (x 2.5 to 6 m, z -9.5 to -6.5, at 5.25 m, lowering
/// to 1.25 m), on the floor beside it at its height.
const E1M1_WALK_FROM: &str = "1.5,-8";

/// The lift's height at rest and down, in metres from the map's lowest
/// floor.
const UP: f32 = 5.25;
const DOWN: f32 = 1.25;

/// North of E1M1's door at x 24 to 28 m, z -17 to -16 (a rise door of
/// Doom's speed, standing on the floor at 1.25 m).
const E1M1_DOOR_FROM: &str = "26,-14";

/// Each tick's `x z feet eye` from `replay --heights` of `script` on
/// freedoom1.wad's E1M1 from `from`, or `None` when Freedoom is not
/// installed.
fn replayed(from: &str, script: &str) -> Option<Vec<[f32; 4]>> {
    freedoom::replayed_heights("freedoom1.wad", "E1M1", from, script)
}

#[test]
fn freedoom_e1m1s_lift_is_ridden_down_and_up_by_a_scripted_replay() {
    // East 2 cm a tick for 100 ticks: the centre crosses the lift's walk
    // line (x = 2.5) on the 50th and stands on the lift at x = 3.5; then
    // still, while it lowers (4 m at 4.375 m/s, 110 ticks), waits 3 s and
    // rises.
    let script = format!("{}wait 700\n", "0.02 0\n".repeat(100));
    let Some(numbers) = replayed(E1M1_WALK_FROM, &script) else {
        return;
    };
    assert_eq!(numbers.len(), 800);
    let feet: Vec<f32> = numbers.iter().map(|&[_, _, feet, _]| feet).collect();
    let heights = |from: usize, to: usize| format!("{:?}", &numbers[from..to]);
    assert!(feet[..49].iter().all(|&f| f == UP), "{}", heights(0, 49));
    let first_down = feet.iter().position(|&f| f == DOWN).expect("never down");
    // Down at 4.375 m/s: the 4 m in 110 ticks (the last one short).
    let started = feet.iter().position(|&f| f < UP).expect("never lowered");
    assert!((50..=52).contains(&started), "{}", heights(45, 60));
    assert_eq!(
        first_down - started,
        109,
        "{}",
        heights(started, first_down + 1)
    );
    // Ridden: the feet go down tick by tick, never falling ahead of the
    // floor, the eye 1.28 m over them.
    for tick in started..=first_down {
        let [x, _, feet, eye] = numbers[tick];
        assert!(feet <= numbers[tick - 1][2], "rose at tick {tick}");
        assert!(x > 2.5, "off the lift at tick {tick}");
        assert!(
            (eye - feet - 1.28).abs() < 1e-4,
            "tick {tick}: {eye} over {feet}"
        );
    }
    // Down for its wait (3 s, 360 ticks), then up again with the walker.
    let rising = first_down
        + feet[first_down..]
            .iter()
            .position(|&f| f > DOWN)
            .expect("never rose");
    assert_eq!(
        rising - first_down,
        361,
        "{}",
        heights(first_down, rising + 1)
    );
    assert_eq!(feet[feet.len() - 1], UP, "{}", heights(rising, feet.len()));
}

#[test]
fn freedoom_e1m1s_door_is_opened_by_use_and_walked_through_by_a_scripted_replay() {
    // South 2 cm a tick for 100 ticks: held at the shut door's face, the
    // body's 0.5 m from its leaf (z -16); use, with the next tick; on
    // south for 300 ticks.
    let south = |ticks: usize| "0 -0.02\n".repeat(ticks);
    let script = format!("{}use\n{}", south(100), south(300));
    let Some(numbers) = replayed(E1M1_DOOR_FROM, &script) else {
        return;
    };
    assert_eq!(numbers.len(), 400);
    let z = |tick: usize| numbers[tick - 1][1];
    let held = |tick: usize| (z(tick) + 15.5).abs() < 1e-3;
    assert!(held(100), "not held at the door: z {}", z(100));
    // Its bottom clears the walker's 1.75 m at 2.1875 m/s (2 units a tic)
    // in 0.8 s, 96 ticks: still held 90 ticks after the use, through
    // before 120.
    assert!(held(100 + 90), "through too early: z {}", z(190));
    assert!(z(100 + 120) < -15.6, "still held: z {}", z(220));
    assert!(z(400) < -19.0, "not through: z {}", z(400));
    assert!(
        numbers.iter().all(|&[_, _, feet, _]| feet == 1.25),
        "the feet left the floor"
    );
}
